import type { InboxKind, ModuleKey } from '@app/contracts';
import { maySuperviseHours } from './hours';
import type { Member } from './member';
import { mayPlan } from './roster';
import { mayDecideVacation } from './vacation';

/**
 * The inbox (docs/product/inbox.md): one list of what waits on this member's answer. Each kind is there for whoever
 * answers it elsewhere, with its module on: applications and sign-outs for planners (the roster's rule), vacation
 * requests for those who decide vacation, hours for supervisors. Nobody gets a kind here they could not answer on its
 * own page.
 */
export function inboxKinds(
  m: Pick<Member, 'roles' | 'rights' | 'managerLimited'>,
  modules: readonly ModuleKey[],
): InboxKind[] {
  const kinds: InboxKind[] = [];
  if (modules.includes('roster') && mayPlan(m)) kinds.push('application', 'signOut', 'swap');
  if (modules.includes('vacation') && mayDecideVacation(m)) kinds.push('vacation');
  if (modules.includes('hours') && maySuperviseHours(m)) kinds.push('hours');
  return kinds;
}

/** The inbox opens (and shows in the menu) for whoever answers at least one of its kinds. */
export const mayUseInbox = (m: Pick<Member, 'roles' | 'rights' | 'managerLimited'>, modules: readonly ModuleKey[]) =>
  inboxKinds(m, modules).length > 0;
