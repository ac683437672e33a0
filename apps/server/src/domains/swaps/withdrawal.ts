import { now } from '@app/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import { swapOffers } from '../../db/schema';
import { type ItemEditListener, registerItemEditListener } from '../roster/checks';
import { announceSwaps, tellAnswered } from './notify';
import { WAITING } from './repo';

/**
 * What a planner's edit does to an offer of the duty (docs/product/swaps.md): a change of who works it, when, which
 * shift or which function withdraws the offers waiting on it (the offered or the wanted duty), and tells the people
 * involved. Notes, tags and the like leave them be. A deleted duty takes its offers with it.
 */
const WITHDRAWING = new Set([
  'user',
  'user.remove',
  'duty',
  'shift',
  'shift.remove',
  'times',
  'times.remove',
  'sign-out.confirm',
]);

const withdrawOnEdit: ItemEditListener = async (ctx, command, actor, { after, action }) => {
  if (!after || !WITHDRAWING.has(action)) return;
  const withdrawn = await command.tx
    .update(swapOffers)
    .set({ status: 'withdrawn', decidedAt: now() })
    .where(
      and(
        eq(swapOffers.accountId, actor.accountId),
        inArray(swapOffers.status, WAITING),
        or(eq(swapOffers.itemId, after.id), eq(swapOffers.wantedItemId, after.id)),
      ),
    )
    .returning();
  if (withdrawn.length === 0) return;
  for (const offer of withdrawn)
    await tellAnswered(ctx, command, actor, {
      offer,
      item: after,
      outcome: 'withdrawn',
      recipients: [offer.offeredBy, offer.takenBy ?? offer.toMembershipId],
    });
  announceSwaps(
    command,
    actor.accountId,
    withdrawn.map((o) => o.id),
  );
};

/** Registered once, when the swap routes are. */
export function registerSwapWithdrawal(): void {
  registerItemEditListener(withdrawOnEdit);
}
