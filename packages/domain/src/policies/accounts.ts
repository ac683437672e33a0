import { type Member, memberHasRole } from './member';

/**
 * The account's settings (availability policy and the other settings pages): owners, and managers without the
 * manager limitation (spec 000 section 2, menu: settings).
 */
export const mayManageSettings = (member: Pick<Member, 'roles' | 'managerLimited'>): boolean =>
  member.roles.includes('owner') || (memberHasRole(member, 'manager') && !member.managerLimited);

/**
 * The modules page: owners and managers of a real account without the special-account flag. Answers why not,
 * as the error code the server sends, or null when allowed.
 */
export function modulesRefusal(
  member: Pick<Member, 'roles'>,
  account: { demo: boolean; special: boolean },
): 'FORBIDDEN' | 'DEMO_ACCOUNT' | 'SPECIAL_ACCOUNT' | null {
  if (!memberHasRole(member, 'owner', 'manager')) return 'FORBIDDEN';
  if (account.demo) return 'DEMO_ACCOUNT';
  if (account.special) return 'SPECIAL_ACCOUNT';
  return null;
}
