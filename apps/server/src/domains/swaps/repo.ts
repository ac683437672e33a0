import type { SwapBreak, SwapDuty, SwapOffer, SwapStatus } from '@app/contracts';
import { formatHHmm, mayPlan, now, swapAbilitiesOf, swapStatusAt, todayIn } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duties, locations, memberships, rosterItems, swapOffers, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { ItemRow } from '../roster/present';

export type SwapRow = typeof swapOffers.$inferSelect;
type StoredStatus = Exclude<SwapStatus, 'expired'>;

/** The statuses of an offer still waiting (for a colleague or a planner). */
export const WAITING: StoredStatus[] = ['open', 'pending'];

/** An offer of the account, locked for the change (another account's answers 404, as a missing one does). */
export async function lockSwap(tx: DbOrTx, accountId: string, id: string): Promise<SwapRow> {
  const [row] = await tx
    .select()
    .from(swapOffers)
    .where(and(eq(swapOffers.id, id), eq(swapOffers.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The status of an offer as read now (expired once its duty started). */
export function statusOf(row: Pick<SwapRow, 'status'>, item: Pick<ItemRow, 'date' | 'startAt'>, timeZone: string) {
  const at = now();
  return swapStatusAt(
    row.status as StoredStatus,
    { date: item.date, startAt: item.startAt?.getTime() ?? null },
    { now: at.getTime(), today: todayIn(timeZone, at) },
  );
}

/** Names of members by id, as "first last". */
export async function namesOf(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, unique)));
  return new Map(rows.map((r) => [r.id, [r.fname, r.lname].filter(Boolean).join(' ')]));
}

/** The items of some offers with their duty and location names, by item id. */
export async function dutiesOf(db: DbOrTx, accountId: string, itemIds: readonly string[]) {
  const unique = [...new Set(itemIds)].filter(Boolean);
  if (unique.length === 0) return new Map<string, { item: ItemRow; duty: string | null; location: string }>();
  const rows = await db
    .select({ item: rosterItems, duty: duties.name, location: locations.name })
    .from(rosterItems)
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(and(eq(rosterItems.accountId, accountId), inArray(rosterItems.id, unique)));
  return new Map(rows.map((r) => [r.item.id, r]));
}

/**
 * Presents offers to a reader: their duties, people and what the reader may do (`eligible`: by offer id, whether
 * the reader may work it, from the server's verdict; `wouldBreak`: what their acceptance would break).
 */
export async function presentSwaps(
  db: DbOrTx,
  actor: Actor,
  rows: readonly SwapRow[],
  verdicts: ReadonlyMap<string, { eligible: boolean; breaks: SwapBreak[] }> = new Map(),
): Promise<SwapOffer[]> {
  const items = await dutiesOf(
    db,
    actor.accountId,
    rows.flatMap((r) => [r.itemId, r.wantedItemId ?? '']),
  );
  const names = await namesOf(db, actor.accountId, [
    ...rows.flatMap((r) => [r.offeredBy, r.takenBy ?? '', r.toMembershipId ?? '']),
    ...[...items.values()].map((i) => i.item.membershipId ?? ''),
  ]);
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  const duty = (itemId: string | null): SwapDuty | null => {
    const found = itemId ? items.get(itemId) : undefined;
    if (!found) return null;
    const { item } = found;
    return {
      item: item.id,
      date: item.date,
      from: item.fromMinutes === null ? null : formatHHmm(item.fromMinutes),
      until: item.untilMinutes === null ? null : formatHHmm(item.untilMinutes),
      duty: found.duty,
      location: { id: item.locationId, name: found.location },
      holder: person(item.membershipId) ?? { id: '', name: '' },
    };
  };
  const out: SwapOffer[] = [];
  for (const r of rows) {
    const given = duty(r.itemId);
    const found = items.get(r.itemId);
    if (!given || !found) continue;
    const status = statusOf(r, found.item, actor.settings.timeZone);
    const verdict = verdicts.get(r.id);
    out.push({
      id: r.id,
      kind: r.kind as SwapOffer['kind'],
      status,
      duty: given,
      wanted: duty(r.wantedItemId),
      taker: person(r.takenBy ?? r.toMembershipId),
      breaks: r.breaks as SwapBreak[],
      wouldBreak: verdict?.breaks ?? [],
      message: r.message,
      createdAt: r.createdAt.toISOString(),
      can: swapAbilitiesOf(
        { membershipId: actor.membershipId, planner: mayPlan(actor) },
        {
          kind: r.kind as SwapOffer['kind'],
          status,
          offeredBy: r.offeredBy,
          to: r.toMembershipId,
          declinedBy: r.declinedBy,
        },
        verdict?.eligible ?? false,
      ),
    });
  }
  return out;
}

/**
 * The swaps waiting for a planner in these plannings, for the inbox: oldest duty first, with who gave and who took,
 * what a swap gives in return and the rules it breaks. Expired ones (the duty started) are left out.
 */
export async function pendingSwaps(db: DbOrTx, accountId: string, locationIds: string[], timeZone: string) {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select({ offer: swapOffers, item: rosterItems, duty: duties.name })
    .from(swapOffers)
    .innerJoin(rosterItems, eq(rosterItems.id, swapOffers.itemId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(
      and(
        eq(swapOffers.accountId, accountId),
        eq(swapOffers.status, 'pending'),
        inArray(rosterItems.locationId, locationIds),
      ),
    )
    .orderBy(rosterItems.date, rosterItems.fromMinutes);
  const waiting = rows.filter((r) => statusOf(r.offer, r.item, timeZone) === 'pending');
  const wanted = await dutiesOf(
    db,
    accountId,
    waiting.map((r) => r.offer.wantedItemId ?? ''),
  );
  const names = await namesOf(
    db,
    accountId,
    waiting.flatMap((r) => [r.offer.offeredBy, r.offer.takenBy ?? '']),
  );
  return waiting.map((r) => {
    const w = r.offer.wantedItemId ? wanted.get(r.offer.wantedItemId) : undefined;
    return {
      ...r,
      from: { id: r.offer.offeredBy, name: names.get(r.offer.offeredBy) ?? '' },
      taker: { id: r.offer.takenBy ?? '', name: names.get(r.offer.takenBy ?? '') ?? '' },
      wanted: w ? { date: w.item.date, duty: w.duty } : null,
    };
  });
}
