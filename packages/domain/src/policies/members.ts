import type { MembershipStatus } from '@app/contracts';
import { hidesNames } from '../roster/policy';
import { type Member, memberHasRight, memberHasRole } from './member';

/** The team: the user.edit right (owners and unlimited managers hold it without it being set). */
export const mayEditMembers = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRight(member, 'user.edit');

/** Sets a member's status: user.edit, and nobody takes themself out (they would lock themself out). */
export const mayChangeStatus = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetMembershipId: string,
  status: MembershipStatus,
): boolean => mayEditMembers(member) && (targetMembershipId !== member.membershipId || status === 'active');

/** Preferences (roster view and the like) belong to the member alone. */
export const maySetPreference = (member: Pick<Member, 'membershipId'>, targetMembershipId: string): boolean =>
  targetMembershipId === member.membershipId;

/** Planners and managers see every planning of the account on the overview; others their own. */
export const seesAllLocations = (member: Pick<Member, 'roles'>): boolean => memberHasRole(member, 'planner', 'manager');

/** The team list, an employee page, invitations: the user.edit right. */
export const mayManageTeam = mayEditMembers;

/**
 * Roles, rights and restrictions of a member: user.edit, never one's own (nobody widens or narrows themself), and
 * only an owner makes or unmakes an owner.
 */
export const mayChangeMemberAccess = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: { membershipId: string; roles: readonly string[] },
  nextRoles: readonly string[],
): boolean =>
  mayEditMembers(member) &&
  target.membershipId !== member.membershipId &&
  (target.roles.includes('owner') === nextRoles.includes('owner') || member.roles.includes('owner'));

/** Deletes a member: user.edit, and never oneself. Owners are deleted by owners only. */
export const mayDeleteMember = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  target: { membershipId: string; roles: readonly string[] },
): boolean =>
  mayEditMembers(member) &&
  target.membershipId !== member.membershipId &&
  (!target.roles.includes('owner') || member.roles.includes('owner'));

/** A member's contracts: read by user.edit and by the member; written by user.edit. */
export const mayReadContracts = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetMembershipId: string,
): boolean => mayEditMembers(member) || member.membershipId === targetMembershipId;
export const mayEditContracts = mayEditMembers;

/** The restriction by plannings of spec 000 section 6: all, own (those the member holds) or some (listed). */
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

/** A profile picture: the member's own, or anyone's with user.edit. */
export const mayEditAvatar = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetMembershipId: string,
): boolean => member.membershipId === targetMembershipId || mayEditMembers(member);

/** The address book (spec 000 section 2): the contacts.view right, or the account made its contacts public. */
export const mayReadContacts = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  contactsPublic: boolean,
): boolean => contactsPublic || memberHasRight(member, 'contacts.view');
