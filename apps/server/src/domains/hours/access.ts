import {
  type HoursAction,
  type HoursLineState,
  hoursRefusal,
  mayReadAllHours,
  mayRegisterHoursForOthers,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { reachOf } from '../members/scope';
import type { HoursRow } from './repo';

/** Who may act on a line: the hours rules on its state (packages/domain policies/hours.ts) and the actor's reach. */

export const signatureRequired = (actor: Actor) => actor.modules.includes('signature');

/** The line's state as the hours rules read it (packages/domain policies/hours.ts). */
export const lineState = (row: HoursRow): HoursLineState => ({
  membershipId: row.membershipId,
  createdBy: row.createdBy,
  status: row.status as HoursLineState['status'],
  paid: row.paid,
  signed: row.signature != null,
  invoiced: row.clientInvoiceId != null,
  freelancerInvoiced: row.freelancerInvoiceId != null,
});

/**
 * Refuses an action the hours rules do not allow on the line now, with the rule's code. `NOTHING_TO_DO` (reopening a
 * line that is not approved) is no refusal: the caller leaves the line as it is.
 */
export function requireHoursAbility(actor: Actor, row: HoursRow, action: HoursAction): 'change' | 'unchanged' {
  const refusal = hoursRefusal(actor, lineState(row), action);
  if (refusal === null) return 'change';
  if (refusal === 'NOTHING_TO_DO') return 'unchanged';
  if (refusal === 'CONFLICT') throw new AppError('CONFLICT', { data: { status: row.status } });
  throw new AppError(refusal);
}

/** Whether the hours (of a member, at a location) are in the actor's reach: own, registered by them, or supervised. */
export async function requireReach(
  db: DbOrTx,
  actor: Actor,
  row: { membershipId: string; createdBy?: string | null; locationId: string },
) {
  if (row.membershipId === actor.membershipId || row.createdBy === actor.membershipId) return;
  if (!mayReadAllHours(actor) && !mayRegisterHoursForOthers(actor)) throw new AppError('FORBIDDEN');
  const reach = await reachOf(db, actor);
  if (reach && !reach.includes(row.locationId)) throw new AppError('FORBIDDEN');
}

/** Supervising reaches the lines of the member's locations, and their own. */
export async function requireSupervisorReach(tx: DbOrTx, actor: Actor, row: HoursRow) {
  const reach = await reachOf(tx, actor);
  if (reach && !reach.includes(row.locationId) && row.membershipId !== actor.membershipId)
    throw new AppError('FORBIDDEN');
}
