import type { ModuleKey } from '@app/contracts';
import { type AccessContext, hasModule, hasRight, hasRole, isReal } from './access';
import { mayInvoiceOwnHours, mayReviewFreelancerInvoices } from './freelance/invoice';
import { modulesRefusal } from './policies/accounts';
import { mayOpenApiAccess } from './policies/api';
import { mayManageCatalog } from './policies/catalog';
import { mayOpenTimesheet } from './policies/hours';
import { mayUseInbox } from './policies/inbox';
import { memberOfContext } from './policies/member';
import { mayEditMembers } from './policies/members';
import { mayUseReports } from './policies/reports';

/** Route guards of docs/product/app.md. Each answers whether the member may open the page. */
export type Guard = (ctx: AccessContext) => boolean;

const moduleOn =
  (m: ModuleKey): Guard =>
  (ctx) =>
    hasModule(ctx, m);
const all =
  (...gs: Guard[]): Guard =>
  (ctx) =>
    gs.every((g) => g(ctx));

export const guards = {
  always: () => true,
  /** Settings, modules, resources: owner or manager, or user.edit right, or planner. */
  settings: (ctx) => mayManageCatalog(memberOfContext(ctx)),
  modules: (ctx) => modulesRefusal(memberOfContext(ctx), ctx.account) === null,
  resources: (ctx) =>
    isReal(ctx) &&
    hasModule(ctx, 'resources') &&
    (hasRole(ctx, 'owner', 'manager', 'planner') || hasRight(ctx, 'user.edit')),
  employees: (ctx) => mayEditMembers(memberOfContext(ctx)),
  /** Reports: accountant, or the reports.access right (docs/product/rights.md). */
  reports: (ctx) => isReal(ctx) && hasModule(ctx, 'hours') && mayUseReports(memberOfContext(ctx)),
  subscription: (ctx) => isReal(ctx) && hasRole(ctx, 'owner') && ctx.roles.includes('owner'),
  lists: (ctx) => isReal(ctx) && hasModule(ctx, 'lists') && hasRole(ctx, 'planner'),
  planning: (ctx) =>
    isReal(ctx) &&
    hasModule(ctx, 'planning') &&
    hasRole(ctx, 'planner', 'observer') &&
    ctx.membership.locationCount > 0,
  checkins: (ctx) => isReal(ctx) && hasModule(ctx, 'checkins') && hasRole(ctx, 'supervisor'),
  availability: (ctx) =>
    isReal(ctx) && hasModule(ctx, 'availability') && (hasRole(ctx, 'planner') || ctx.membership.availability),
  contacts: (ctx) =>
    isReal(ctx) && hasModule(ctx, 'contacts') && (hasRight(ctx, 'contacts.view') || ctx.account.contactsPublic),
  /** A member not assigned to any planning has no roster access. */
  roster: (ctx) => hasModule(ctx, 'roster') && ctx.membership.locationCount > 0,
  today: (ctx) => isReal(ctx) && hasModule(ctx, 'today') && hasRole(ctx, 'planner', 'observer'),
  /** The inbox: whoever answers applications, sign-outs, vacation requests or hours (docs/product/inbox.md). */
  inbox: (ctx) => isReal(ctx) && mayUseInbox(memberOfContext(ctx), ctx.modules),
  company: (ctx) => hasModule(ctx, 'company') && (ctx.account.companyVisible || hasRole(ctx, 'manager')),
  clients: (ctx) => isReal(ctx) && hasModule(ctx, 'clients') && hasRole(ctx, 'planner', 'manager', 'owner'),
  /** Invoices to clients (docs/product/invoicing.md): the clients module, managers and owners. */
  clientInvoices: (ctx) => isReal(ctx) && hasModule(ctx, 'clients') && hasRole(ctx, 'manager', 'owner'),
  projects: (ctx) => isReal(ctx) && hasModule(ctx, 'projects') && hasRole(ctx, 'planner', 'manager', 'owner'),
  chats: all(isReal, moduleOn('chats')),
  /** The timesheet: billers, supervisors and members who register hours (the menu shows it to the first two). */
  hours: (ctx) => isReal(ctx) && hasModule(ctx, 'hours') && mayOpenTimesheet(memberOfContext(ctx)),
  balances: (ctx) =>
    isReal(ctx) && hasModule(ctx, 'balances') && (ctx.membership.balance || hasRight(ctx, 'balances.overview')),
  statistics: (ctx) => isReal(ctx) && hasModule(ctx, 'statistics') && hasRole(ctx, 'accountant', 'owner'),
  documents: all(isReal, moduleOn('documents')),
  payslips: all(isReal, moduleOn('payslips')),
  vacation: all(isReal, moduleOn('vacation')),
  log: (ctx) => ctx.account.special && hasRole(ctx, 'owner', 'manager'),
  /** Freelancers invoice their own hours; owners, managers and accountants review (docs/product/freelance.md). */
  freelancerInvoices: (ctx) =>
    isReal(ctx) && hasModule(ctx, 'freelancers') && (mayInvoiceOwnHours(ctx) || mayReviewFreelancerInvoices(ctx)),
  notifications: () => true,
  profile: () => true,
  /** Access tokens and webhooks (docs/product/api.md): owners, and members with the api.tokens right. */
  apiAccess: (ctx) => isReal(ctx) && mayOpenApiAccess(memberOfContext(ctx)),
  lessons: (ctx) => hasModule(ctx, 'university') && !ctx.account.demo,
} satisfies Record<string, Guard>;

export type GuardKey = keyof typeof guards;
