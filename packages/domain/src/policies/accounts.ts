import type { ModuleKey } from '@app/contracts';
import { requirementsOf } from '../modules';
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

/** Tools of the roster a planner builds; each needs nothing but the roster. */
export const PLANNER_MODULES: readonly ModuleKey[] = [
  'appointments',
  'shifts',
  'tags',
  'weather',
  'blueprint',
  'today',
];
/** The team's records, kept by members with the `user.edit` right. */
export const TEAM_MODULES: readonly ModuleKey[] = ['dossiers', 'contracts', 'onboarding'];

type Switcher = Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'plannerRestricted'>;

/**
 * Whether the member may switch this module on or off: owners and managers every module; an unrestricted planner
 * the roster's tools; a `user.edit` holder the team's records. A restricted planner works on part of the roster
 * only and switches none.
 */
export function mayToggleModule(member: Switcher, key: ModuleKey): boolean {
  if (memberHasRole(member, 'owner', 'manager')) return true;
  if (memberHasRole(member, 'planner') && !member.plannerRestricted && PLANNER_MODULES.includes(key)) return true;
  return memberHasRight(member, 'user.edit') && TEAM_MODULES.includes(key);
}

/**
 * A switch the member may not make, or null: the module itself and, when switching on, every module it brings
 * along (what it requires and is still off) must be theirs to switch.
 */
export function moduleToggleRefusal(
  member: Switcher,
  active: readonly ModuleKey[],
  key: ModuleKey,
  on: boolean,
): 'FORBIDDEN' | null {
  const brought = on ? requirementsOf(key).filter((m) => !active.includes(m)) : [];
  return [key, ...brought].every((m) => mayToggleModule(member, m)) ? null : 'FORBIDDEN';
}
