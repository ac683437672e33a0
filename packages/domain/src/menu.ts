import type { ModuleKey } from '@app/contracts';
import { type AccessContext, hasModule, hasRight, hasRole, holdsRole, isReal } from './access';
import { guards } from './guards';
import { mayManageSettings, modulesInMenu } from './policies/accounts';
import { hoursInMenu } from './policies/hours';
import { mayUseInbox } from './policies/inbox';
import { memberOfContext } from './policies/member';
import { mayEditMembers } from './policies/members';
import { mayUseReports } from './policies/reports';

export interface MenuEntry {
  key: string;
  /** Route key the entry links to. */
  route: string;
  visible: (ctx: AccessContext) => boolean;
}

const mod = (ctx: AccessContext, m: ModuleKey) => hasModule(ctx, m);

/** Navigation menu visibility of docs/product/app.md, in menu order. */
export const MENU: readonly MenuEntry[] = [
  { key: 'overview', route: 'overview', visible: () => true },
  {
    key: 'company',
    route: 'company',
    visible: (c) => mod(c, 'company') && (c.account.companyVisible || hasRole(c, 'manager')),
  },
  { key: 'checkins', route: 'checkins', visible: (c) => mod(c, 'checkins') && hasRole(c, 'supervisor') },
  { key: 'inbox', route: 'inbox', visible: (c) => isReal(c) && mayUseInbox(memberOfContext(c), c.modules) },
  { key: 'today', route: 'today', visible: (c) => isReal(c) && mod(c, 'today') && hasRole(c, 'planner', 'observer') },
  { key: 'clients', route: 'clients', visible: (c) => mod(c, 'clients') && hasRole(c, 'planner', 'manager', 'owner') },
  {
    key: 'planning',
    route: 'planningOverview',
    visible: (c) => mod(c, 'planning') && hasRole(c, 'planner', 'observer') && c.membership.locationCount > 0,
  },
  { key: 'roster', route: 'roster', visible: (c) => mod(c, 'roster') && c.membership.locationCount > 0 },
  { key: 'lists', route: 'lists', visible: (c) => mod(c, 'lists') && hasRole(c, 'planner') },
  {
    key: 'availability',
    route: 'availability',
    visible: (c) => mod(c, 'availability') && (hasRole(c, 'planner') || c.membership.availability),
  },
  {
    key: 'contacts',
    route: 'contacts',
    visible: (c) => mod(c, 'contacts') && (hasRight(c, 'contacts.view') || c.account.contactsPublic),
  },
  { key: 'chats', route: 'chats', visible: (c) => mod(c, 'chats') },
  {
    key: 'hours',
    route: 'timesheet',
    visible: (c) => mod(c, 'hours') && hoursInMenu(memberOfContext(c)),
  },
  {
    key: 'balances',
    route: 'balances',
    visible: (c) => mod(c, 'balances') && (c.membership.balance || hasRight(c, 'balances.overview')),
  },
  { key: 'reports', route: 'reports', visible: (c) => mod(c, 'hours') && mayUseReports(memberOfContext(c)) },
  { key: 'statistics', route: 'statistics', visible: (c) => mod(c, 'statistics') && hasRole(c, 'accountant', 'owner') },
  { key: 'vacation', route: 'vacation', visible: (c) => mod(c, 'vacation') },
  { key: 'documents', route: 'documents', visible: (c) => mod(c, 'documents') },
  /** Freelancers' invoices: the freelancer's own, and the company's reviewers (docs/product/freelance.md). */
  { key: 'freelancerInvoices', route: 'freelancerInvoices', visible: (c) => guards.freelancerInvoices(c) },
  /** Owners, planners and managers reach their profile from the header on desktop. */
  { key: 'profile', route: 'profile', visible: (c) => !(c.desktop && holdsRole(c, 'owner', 'planner', 'manager')) },
  { key: 'team', route: 'employees', visible: (c) => mayEditMembers(memberOfContext(c)) },
  {
    key: 'resources',
    route: 'resources',
    visible: (c) => mod(c, 'resources') && (hasRight(c, 'user.edit') || hasRole(c, 'planner')),
  },
  { key: 'log', route: 'log', visible: (c) => c.account.special && hasRole(c, 'owner', 'manager') },
  {
    key: 'settings',
    route: 'settings',
    visible: (c) => mayManageSettings(memberOfContext(c)),
  },
  {
    key: 'modules',
    route: 'modules',
    visible: (c) => modulesInMenu(memberOfContext(c), c.account),
  },
  { key: 'subscription', route: 'subscription', visible: (c) => c.roles.includes('owner') },
];

/** The entries this member sees, limited to the routes whose pages exist. */
export function visibleMenu(ctx: AccessContext, existingRoutes?: ReadonlySet<string>): MenuEntry[] {
  return MENU.filter((e) => e.visible(ctx) && (!existingRoutes || existingRoutes.has(e.route)));
}

/**
 * The overview's link to the timesheet for members who register hours but are neither billers nor supervisors:
 * the menu leaves them out, the timesheet is where their hours are (docs/product/rights.md).
 */
export const showOwnHoursLink = (ctx: AccessContext, existingRoutes?: ReadonlySet<string>): boolean =>
  guards.hours(ctx) &&
  !visibleMenu(ctx, existingRoutes).some((e) => e.key === 'hours') &&
  (!existingRoutes || existingRoutes.has('timesheet'));

/** Super users get a switch entry to reach any account. */
export const showAccountSwitch = (ctx: AccessContext) => ctx.superUser;
