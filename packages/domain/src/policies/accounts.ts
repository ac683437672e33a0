import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * The account's settings (availability policy and the other settings pages): owners, and managers without the
 * manager limitation (docs/product/settings.md, "Who").
 */
export const mayManageSettings = (member: Pick<Member, 'roles' | 'managerLimited'>): boolean =>
  member.roles.includes('owner') || (memberHasRole(member, 'manager') && !member.managerLimited);

/**
 * The modules page (docs/product/modules.md). It opens for owners and managers, members with the `user.edit` right
 * and planners (docs/product/modules.md), in a real account without the special-account flag. Answers why
 * not, as the error code the server sends, or null when allowed.
 */
export function modulesRefusal(
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  account: { demo: boolean; special: boolean },
): 'FORBIDDEN' | 'DEMO_ACCOUNT' | 'SPECIAL_ACCOUNT' | null {
  if (!memberHasRole(member, 'owner', 'manager', 'planner') && !memberHasRight(member, 'user.edit')) return 'FORBIDDEN';
  if (account.demo) return 'DEMO_ACCOUNT';
  if (account.special) return 'SPECIAL_ACCOUNT';
  return null;
}

/** The menu's modules entry (docs/product/modules.md): owners and managers only, where the page opens. */
export const modulesInMenu = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  account: { demo: boolean; special: boolean },
): boolean => memberHasRole(member, 'owner', 'manager') && modulesRefusal(member, account) === null;
