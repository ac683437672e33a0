import { type Member, memberHasRight, memberHasRole } from './member';
import { mayChangeMember } from './members';

/**
 * Who edits the catalog (plannings, duties, shifts, tags, cost centres) and sees its internal fields (budget,
 * project code, other plannings): the settings guard of docs/product/settings.md, owner, manager or planner, or the
 * user.edit right. Planners are included because they build the roster from duties and shifts (the settings
 * guard names them); everyone else reads what the roster shows.
 */
export const mayManageCatalog = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRole(member, 'owner', 'manager', 'planner') || memberHasRight(member, 'user.edit');

/** Who reads any member's holdings (plannings, duties, tags); everyone reads their own. */
export const mayReadHoldings = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetMembershipId: string,
): boolean => targetMembershipId === member.membershipId || memberHasRight(member, 'user.edit');

/** Replacing holdings is changing a member (an owner's by owners only): the member policy decides. */
export const mayReplaceHoldings = mayChangeMember;
