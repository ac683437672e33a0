import { RIGHTS, type Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { mayManageSettings, modulesInMenu, modulesRefusal } from './accounts';
import { mayManageCatalog, mayReadHoldings, mayReplaceHoldings } from './catalog';
import { hoursInMenu, mayOpenTimesheet } from './hours';
import { type Member, memberFromInit } from './member';
import {
  changedIdentity,
  lockedOwnChanges,
  loginAccessRequired,
  mayChangeIdentity,
  mayChangeMember,
  mayChangeMemberAccess,
  mayChangeStatus,
  mayDeleteMember,
  mayEditAvatar,
  mayEditContracts,
  maySetPreference,
  takesOutAccountHolder,
} from './members';
import { mayToggleModule, moduleToggleRefusal } from './moduleSwitch';
import { mayJoinRoom } from './realtime';
import { mayExportPayroll, mayUseReports } from './reports';
import {
  mayAssignMembers,
  mayCancelSignOut,
  mayDeleteComment,
  mayReadRoster,
  mayRequestSignOut,
  maySignIn,
  mayWriteDayComment,
  mayWriteItemMessage,
} from './roster';

const member = (roles: Role[], over: Partial<Member> = {}): Member => ({
  membershipId: 'me',
  roles,
  rights: [],
  managerLimited: false,
  plannerRestricted: false,
  ...over,
});
const employeeTarget = { membershipId: 'other', roles: ['user'], accountHolder: false, identityShared: false };
const ownerTarget = { membershipId: 'other', roles: ['owner'], accountHolder: false, identityShared: false };
const READ_ONLY: Role[] = ['observer', 'supervisor', 'accountant', 'biller', 'freelancer', 'user'];

describe('roster policies', () => {
  it('day comments are written by owners, managers and planners only; observers are read-only', () => {
    for (const role of ['owner', 'manager', 'planner'] as Role[]) expect(mayWriteDayComment(member([role]))).toBe(true);
    for (const role of READ_ONLY) expect([role, mayWriteDayComment(member([role]))]).toEqual([role, false]);
  });

  it('item messages: planners, and the member planned on the item', () => {
    expect(mayWriteItemMessage(member(['planner']), { membershipId: null })).toBe(true);
    expect(mayWriteItemMessage(member(['user']), { membershipId: 'me' })).toBe(true);
    expect(mayWriteItemMessage(member(['user']), { membershipId: 'someone' })).toBe(false);
    expect(mayWriteItemMessage(member(['observer']), { membershipId: null })).toBe(false);
  });

  it('a comment is deleted by its author, an owner or a manager; not by another planner', () => {
    expect(mayDeleteComment(member(['user']), 'me')).toBe(true);
    expect(mayDeleteComment(member(['owner']), 'other')).toBe(true);
    expect(mayDeleteComment(member(['manager']), 'other')).toBe(true);
    expect(mayDeleteComment(member(['planner']), 'other')).toBe(false);
  });

  it('the planner restriction keeps planning but not the choosing of people', () => {
    expect(mayAssignMembers(member(['planner']))).toBe(true);
    expect(mayAssignMembers(member(['planner'], { plannerRestricted: true }))).toBe(false);
    expect(mayAssignMembers(member(['observer']))).toBe(false);
  });

  it('the roster opens for planners everywhere and for others where they belong', () => {
    expect(mayReadRoster(member(['planner']), false)).toBe(true);
    expect(mayReadRoster(member(['observer']), true)).toBe(true);
    expect(mayReadRoster(member(['observer']), false)).toBe(false);
  });

  it('sign-in needs the placeholder right; sign-out is for the own item only', () => {
    expect(maySignIn(member(['user'], { rights: ['placeholders.signup'] }))).toBe(true);
    expect(maySignIn(member(['user']))).toBe(false);
    expect(mayRequestSignOut(member(['user']), { membershipId: 'me' })).toBe(true);
    expect(mayRequestSignOut(member(['user']), { membershipId: null })).toBe(false);
    expect(mayCancelSignOut(member(['user']), { membershipId: 'me', flag: 'signout' })).toBe(true);
    expect(mayCancelSignOut(member(['user']), { membershipId: 'me', flag: null })).toBe(false);
  });
});

describe('catalog, members and account policies', () => {
  it('the catalog is edited by owners, managers, planners and user.edit', () => {
    for (const role of ['owner', 'manager', 'planner'] as Role[]) expect(mayManageCatalog(member([role]))).toBe(true);
    for (const role of READ_ONLY) expect(mayManageCatalog(member([role]))).toBe(false);
    expect(mayManageCatalog(member(['user'], { rights: ['user.edit'] }))).toBe(true);
  });

  it('holdings: everyone reads their own; user.edit reads and replaces anyone’s', () => {
    expect(mayReadHoldings(member(['user']), 'me')).toBe(true);
    expect(mayReadHoldings(member(['planner']), 'other')).toBe(false);
    expect(mayReadHoldings(member(['manager']), 'other')).toBe(true);
    expect(mayReplaceHoldings(member(['manager'], { managerLimited: true }), employeeTarget)).toBe(false);
    expect(mayReplaceHoldings(member(['manager']), employeeTarget)).toBe(true);
    expect(mayReplaceHoldings(member(['manager']), ownerTarget)).toBe(false);
  });

  it('nobody sets themself inactive; preferences are the member’s own', () => {
    expect(mayChangeStatus(member(['owner']), employeeTarget, 'inactive')).toBe(true);
    expect(mayChangeStatus(member(['owner']), { membershipId: 'me', roles: ['owner'] }, 'inactive')).toBe(false);
    expect(mayChangeStatus(member(['planner']), employeeTarget, 'active')).toBe(false);
    expect(maySetPreference(member(['owner']), 'other')).toBe(false);
  });

  it('an owner is changed by owners only: managers handle employees, not owners', () => {
    const manager = member(['manager']);
    const owner = member(['owner']);
    expect(mayChangeMember(manager, employeeTarget)).toBe(true);
    expect(mayChangeMember(manager, ownerTarget)).toBe(false);
    expect(mayChangeMember(owner, ownerTarget)).toBe(true);
    expect(mayChangeMember(member(['user'], { rights: ['user.edit'] }), ownerTarget)).toBe(false);
    expect(mayChangeMember(member(['planner']), employeeTarget)).toBe(false);
    // Every change of a member asks the same rule.
    expect(mayChangeStatus(manager, ownerTarget, 'inactive')).toBe(false);
    expect(mayChangeStatus(manager, ownerTarget, 'deleted')).toBe(false);
    expect(mayDeleteMember(manager, ownerTarget)).toBe(false);
    expect(mayDeleteMember(owner, ownerTarget)).toBe(true);
    expect(mayChangeMemberAccess(manager, ownerTarget, ['owner'])).toBe(false);
    expect(mayChangeMemberAccess(owner, ownerTarget, ['manager'])).toBe(true);
    expect(mayEditContracts(manager, ownerTarget)).toBe(false);
    expect(mayEditAvatar(manager, ownerTarget)).toBe(false);
    expect(mayEditAvatar(member(['owner'], { membershipId: 'other' }), ownerTarget)).toBe(true);
  });

  it('nobody deactivates, deletes or demotes the account holder', () => {
    const holder = { ...ownerTarget, accountHolder: true };
    expect(takesOutAccountHolder(holder, { status: 'inactive' })).toBe(true);
    expect(takesOutAccountHolder(holder, { status: 'deleted' })).toBe(true);
    expect(takesOutAccountHolder(holder, { status: 'active' })).toBe(false);
    expect(takesOutAccountHolder(holder, { roles: ['manager'] })).toBe(true);
    expect(takesOutAccountHolder(holder, { roles: ['owner', 'planner'] })).toBe(false);
    expect(takesOutAccountHolder(ownerTarget, { status: 'inactive', roles: [] })).toBe(false);
  });

  it('a shared person’s identity is theirs: changed by them, or by an account that holds them alone', () => {
    const shared = { ...employeeTarget, identityShared: true };
    expect(mayChangeIdentity(member(['owner']), employeeTarget)).toBe(true);
    expect(mayChangeIdentity(member(['owner']), shared)).toBe(false);
    expect(mayChangeIdentity(member(['user'], { membershipId: 'other' }), shared)).toBe(true);
    const before = { fname: 'Ann', lname: 'Lee', email: 'ann@example.com', locale: 'en' };
    expect(changedIdentity(before, { ...before, email: 'ANN@example.com' })).toEqual([]);
    expect(changedIdentity(before, { ...before, fname: 'Anna', locale: 'de' })).toEqual(['fname', 'locale']);
  });

  it('one’s own name and birthday stay once set', () => {
    expect(loginAccessRequired(['owner', 'planner'])).toBe(true);
    expect(loginAccessRequired(['manager'])).toBe(false);
    expect(lockedOwnChanges({ fname: 'Emma', lname: 'E' }, { fname: 'Max', lname: 'E' })).toEqual(['fname']);
    expect(lockedOwnChanges({ fname: '', lname: '' }, { fname: 'Emma', lname: 'E' })).toEqual([]);
    expect(
      lockedOwnChanges({ fname: 'A', lname: 'B', birthday: '1990-01-01' }, { fname: 'A', lname: 'C', birthday: null }),
    ).toEqual(['lname', 'birthday']);
    // The own profile sends no birthday: nothing to compare.
    expect(lockedOwnChanges({ fname: 'A', lname: 'B', birthday: '1990-01-01' }, { fname: 'A', lname: 'B' })).toEqual(
      [],
    );
  });

  it('settings: owners and unlimited managers; modules also refuse demo and special accounts', () => {
    expect(mayManageSettings(member(['owner']))).toBe(true);
    expect(mayManageSettings(member(['manager'], { managerLimited: true }))).toBe(false);
    expect(mayManageSettings(member(['planner']))).toBe(false);
    const real = { demo: false, special: false };
    expect(modulesRefusal(member(['manager']), real)).toBeNull();
    expect(modulesRefusal(member(['supervisor']), real)).toBe('FORBIDDEN');
    expect(modulesRefusal(member(['owner']), { demo: true, special: false })).toBe('DEMO_ACCOUNT');
    expect(modulesRefusal(member(['owner']), { demo: false, special: true })).toBe('SPECIAL_ACCOUNT');
  });

  it('the modules page opens for owners, managers, planners and user.edit; the menu shows it to the first two', () => {
    const real = { demo: false, special: false };
    for (const m of [member(['planner']), member(['planner'], { plannerRestricted: true })]) {
      expect(modulesRefusal(m, real)).toBeNull();
      expect(modulesInMenu(m, real)).toBe(false);
    }
    expect(modulesRefusal(member(['user'], { rights: ['user.edit'] }), real)).toBeNull();
    for (const role of ['supervisor', 'observer', 'accountant', 'biller', 'freelancer', 'user'] as Role[])
      expect(modulesRefusal(member([role]), real)).toBe('FORBIDDEN');
    expect(modulesInMenu(member(['manager'], { managerLimited: true }), real)).toBe(true);
    expect(modulesInMenu(member(['owner']), { demo: false, special: true })).toBe(false);
  });

  it('modules: owners and managers switch all, planners the roster’s tools, user.edit the team’s records', () => {
    expect(mayToggleModule(member(['manager'], { managerLimited: true }), 'payroll')).toBe(true);
    expect(mayToggleModule(member(['planner']), 'shifts')).toBe(true);
    expect(mayToggleModule(member(['planner']), 'dossiers')).toBe(false);
    expect(mayToggleModule(member(['planner']), 'chats')).toBe(false);
    expect(mayToggleModule(member(['planner'], { plannerRestricted: true }), 'shifts')).toBe(false);
    const teamKeeper = member(['user'], { rights: ['user.edit'] });
    expect(mayToggleModule(teamKeeper, 'dossiers')).toBe(true);
    expect(mayToggleModule(teamKeeper, 'shifts')).toBe(false);
    expect(mayToggleModule(member(['supervisor']), 'shifts')).toBe(false);
  });

  it('switching on may not bring along a module the member may not switch', () => {
    // With the roster off, switching on shifts would switch the roster on too: not the planner's.
    expect(moduleToggleRefusal(member(['planner']), [], 'shifts', true)).toBe('FORBIDDEN');
    expect(moduleToggleRefusal(member(['planner']), ['roster'], 'shifts', true)).toBeNull();
    expect(moduleToggleRefusal(member(['owner']), [], 'shifts', true)).toBeNull();
    expect(moduleToggleRefusal(member(['user'], { rights: ['user.edit'] }), [], 'dossiers', true)).toBeNull();
    expect(moduleToggleRefusal(member(['planner']), ['roster', 'shifts'], 'shifts', false)).toBeNull();
  });

  it('the web builds the same member from /api/app/init', () => {
    const init = {
      membership: {
        id: 'm1',
        roles: ['planner'],
        rights: ['user.edit'],
        managerLimited: false,
        plannerRestricted: true,
      },
    } as unknown as Parameters<typeof memberFromInit>[0];
    expect(memberFromInit(init)).toEqual({
      membershipId: 'm1',
      roles: ['planner'],
      rights: ['user.edit'],
      managerLimited: false,
      plannerRestricted: true,
    });
  });
});

describe('realtime rooms', () => {
  it('a member joins the app’s, their account’s, their membership’s and their notifications’ rooms only', () => {
    const member = { accountId: 'a1', membershipId: 'm1' };
    for (const room of ['app', 'account.a1', 'membership.m1', 'notification.m1']) {
      expect(mayJoinRoom(member, room)).toBe(true);
    }
    for (const room of [
      'account.a2',
      'membership.m2',
      'notification.m2',
      'sockets-of.m1',
      'echo.s.x',
      'account.',
      '',
    ]) {
      expect(mayJoinRoom(member, room)).toBe(false);
    }
  });
});

describe('rights', () => {
  it('reports: the accountant role or the reports.access right; the payroll export stays the accountant’s', () => {
    expect(mayUseReports(member(['accountant']))).toBe(true);
    expect(mayUseReports(member(['user'], { rights: ['reports.access'] }))).toBe(true);
    expect(mayExportPayroll(member(['user'], { rights: ['reports.access'] }))).toBe(false);
    expect(mayUseReports(member(['user']))).toBe(false);
    // Managers are not accountants: they need the role or the right.
    expect(mayUseReports(member(['manager']))).toBe(false);
    expect(mayUseReports(member(['owner']))).toBe(true);
  });

  it('hours: the menu shows billers and supervisors; the timesheet opens for whoever registers hours', () => {
    for (const role of ['owner', 'manager', 'supervisor', 'biller'] as Role[]) {
      expect(hoursInMenu(member([role]))).toBe(true);
      expect(mayOpenTimesheet(member([role]))).toBe(true);
    }
    for (const right of ['hours.own', 'hours.unplanned', 'hours.others']) {
      expect(hoursInMenu(member(['user'], { rights: [right] }))).toBe(false);
      expect(mayOpenTimesheet(member(['user'], { rights: [right] }))).toBe(true);
    }
    expect(mayOpenTimesheet(member(['user']))).toBe(false);
    expect(mayOpenTimesheet(member(['planner']))).toBe(false);
  });

  it('the rights list names no right that nothing checks', () => {
    expect(RIGHTS).not.toContain('balances.own');
    expect(RIGHTS).not.toContain('colleagues.supervise');
  });
});
