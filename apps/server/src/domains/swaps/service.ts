import type {
  CreateSwapRequest,
  SwapBreak,
  SwapDecisionRequest,
  SwapOffer,
  SwapResponse,
  SwapsResponse,
} from '@app/contracts';
import {
  approvesAtOnce,
  combineVerdicts,
  mayOffer,
  maySignIn,
  now,
  type SwapVerdict,
  swapAbilitiesOf,
  todayIn,
} from '@app/domain';
import { and, arrayContains, eq, gte, inArray, ne, not, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { membershipDuties, membershipLocations, memberships, rosterItems, swapOffers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordWebhook, recordWebhooks } from '../api/events';
import { revalidateItems } from '../conflicts/revalidate';
import { requirePlanningInScope } from '../members/scope';
import { instantsOf, isOverlapViolation, requirePlanner, runItemChangeGuards } from '../roster/checks';
import type { ItemRow } from '../roster/present';
import { locationOf, lockItem, lockMember } from '../roster/repo';
import { takerVerdictOf } from './facts';
import { announceSwaps, tellAnswered, tellOffered, tellRequested } from './notify';
import { lockSwap, presentSwaps, type SwapRow, statusOf, WAITING } from './repo';

/** Swaps and offers between employees (docs/product/swaps.md). */

const mayUseSwaps = (actor: Actor) => maySignIn(actor);

/** The verdict on an offer's acceptance: the taker on the offered duty, and for a swap the offerer on the wanted. */
async function verdictOf(
  db: DbOrTx,
  actor: Actor,
  offer: SwapRow,
  item: ItemRow,
  wanted: ItemRow | null,
  takerId: string,
) {
  const base = { accountId: actor.accountId, settings: actor.settings };
  const sides: SwapVerdict[] = [
    await takerVerdictOf(db, { ...base, item, takerId, except: wanted ? [wanted.id] : [] }),
  ];
  if (wanted)
    sides.push(await takerVerdictOf(db, { ...base, item: wanted, takerId: offer.offeredBy, except: [item.id] }));
  return combineVerdicts(sides);
}

async function itemRow(db: DbOrTx, accountId: string, id: string | null): Promise<ItemRow | null> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.id, id), eq(rosterItems.accountId, accountId)));
  return row ?? null;
}

/**
 * The duties are still as offered: the offerer's and, for a swap, the colleague's, and neither marked sick or
 * otherwise flagged since (a sickness record flags duties without a planner's edit, so no withdrawal heard of it).
 */
const stillAsOffered = (offeredBy: string, item: ItemRow, wanted: ItemRow | null, taker: string) =>
  item.membershipId === offeredBy &&
  item.flag === null &&
  (!wanted || (wanted.membershipId === taker && wanted.flag === null));

const offerable = async (db: DbOrTx, actor: Actor, item: ItemRow, holder: string) => {
  const location = await locationOf(db, actor.accountId, item.locationId);
  const at = now();
  return mayOffer(
    holder,
    { membershipId: item.membershipId, date: item.date, startAt: item.startAt?.getTime() ?? null, flag: item.flag },
    { now: at.getTime(), today: todayIn(actor.settings.timeZone, at), releasedUntil: location.releasedUntil },
  );
};

/**
 * GET /api/swaps: the reader's own offers from today on, and the offers they may answer: gifts of a duty they hold
 * in a planning of theirs that they would break no unbendable rule taking (and have not declined), and swaps asked
 * of them.
 */
