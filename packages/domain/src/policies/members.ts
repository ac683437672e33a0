import type { MembershipStatus } from '@app/contracts';
import { hidesNames } from '../roster/policy';
import { type Member, memberHasRight, memberHasRole } from './member';

/** The team: the user.edit right (owners and unlimited managers hold it without it being set). */
export const mayEditMembers = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRight(member, 'user.edit');

/** Preferences (roster view and the like) belong to the member alone. */
export const maySetPreference = (member: Pick<Member, 'membershipId'>, targetMembershipId: string): boolean =>
  targetMembershipId === member.membershipId;

/** Planners and managers see every planning of the account on the overview; others their own. */
export const seesAllLocations = (member: Pick<Member, 'roles'>): boolean => memberHasRole(member, 'planner', 'manager');

/** The team list, an employee page, invitations: the user.edit right. */
export const mayManageTeam = mayEditMembers;

/**
 * The member a change aims at, as the rules read them: the server from its rows, the web from the employee page
 * (`MemberDetail`: `access.roles`, `accountHolder`, `identityShared`).
 */
export interface MemberTarget {
  membershipId: string;
  roles: readonly string[];
  /** The account holder is never taken out of the account; they hand it over first. */
  accountHolder: boolean;
  /** The person also belongs to another account: their identity is not this account's to change. */
  identityShared: boolean;
}

/**
 * Changes a member at all (profile, plannings, cost centres, contracts, picture, invitation, status, access,
 * deletion): the user.edit right, and an owner is changed by owners only (managers handle employees and settings,
 * not owners: docs/product/members.md). Every member route asks this first; the web hides the controls on it.
 */
export const mayChangeMember = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  target: Pick<MemberTarget, 'roles'>,
): boolean => mayEditMembers(member) && (!target.roles.includes('owner') || member.roles.includes('owner'));

/**
 * Whether a change would take the account holder out of the account: deactivated, deleted or no longer an owner.
 * Nobody may (ACCOUNT_HOLDER); the holder hands the account over first.
 */
export const takesOutAccountHolder = (
  target: Pick<MemberTarget, 'accountHolder'>,
  change: { status?: MembershipStatus; roles?: readonly string[] },
): boolean =>
  target.accountHolder &&
  ((change.status !== undefined && change.status !== 'active') ||
    (change.roles !== undefined && !change.roles.includes('owner')));

/** Sets a member's status: a change of the member, and nobody takes themself out (they would lock themself out). */
export const mayChangeStatus = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: Pick<MemberTarget, 'membershipId' | 'roles'>,
  status: MembershipStatus,
): boolean => mayChangeMember(member, target) && (target.membershipId !== member.membershipId || status === 'active');

/**
 * Roles, rights and restrictions of a member: a change of the member, never one's own (nobody widens or narrows
 * themself), and only an owner makes or unmakes an owner.
 */
export const mayChangeMemberAccess = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: Pick<MemberTarget, 'membershipId' | 'roles'>,
  nextRoles: readonly string[],
): boolean =>
  mayChangeMember(member, target) &&
  target.membershipId !== member.membershipId &&
  (target.roles.includes('owner') === nextRoles.includes('owner') || member.roles.includes('owner'));

/** An owner signs in: their login access is "yes" and stays so while they are an owner (docs/product/members.md). */
export const loginAccessRequired = (roles: readonly string[]): boolean => roles.includes('owner');

/** Deletes a member: a change of the member, and never oneself. */
export const mayDeleteMember = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: Pick<MemberTarget, 'membershipId' | 'roles'>,
): boolean => mayChangeMember(member, target) && target.membershipId !== member.membershipId;

/**
 * A person's identity (name, e-mail address, language, password) is shared by every account they belong to: it is
 * changed by the person, or by an account that holds them alone. Job, numbers, notes and rates stay per account.
 */
export const mayChangeIdentity = (
  member: Pick<Member, 'membershipId'>,
  target: Pick<MemberTarget, 'membershipId' | 'identityShared'>,
): boolean => target.membershipId === member.membershipId || !target.identityShared;

/** The parts of a person's identity a member's page shows. */
export const IDENTITY_FIELDS = ['fname', 'lname', 'email', 'locale'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** Which identity fields a change touches (addresses compare without case). */
export function changedIdentity(
  before: Record<IdentityField, string>,
  after: Record<IdentityField, string>,
): IdentityField[] {
  return IDENTITY_FIELDS.filter((f) =>
    f === 'email' ? before.email.toLowerCase() !== after.email.toLowerCase() : before[f] !== after[f],
  );
}

/**
 * One's own name and birthday stay once set (docs/product/members.md), so nobody renames themself into a colleague:
 * the fields a change of one's own data would alter although they are locked. The employee page and the own
 * profile both ask this.
 */
export function lockedOwnChanges(
  before: { fname: string; lname: string; birthday?: string | null },
  after: { fname: string; lname: string; birthday?: string | null },
): ('fname' | 'lname' | 'birthday')[] {
  const out: ('fname' | 'lname' | 'birthday')[] = [];
  if (before.fname && after.fname !== before.fname) out.push('fname');
  if (before.lname && after.lname !== before.lname) out.push('lname');
  if (before.birthday && after.birthday !== undefined && after.birthday !== before.birthday) out.push('birthday');
  return out;
}

/** A member's contracts: read by user.edit and by the member; written as a change of the member. */
export const mayReadContracts = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetMembershipId: string,
): boolean => mayEditMembers(member) || member.membershipId === targetMembershipId;
export const mayEditContracts = mayChangeMember;

/** The restriction by plannings of docs/product/members.md: all, own (those the member holds) or some (listed). */
export interface PlanningScope {
  planningScope: 'all' | 'own' | 'some';
  scopeLocationIds: readonly string[];
}

/**
 * A person's name as a viewer may see it: null where the planner restriction hides names (`hidesNames`), except the
 * viewer's own. Every response that shows people to a planner passes their names through here.
 */
export const displayNameFor = (
  viewer: Pick<Member, 'membershipId' | 'roles' | 'plannerRestricted'>,
  person: { id: string | null; name: string },
): string | null => (person.id === viewer.membershipId || !hidesNames(viewer) ? person.name : null);

/** Whether a planning lies within a member's restriction by plannings. */
export const withinPlanningScope = (scope: PlanningScope | null, locationId: string, belongs: boolean): boolean => {
  if (!scope || scope.planningScope === 'all') return true;
  if (scope.planningScope === 'own') return belongs;
  return scope.scopeLocationIds.includes(locationId);
};

/** A profile picture: the member's own, or anyone's they may change. */
export const mayEditAvatar = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: Pick<MemberTarget, 'membershipId' | 'roles'>,
): boolean => member.membershipId === target.membershipId || mayChangeMember(member, target);

/** The address book (docs/product/members.md): the contacts.view right, or the account made its contacts public. */
export const mayReadContacts = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  contactsPublic: boolean,
): boolean => contactsPublic || memberHasRight(member, 'contacts.view');
