import { MODULES, type ModuleKey, ROLES, type Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access';
import { guards } from './guards';
import { MENU, showOwnHoursLink, visibleMenu } from './menu';

function ctx(over: {
  roles: Role[];
  rights?: string[];
  modules?: readonly ModuleKey[];
  demo?: boolean;
  special?: boolean;
  availability?: boolean;
  balance?: boolean;
  managerLimited?: boolean;
  locationCount?: number;
  companyVisible?: boolean;
  contactsPublic?: boolean;
  desktop?: boolean;
  superUser?: boolean;
}): AccessContext {
  return {
    roles: over.roles,
    rights: over.rights ?? [],
    modules: over.modules ?? MODULES,
    account: {
      demo: over.demo ?? false,
      special: over.special ?? false,
      usable: true,
      companyVisible: over.companyVisible ?? false,
      contactsPublic: over.contactsPublic ?? false,
    },
    membership: {
      availability: over.availability ?? false,
      balance: over.balance ?? false,
      managerLimited: over.managerLimited ?? false,
      locationCount: over.locationCount ?? 1,
    },
    superUser: over.superUser ?? false,
    desktop: over.desktop ?? true,
  };
}

const menuKeys = (c: AccessContext) => visibleMenu(c).map((e) => e.key);

/** What each role sees with every module on, no extra rights, one location, on desktop. */
const EXPECTED_MENU: Record<Role, string[]> = {
  owner: [
    'overview',
    'company',
    'checkins',
    'inbox',
    'today',
    'clients',
    'planning',
    'roster',
    'lists',
    'availability',
    'contacts',
    'chats',
    'hours',
    'balances',
    'reports',
    'statistics',
    'vacation',
    'documents',
    'freelancerInvoices',
    'team',
    'resources',
    'settings',
    'modules',
    'subscription',
  ],
  manager: [
    'overview',
    'company',
    'checkins',
    'inbox',
    'today',
    'clients',
    'planning',
    'roster',
    'lists',
    'availability',
    'contacts',
    'chats',
    'hours',
    'balances',
    'vacation',
    'documents',
    'freelancerInvoices',
    'team',
    'resources',
    'settings',
    'modules',
  ],
  planner: [
    'overview',
    'inbox',
    'today',
    'clients',
    'planning',
    'roster',
    'lists',
    'availability',
    'chats',
    'vacation',
    'documents',
    'resources',
  ],
  supervisor: ['overview', 'checkins', 'inbox', 'roster', 'chats', 'hours', 'vacation', 'documents', 'profile'],
  observer: ['overview', 'today', 'planning', 'roster', 'chats', 'vacation', 'documents', 'profile'],
  accountant: [
    'overview',
    'roster',
    'chats',
    'reports',
    'statistics',
    'vacation',
    'documents',
    'freelancerInvoices',
    'profile',
  ],
  biller: ['overview', 'roster', 'chats', 'hours', 'vacation', 'documents', 'profile'],
  freelancer: ['overview', 'roster', 'chats', 'vacation', 'documents', 'freelancerInvoices', 'profile'],
  user: ['overview', 'roster', 'chats', 'vacation', 'documents', 'profile'],
};

describe('menu visibility by role (every module on)', () => {
  for (const role of ROLES) {
    it(`${role} sees exactly their entries`, () => {
      expect(menuKeys(ctx({ roles: [role] }))).toEqual(EXPECTED_MENU[role]);
    });
  }
});

describe('menu visibility by module', () => {
  it('every module-bound entry disappears with its module, for every role', () => {
    const moduleOf: Record<string, ModuleKey> = {
      company: 'company',
      checkins: 'checkins',
      today: 'today',
      clients: 'clients',
      planning: 'planning',
      roster: 'roster',
      lists: 'lists',
      availability: 'availability',
      contacts: 'contacts',
      chats: 'chats',
      hours: 'hours',
      balances: 'balances',
      reports: 'hours',
      statistics: 'statistics',
      documents: 'documents',
      resources: 'resources',
      vacation: 'vacation',
    };
    for (const role of ROLES) {
      for (const [entry, module] of Object.entries(moduleOf)) {
        const without = MODULES.filter((m) => m !== module);
        expect(
          menuKeys(ctx({ roles: [role], modules: without, rights: ['user.edit', 'contacts.view'] })),
        ).not.toContain(entry);
      }
    }
  });
  it('the inbox needs a module of a kind the member answers (roster, vacation, hours)', () => {
    const without = (...off: ModuleKey[]) => MODULES.filter((m) => !off.includes(m));
    expect(menuKeys(ctx({ roles: ['planner'], modules: without('roster') }))).not.toContain('inbox');
    expect(menuKeys(ctx({ roles: ['supervisor'], modules: without('hours') }))).not.toContain('inbox');
    expect(menuKeys(ctx({ roles: ['manager'], modules: without('roster', 'hours') }))).toContain('inbox');
    expect(menuKeys(ctx({ roles: ['manager'], modules: without('roster', 'hours', 'vacation') }))).not.toContain(
      'inbox',
    );
  });
  it('with no module on, members see only overview, profile and what needs no module', () => {
    expect(menuKeys(ctx({ roles: ['user'], modules: [] }))).toEqual(['overview', 'profile']);
    expect(menuKeys(ctx({ roles: ['owner'], modules: [] }))).toEqual([
      'overview',
      'team',
      'settings',
      'modules',
      'subscription',
    ]);
  });
});

describe('menu visibility by rights and flags', () => {
  it('team needs user.edit; employees with it see team and resources', () => {
    expect(menuKeys(ctx({ roles: ['user'], rights: ['user.edit'] }))).toEqual(
      expect.arrayContaining(['team', 'resources']),
    );
    expect(menuKeys(ctx({ roles: ['user'] }))).not.toContain('team');
  });
  it('contacts: contacts.view right or public visibility', () => {
    expect(menuKeys(ctx({ roles: ['user'], rights: ['contacts.view'] }))).toContain('contacts');
    expect(menuKeys(ctx({ roles: ['user'], contactsPublic: true }))).toContain('contacts');
  });
  it('availability: planner or the membership availability flag', () => {
    expect(menuKeys(ctx({ roles: ['user'], availability: true }))).toContain('availability');
  });
  it('balances: membership balance or balances.overview', () => {
    expect(menuKeys(ctx({ roles: ['user'], balance: true }))).toContain('balances');
    expect(menuKeys(ctx({ roles: ['user'], rights: ['balances.overview'] }))).toContain('balances');
  });
  it('hours: module and biller or supervisor; employees who register hours get the overview’s link instead', () => {
    expect(menuKeys(ctx({ roles: ['user'], rights: ['hours.own'] }))).not.toContain('hours');
    expect(showOwnHoursLink(ctx({ roles: ['user'], rights: ['hours.own'] }))).toBe(true);
    expect(showOwnHoursLink(ctx({ roles: ['user'], rights: ['hours.unplanned'] }))).toBe(true);
    expect(showOwnHoursLink(ctx({ roles: ['user'] }))).toBe(false);
    expect(showOwnHoursLink(ctx({ roles: ['user'], rights: ['hours.own'], modules: ['roster'] }))).toBe(false);
    expect(showOwnHoursLink(ctx({ roles: ['user'], rights: ['hours.own'], demo: true }))).toBe(false);
    // Supervisors and billers have the menu entry: no second link.
    expect(showOwnHoursLink(ctx({ roles: ['supervisor'], rights: ['hours.own'] }))).toBe(false);
    expect(showOwnHoursLink(ctx({ roles: ['user'], rights: ['hours.own'] }), new Set(['overview']))).toBe(false);
  });
  it('reports: the hours module and the accountant role or the reports.access right', () => {
    expect(menuKeys(ctx({ roles: ['user'], rights: ['reports.access'] }))).toContain('reports');
    expect(menuKeys(ctx({ roles: ['user'], rights: ['reports.access'], modules: ['roster'] }))).not.toContain(
      'reports',
    );
  });
  it('company: shown to everyone when the company page is visible', () => {
    expect(menuKeys(ctx({ roles: ['user'], companyVisible: true }))).toContain('company');
  });
  it('roster and planning need at least one location', () => {
    const keys = menuKeys(ctx({ roles: ['planner'], locationCount: 0 }));
    expect(keys).not.toContain('roster');
    expect(keys).not.toContain('planning');
  });
  it('log: special-account flag with owner or manager; modules hidden then', () => {
    const keys = menuKeys(ctx({ roles: ['owner'], special: true }));
    expect(keys).toContain('log');
    expect(keys).not.toContain('modules');
    expect(menuKeys(ctx({ roles: ['planner'], special: true }))).not.toContain('log');
  });
  it('modules: hidden in a demo account; settings hidden for a limited manager', () => {
    expect(menuKeys(ctx({ roles: ['owner'], demo: true }))).not.toContain('modules');
    // The menu names owners and managers only, though the page opens for planners and user.edit too.
    expect(menuKeys(ctx({ roles: ['planner'] }))).not.toContain('modules');
    expect(menuKeys(ctx({ roles: ['user'], rights: ['user.edit'] }))).not.toContain('modules');
    expect(menuKeys(ctx({ roles: ['manager'], managerLimited: true }))).not.toContain('settings');
  });
  it('profile: hidden on desktop for owner, planner and manager, shown on mobile', () => {
    for (const role of ['owner', 'planner', 'manager'] as const) {
      expect(menuKeys(ctx({ roles: [role] }))).not.toContain('profile');
      expect(menuKeys(ctx({ roles: [role], desktop: false }))).toContain('profile');
    }
  });
  it('only entries whose pages exist are shown', () => {
    expect(visibleMenu(ctx({ roles: ['owner'] }), new Set(['overview', 'modules'])).map((e) => e.key)).toEqual([
      'overview',
      'modules',
    ]);
  });
  it('every entry links to a route', () => {
    expect(MENU.every((e) => e.route.length > 0)).toBe(true);
  });
});

describe('route guards', () => {
  const allow = (g: keyof typeof guards, c: AccessContext) => guards[g](c);
  it('settings: owner, manager, planner or user.edit', () => {
    for (const role of ['owner', 'manager', 'planner'] as const)
      expect(allow('settings', ctx({ roles: [role] }))).toBe(true);
    expect(allow('settings', ctx({ roles: ['user'] }))).toBe(false);
    expect(allow('settings', ctx({ roles: ['user'], rights: ['user.edit'] }))).toBe(true);
  });
  it('employees: user.edit right (held by owners and unrestricted managers)', () => {
    expect(allow('employees', ctx({ roles: ['owner'] }))).toBe(true);
    expect(allow('employees', ctx({ roles: ['manager'] }))).toBe(true);
    expect(allow('employees', ctx({ roles: ['manager'], managerLimited: true }))).toBe(false);
    expect(allow('employees', ctx({ roles: ['planner'] }))).toBe(false);
  });
  it('modules: owner, manager, planner or user.edit, in a real account without the special flag', () => {
    for (const role of ['owner', 'manager', 'planner'] as const)
      expect(allow('modules', ctx({ roles: [role] }))).toBe(true);
    expect(allow('modules', ctx({ roles: ['user'], rights: ['user.edit'] }))).toBe(true);
    expect(allow('modules', ctx({ roles: ['supervisor'] }))).toBe(false);
    expect(allow('modules', ctx({ roles: ['planner'], special: true }))).toBe(false);
  });
  it('timesheet: billers, supervisors and whoever registers hours, with the module', () => {
    expect(allow('hours', ctx({ roles: ['biller'] }))).toBe(true);
    expect(allow('hours', ctx({ roles: ['user'], rights: ['hours.others'] }))).toBe(true);
    expect(allow('hours', ctx({ roles: ['user'] }))).toBe(false);
    expect(allow('hours', ctx({ roles: ['user'], rights: ['hours.own'], modules: ['roster'] }))).toBe(false);
  });
  it('reports: accountant with hours, or the reports.access right; subscription: owner only', () => {
    expect(allow('reports', ctx({ roles: ['accountant'] }))).toBe(true);
    expect(allow('reports', ctx({ roles: ['user'], rights: ['reports.access'] }))).toBe(true);
    expect(allow('reports', ctx({ roles: ['manager'] }))).toBe(false);
    expect(allow('reports', ctx({ roles: ['accountant'], modules: ['roster'] }))).toBe(false);
    expect(allow('subscription', ctx({ roles: ['owner'] }))).toBe(true);
    expect(allow('subscription', ctx({ roles: ['manager'] }))).toBe(false);
  });
  it('lists: planner plus module; planning: planner or observer', () => {
    expect(allow('lists', ctx({ roles: ['planner'] }))).toBe(true);
    expect(allow('lists', ctx({ roles: ['planner'], modules: ['roster'] }))).toBe(false);
    expect(allow('planning', ctx({ roles: ['observer'] }))).toBe(true);
    expect(allow('planning', ctx({ roles: ['user'] }))).toBe(false);
  });
  it('check-ins: supervisor plus module', () => {
    expect(allow('checkins', ctx({ roles: ['supervisor'] }))).toBe(true);
    expect(allow('checkins', ctx({ roles: ['user'] }))).toBe(false);
  });
  it('most pages need a real account', () => {
    for (const g of ['modules', 'lists', 'checkins', 'availability', 'contacts', 'chats', 'vacation'] as const) {
      expect(allow(g, ctx({ roles: ['owner'], demo: true, rights: ['contacts.view'] }))).toBe(false);
    }
  });
  it('no roster without a planning', () => {
    expect(allow('roster', ctx({ roles: ['user'], locationCount: 0 }))).toBe(false);
    expect(allow('roster', ctx({ roles: ['user'], locationCount: 2 }))).toBe(true);
  });
  it('every guard answers for every role without throwing', () => {
    for (const role of ROLES)
      for (const g of Object.values(guards)) expect(typeof g(ctx({ roles: [role] }))).toBe('boolean');
  });
});