export async function listSwaps(ctx: AppContext, actor: Actor): Promise<SwapsResponse> {
  requireAllowed(mayUseSwaps(actor));
  const db = ctx.db;
  const today = todayIn(actor.settings.timeZone, now());
  const me = actor.membershipId;
  const rows = await db
    .select({ offer: swapOffers, item: rosterItems })
    .from(swapOffers)
    .innerJoin(rosterItems, eq(rosterItems.id, swapOffers.itemId))
    .where(
      and(
        eq(swapOffers.accountId, actor.accountId),
        gte(rosterItems.date, today),
        or(
          eq(swapOffers.offeredBy, me),
          eq(swapOffers.takenBy, me),
          and(eq(swapOffers.status, 'open'), eq(swapOffers.toMembershipId, me)),
          and(
            eq(swapOffers.status, 'open'),
            eq(swapOffers.kind, 'give'),
            not(arrayContains(swapOffers.declinedBy, [me])),
          ),
        ),
      ),
    )
    .orderBy(rosterItems.date, rosterItems.fromMinutes)
    .limit(200);
  const [places, held] = await Promise.all([
    db
      .select({ id: membershipLocations.locationId })
      .from(membershipLocations)
      .where(eq(membershipLocations.membershipId, me)),
    db.select({ id: membershipDuties.dutyId }).from(membershipDuties).where(eq(membershipDuties.membershipId, me)),
  ]);
  const locationsOf = new Set(places.map((p) => p.id));
  const dutiesHeld = new Set(held.map((h) => h.id));
  const mine: SwapRow[] = [];
  const forMe: SwapRow[] = [];
  const verdicts = new Map<string, { eligible: boolean; breaks: SwapBreak[] }>();
  for (const { offer, item } of rows) {
    if (offer.offeredBy === me || (offer.takenBy === me && offer.status !== 'open')) {
      mine.push(offer);
      continue;
    }
    if (statusOf(offer, item, actor.settings.timeZone) !== 'open') continue;
    // A gift shows only to colleagues of its planning who hold its duty and could take it.
    if (offer.kind === 'give' && (!locationsOf.has(item.locationId) || (item.dutyId && !dutiesHeld.has(item.dutyId))))
      continue;
    const wanted = await itemRow(db, actor.accountId, offer.wantedItemId);
    const verdict = await verdictOf(db, actor, offer, item, wanted, me);
    if (offer.kind === 'give' && verdict.refuse) continue;
    verdicts.set(offer.id, { eligible: verdict.refuse === null, breaks: verdict.breaks });
    forMe.push(offer);
  }
  return {
    mine: await presentSwaps(db, actor, mine),
    forMe: await presentSwaps(db, actor, forMe, verdicts),
  };
}

async function answer(db: DbOrTx, actor: Actor, id: string): Promise<SwapResponse> {
  const [row] = await db.select().from(swapOffers).where(eq(swapOffers.id, id));
  const [offer] = await presentSwaps(db, actor, [row]);
  return { offer };
}

/** The colleagues a gift goes to: active members of its planning who hold its duty and could take it. */
async function colleaguesFor(tx: Tx, actor: Actor, offer: SwapRow, item: ItemRow): Promise<string[]> {
  const people = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.status, 'active'),
        eq(membershipLocations.locationId, item.locationId),
        ne(memberships.id, actor.membershipId),
      ),
    );
  const out: string[] = [];
  for (const p of people) {
    const verdict = await verdictOf(tx, actor, offer, item, null, p.id);
    if (!verdict.refuse) out.push(p.id);
  }
  return out;
}

/**
 * POST /api/swaps: the employee offers one of their released duties that has not started, to whoever may take it or
 * in a swap for a colleague's duty (released, not started, held by that colleague). One offer waits per duty.
 */
export async function createSwap(ctx: AppContext, actor: Actor, input: CreateSwapRequest): Promise<SwapResponse> {
  const id = await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const item = await lockItem(tx, actor.accountId, input.item);
    const wanted = input.wanted ? await lockItem(tx, actor.accountId, input.wanted) : null;
    requireAllowed(mayUseSwaps(actor));
    if (!(await offerable(tx, actor, item, actor.membershipId))) throw new AppError('ERR_SWAP_NOT_OFFERABLE');
    if (wanted) {
      const holder = wanted.membershipId;
      if (!holder || holder === actor.membershipId || !(await offerable(tx, actor, wanted, holder)))
        throw new AppError('ERR_SWAP_NOT_OFFERABLE', { data: { item: wanted.id } });
    }
    const inserted = await tx
      .insert(swapOffers)
      .values({
        accountId: actor.accountId,
        kind: wanted ? 'swap' : 'give',
        itemId: item.id,
        offeredBy: actor.membershipId,
        wantedItemId: wanted?.id ?? null,
        toMembershipId: wanted?.membershipId ?? null,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    const offer = inserted[0];
    if (!offer) throw new AppError('ERR_SWAP_OPEN');
    await recordActivity(tx, actor, {
      entity: 'swap',
      entityId: offer.id,
      action: wanted ? 'swap.propose' : 'swap.offer',
      after: { item: item.id, from: actor.membershipId, wanted: wanted?.id ?? null, to: offer.toMembershipId },
    });
    const recipients = wanted ? [wanted.membershipId as string] : await colleaguesFor(tx, actor, offer, item);
    await tellOffered(ctx, command, actor, offer, item, recipients);
    announceSwaps(command, actor.accountId, [offer.id]);
    return offer.id;
  });
  return answer(ctx.db, actor, id);
}

