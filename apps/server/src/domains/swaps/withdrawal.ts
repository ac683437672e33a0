import { now } from '@app/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import { swapOffers } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import {
  type ItemDeleteListener,
  type ItemEditListener,
  registerItemDeleteListener,
  registerItemEditListener,
} from '../roster/checks';
import type { ItemRow } from '../roster/present';
import { announceSwaps, tellAnswered } from './notify';
import { WAITING } from './repo';

/**
 * What a planner's edit does to an offer of the duty (docs/product/swaps.md): a change of who works it, when, which
 * shift or which function withdraws the offers waiting on it (the offered or the wanted duty), and tells the people
 * involved. Notes, tags and the like leave them be. A deleted duty takes its offers with it, and the people involved are
 * told first. Single edits and the bulk bar's actions hear the same listeners (roster/checks.ts).
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
  // Marked sick: the planner finds cover; the offer would hand on a duty its holder cannot work.
  'sick',
  // The planner took the duty's day back from release: only released duties may be offered.
  'revoke',
]);

const withdrawOnEdit: ItemEditListener = async (ctx, command, actor, edits) => {
  const changed = new Map<string, ItemRow>();
  for (const { after, action } of edits) if (after && WITHDRAWING.has(action)) changed.set(after.id, after);
  await withdraw(ctx, command, actor, changed);
};

/** Before duties are deleted: their waiting offers end as withdrawn (the delete then takes them) and people hear it. */
const withdrawOnDelete: ItemDeleteListener = (ctx, command, actor, rows) =>
  withdraw(ctx, command, actor, new Map(rows.map((r) => [r.id, r])));

async function withdraw(ctx: AppContext, command: Command, actor: Actor, changed: Map<string, ItemRow>): Promise<void> {
  if (changed.size === 0) return;
  const ids = [...changed.keys()];
  const withdrawn = await command.tx
    .update(swapOffers)
    .set({ status: 'withdrawn', decidedAt: now() })
    .where(
      and(
        eq(swapOffers.accountId, actor.accountId),
        inArray(swapOffers.status, WAITING),
        or(inArray(swapOffers.itemId, ids), inArray(swapOffers.wantedItemId, ids)),
      ),
    )
    .returning();
  if (withdrawn.length === 0) return;
  for (const offer of withdrawn)
    await tellAnswered(ctx, command, actor, {
      offer,
      item: (changed.get(offer.itemId) ?? changed.get(offer.wantedItemId ?? ''))!,
      outcome: 'withdrawn',
      recipients: [offer.offeredBy, offer.takenBy ?? offer.toMembershipId],
    });
  announceSwaps(
    command,
    actor.accountId,
    withdrawn.map((o) => o.id),
  );
}

/** Registered once, when the swap routes are. */
export function registerSwapWithdrawal(): void {
  registerItemEditListener(withdrawOnEdit);
  registerItemDeleteListener(withdrawOnDelete);
}
