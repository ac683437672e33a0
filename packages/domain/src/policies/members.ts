import type { MembershipStatus } from '@app/contracts';
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