/** The offer and its duties, locked; refuses an offer that no longer waits. */
async function lockWaiting(tx: Tx, actor: Actor, id: string) {
  const offer = await lockSwap(tx, actor.accountId, id);
  const item = await lockItem(tx, actor.accountId, offer.itemId);
  const wanted = offer.wantedItemId ? await lockItem(tx, actor.accountId, offer.wantedItemId) : null;
  return { offer, item, wanted };
}

function refuseUnlessWaiting(offer: SwapRow, item: ItemRow, timeZone: string, wants: 'open' | 'pending') {
  const status = statusOf(offer, item, timeZone);
  if (status === 'expired') throw new AppError('ERR_SWAP_EXPIRED');
  if (status !== wants) throw new AppError('ERR_SWAP_TAKEN');
}

/** Who may see an offer at all: its offerer, the colleague asked or who took it, planners, and gifts' colleagues. */
function requireVisible(actor: Actor, offer: SwapRow) {
  const me = actor.membershipId;
  if (offer.offeredBy === me || offer.toMembershipId === me || offer.takenBy === me) return;
  if (offer.kind === 'give' || requirePlannerQuietly(actor)) return;
  throw new AppError('NOT_FOUND');
}
const requirePlannerQuietly = (actor: Actor) => {
  try {
    requirePlanner(actor);
    return true;
  } catch {
    return false;
  }
};

/**
 * Gives the duties to their new holders: the taker gets the offered duty; in a swap the offerer gets the wanted one.
 * The wanted duty is freed first, so two overlapping duties changing hands never meet the overlap constraint.
 */
async function applySwap(tx: Tx, actor: Actor, offer: SwapRow, item: ItemRow, wanted: ItemRow | null, takerId: string) {
  const at = now();
  try {
    if (wanted) await tx.update(rosterItems).set({ membershipId: null }).where(eq(rosterItems.id, wanted.id));
    await tx
      .update(rosterItems)
      .set({ membershipId: takerId, ...instantsOf(item, actor.settings.timeZone), updatedAt: at })
      .where(eq(rosterItems.id, item.id));
    if (wanted)
      await tx
        .update(rosterItems)
        .set({ membershipId: offer.offeredBy, ...instantsOf(wanted, actor.settings.timeZone), updatedAt: at })
        .where(eq(rosterItems.id, wanted.id));
  } catch (err) {
    if (isOverlapViolation(err)) throw new AppError('ERR_OVERLAP');
    throw err;
  }
  const ids = [item.id, ...(wanted ? [wanted.id] : [])];
  await revalidateItems(tx, actor.accountId, { itemIds: ids });
  // Other offers on these duties gave what is no longer theirs to give.
  const stale = await tx
    .update(swapOffers)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(
      and(
        eq(swapOffers.accountId, actor.accountId),
        ne(swapOffers.id, offer.id),
        inArray(swapOffers.status, WAITING),
        or(inArray(swapOffers.itemId, ids), inArray(swapOffers.wantedItemId, ids)),
      ),
    )
    .returning();
  return { ids, stale };
}

function announceItems(command: Command, actor: Actor, items: (ItemRow | null)[]) {
  const byLocation = new Map<string, string[]>();
  for (const i of items) if (i) byLocation.set(i.locationId, [...(byLocation.get(i.locationId) ?? []), i.id]);
  for (const [location, ids] of byLocation)
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location, ids });
}

/**
 * Tells the account's webhooks of a decision (docs/product/api.md): the swap itself, and when the duties changed
 * hands, each of them as changed, as a planner's edit of who works it would.
 */
async function recordDecision(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  decided: { offer: SwapRow; status: 'approved' | 'denied'; item: ItemRow; wanted: ItemRow | null; takerId: string },
) {
  const { offer, status, item, wanted, takerId } = decided;
  await recordWebhook(ctx, command, actor.accountId, 'swap.decided', {
    id: offer.id,
    status,
    item: item.id,
    wanted: wanted?.id ?? null,
    from: offer.offeredBy,
    to: takerId,
  });
  if (status === 'approved')
    await recordWebhooks(
      ctx,
      command,
      actor.accountId,
      'item.changed',
      [item, wanted].flatMap((i) => (i ? [{ id: i.id, location: i.locationId, date: i.date }] : [])),
    );
}

