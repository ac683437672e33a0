import type { ProfileViewer } from '../profile/rules';
import { mayManageSettings } from './accounts';
import { type Member, memberHasRight } from './member';

/** The profile template is the account's decision: the settings rule (owners, unlimited managers). */
export const mayManageProfileTemplate = mayManageSettings;

/**
 * How a member meets a profile (docs/product/profiles.md): their own as the employee; someone else's as the employer
 * with the user.edit right; otherwise not at all.
 */
export function profileViewerOf(
  member: Pick<Member, 'membershipId' | 'roles' | 'rights' | 'managerLimited'>,
  targetMembershipId: string,
): ProfileViewer | null {
  if (member.membershipId === targetMembershipId) return 'employee';
  return memberHasRight(member, 'user.edit') ? 'employer' : null;
}
