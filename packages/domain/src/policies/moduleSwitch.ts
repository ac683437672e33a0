import type { ModuleKey } from '@app/contracts';
import { requirementsOf } from '../modules';
import { type Member, memberHasRight, memberHasRole } from './member';

// Who switches which module, apart from the account policy the web's shell reads (its menu), so the shell does not
// carry the module graph.

/** Tools of the roster a planner builds; each needs nothing but the roster. */
export const PLANNER_MODULES: readonly ModuleKey[] = ['shifts', 'tags', 'weather', 'today'];
/** The team's records, kept by members with the `user.edit` right. */
export const TEAM_MODULES: readonly ModuleKey[] = ['dossiers'];

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