/** Who gave what to whom, for the activity log. */
const handover = (offer: SwapRow, item: ItemRow, wanted: ItemRow | null, takerId: string) => ({
  item: item.id,
  from: offer.offeredBy,
  to: takerId,
  ...(wanted ? { wanted: wanted.id, wantedFrom: takerId, wantedTo: offer.offeredBy } : {}),
});

/**
 * POST /api/swaps/:id/accept: a colleague takes an open offer. The first valid acceptance wins: the offer row is
 * locked, so a second one waits and then finds it taken. The roster's rules decide what follows: a rule nobody
 * overrules refuses; otherwise, when nothing breaks and the account lets it, it is approved at once, else it waits
 * for a planner.
 */
export async function acceptSwap(ctx: AppContext, actor: Actor, id: string): Promise<SwapResponse> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const { offer, item, wanted } = await lockWaiting(tx, actor, id);
    requireVisible(actor, offer);
    requireAllowed(mayUseSwaps(actor));
    refuseUnlessWaiting(offer, item, actor.settings.timeZone, 'open');
    const me = actor.membershipId;
    const can = swapAbilitiesOf(
      { membershipId: me, planner: false },
      {
        kind: offer.kind as SwapOffer['kind'],
        status: 'open',
        offeredBy: offer.offeredBy,
        to: offer.toMembershipId,
        declinedBy: offer.declinedBy,
      },
      true,
    );
    requireAllowed(can.accept);
    // The duties must still be as offered: the offerer's, and for a swap the colleague's.
    if (!stillAsOffered(offer.offeredBy, item, wanted, me)) throw new AppError('ERR_SWAP_TAKEN');
    // Lock both people in a fixed order, as planner edits lock the person they assign.
    for (const m of [offer.offeredBy, me].sort()) await lockMember(tx, actor.accountId, m);
    await runItemChangeGuards(tx, item, 'user', false);
    if (wanted) await runItemChangeGuards(tx, wanted, 'user', false);
    const verdict = await verdictOf(tx, actor, offer, item, wanted, me);
    if (verdict.refuse) throw new AppError(verdict.refuse, { data: { membership: me } });
    const at = now();
    const atOnce = approvesAtOnce(verdict.breaks, actor.settings.swapsApproveAutomatically);
    const [updated] = await tx
      .update(swapOffers)
      .set({
        status: atOnce ? 'approved' : 'pending',
        takenBy: me,
        breaks: verdict.breaks,
        acceptedAt: at,
        ...(atOnce ? { decidedAt: at } : {}),
      })
      .where(eq(swapOffers.id, offer.id))
      .returning();
    await recordActivity(tx, actor, {
      entity: 'swap',
      entityId: offer.id,
      action: atOnce ? 'swap.approve' : 'swap.accept',
      before: { status: offer.status },
      after: { status: updated.status, breaks: verdict.breaks, ...handover(offer, item, wanted, me) },
    });
    const touched = [offer.id];
    if (atOnce) {
      const { stale } = await applySwap(tx, actor, offer, item, wanted, me);
      touched.push(...stale.map((s) => s.id));
      announceItems(command, actor, [item, wanted]);
      await recordDecision(ctx, command, actor, { offer, status: 'approved', item, wanted, takerId: me });
      for (const s of stale)
        await tellAnswered(ctx, command, actor, {
          offer: s,
          item,
          outcome: 'withdrawn',
          recipients: [s.offeredBy, s.takenBy],
        });
    } else {
      await tellRequested(ctx, command, actor, updated, item);
    }
    await tellAnswered(ctx, command, actor, {
      offer: updated,
      item,
      outcome: atOnce ? 'approved' : 'pending',
      recipients: [offer.offeredBy],
    });
    announceSwaps(command, actor.accountId, touched);
  });
  return answer(ctx.db, actor, id);
}

