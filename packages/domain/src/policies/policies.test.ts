import type { Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { mayManageSettings, modulesRefusal } from './accounts';
import { mayManageCatalog, mayReadHoldings, mayReplaceHoldings } from './catalog';
import { type Member, memberFromInit } from './member';
import {
  changedIdentity,
  lockedOwnChanges,
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
import { mayJoinRoom } from './realtime';
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
    expect(modulesRefusal(member(['planner']), real)).toBe('FORBIDDEN');
    expect(modulesRefusal(member(['owner']), { demo: true, special: false })).toBe('DEMO_ACCOUNT');
    expect(modulesRefusal(member(['owner']), { demo: false, special: true })).toBe('SPECIAL_ACCOUNT');
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