/** POST /api/swaps/:id/decline: a colleague says no. A gift stops showing to them; a swap asked of them ends. */
export async function declineSwap(ctx: AppContext, actor: Actor, id: string): Promise<SwapResponse> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const { offer, item } = await lockWaiting(tx, actor, id);
    requireVisible(actor, offer);
    requireAllowed(mayUseSwaps(actor));
    refuseUnlessWaiting(offer, item, actor.settings.timeZone, 'open');
    const me = actor.membershipId;
    requireAllowed(
      swapAbilitiesOf(
        { membershipId: me, planner: false },
        {
          kind: offer.kind as SwapOffer['kind'],
          status: 'open',
          offeredBy: offer.offeredBy,
          to: offer.toMembershipId,
          declinedBy: offer.declinedBy,
        },
        false,
      ).decline,
    );
    if (offer.kind === 'give') {
      await tx
        .update(swapOffers)
        .set({ declinedBy: [...offer.declinedBy, me] })
        .where(eq(swapOffers.id, offer.id));
    } else {
      const [updated] = await tx
        .update(swapOffers)
        .set({ status: 'declined', decidedAt: now() })
        .where(eq(swapOffers.id, offer.id))
        .returning();
      await tellAnswered(ctx, command, actor, {
        offer: updated,
        item,
        outcome: 'declined',
        recipients: [offer.offeredBy],
      });
    }
    await recordActivity(tx, actor, { entity: 'swap', entityId: offer.id, action: 'swap.decline' });
    announceSwaps(command, actor.accountId, [offer.id]);
  });
  return answer(ctx.db, actor, id);
}

/** DELETE /api/swaps/:id: the offerer takes back an offer still waiting. */
export async function withdrawSwap(ctx: AppContext, actor: Actor, id: string): Promise<SwapResponse> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const { offer, item } = await lockWaiting(tx, actor, id);
    requireVisible(actor, offer);
    requireAllowed(offer.offeredBy === actor.membershipId);
    const status = statusOf(offer, item, actor.settings.timeZone);
    if (status === 'expired') throw new AppError('ERR_SWAP_EXPIRED');
    if (status !== 'open' && status !== 'pending') throw new AppError('ERR_SWAP_TAKEN');
    await tx.update(swapOffers).set({ status: 'withdrawn', decidedAt: now() }).where(eq(swapOffers.id, offer.id));
    await recordActivity(tx, actor, { entity: 'swap', entityId: offer.id, action: 'swap.withdraw' });
    await tellAnswered(ctx, command, actor, {
      offer,
      item,
      outcome: 'withdrawn',
      recipients: [offer.takenBy ?? offer.toMembershipId],
    });
    announceSwaps(command, actor.accountId, [offer.id]);
  });
  return answer(ctx.db, actor, id);
}

/**
 * POST /api/swaps/:id/decision: a planner approves (the duties change hands; rules nobody overrules are checked
 * again) or denies an offer waiting for them, with a message for the people involved.
 */
export async function decideSwap(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: SwapDecisionRequest,
): Promise<SwapResponse> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const { offer, item, wanted } = await lockWaiting(tx, actor, id);
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, item.locationId);
    if (wanted) await requirePlanningInScope(tx, actor, wanted.locationId);
    refuseUnlessWaiting(offer, item, actor.settings.timeZone, 'pending');
    const takerId = offer.takenBy as string;
    const message = input.message?.trim() || null;
    const at = now();
    if (input.approve) {
      if (!stillAsOffered(offer.offeredBy, item, wanted, takerId)) throw new AppError('ERR_SWAP_TAKEN');
      for (const m of [offer.offeredBy, takerId].sort()) await lockMember(tx, actor.accountId, m);
      await runItemChangeGuards(tx, item, 'user', false);
      if (wanted) await runItemChangeGuards(tx, wanted, 'user', false);
      const verdict = await verdictOf(tx, actor, offer, item, wanted, takerId);
      if (verdict.refuse) throw new AppError(verdict.refuse, { data: { membership: takerId } });
    }
    const [updated] = await tx
      .update(swapOffers)
      .set({ status: input.approve ? 'approved' : 'denied', message, decidedBy: actor.membershipId, decidedAt: at })
      .where(eq(swapOffers.id, offer.id))
      .returning();
    const touched = [offer.id];
    if (input.approve) {
      const { stale } = await applySwap(tx, actor, offer, item, wanted, takerId);
      touched.push(...stale.map((s) => s.id));
      announceItems(command, actor, [item, wanted]);
    }
    await recordDecision(ctx, command, actor, {
      offer,
      status: input.approve ? 'approved' : 'denied',
      item,
      wanted,
      takerId,
    });
    await recordActivity(tx, actor, {
      entity: 'swap',
      entityId: offer.id,
      action: input.approve ? 'swap.approve' : 'swap.deny',
      before: { status: offer.status },
      after: { status: updated.status, message, ...handover(offer, item, wanted, takerId) },
    });
    await tellAnswered(ctx, command, actor, {
      offer: updated,
      item,
      outcome: input.approve ? 'approved' : 'denied',
      recipients: [offer.offeredBy, takerId],
      message,
    });
    announceSwaps(command, actor.accountId, touched);
  });
  return answer(ctx.db, actor, id);
}
