import type { ItemOffer } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  effectiveAvailability,
  maySignIn,
  offerFor,
  todayIn,
} from '@app/domain';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { availability, availabilityDefaults, membershipDuties, rosterItems } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { placedItem, restHoursByDuty } from './checks';
import type { ItemRow } from './present';

type OfferRow = Pick<ItemRow, 'id' | 'date' | 'membershipId' | 'dutyId' | 'shiftId' | 'fromMinutes' | 'untilMinutes'>;

/**
 * Whether the actor may take each of the open items among `rows` themselves (`offerFor`, docs/product/roster.md),
 * by item id; assigned items and past days are left out. Planners and members without the sign-up right get none:
 * they are offered nothing to take. Reads the actor's duties, own items, availability and the duties' rest hours
 * once for all items.
 */
export async function offersFor(
  db: DbOrTx,
  actor: Actor,
  rows: readonly OfferRow[],
): Promise<Record<string, ItemOffer>> {
  const timeZone = actor.settings.timeZone;
  const today = todayIn(timeZone);
  const open = rows.filter((r) => r.membershipId === null && r.date >= today);
  if (open.length === 0 || !maySignIn(actor)) return {};
  const dates = [...new Set(open.map((r) => r.date))].sort();
  const from = addDays(dates[0], -1);
  const until = addDays(dates[dates.length - 1], 1);
  const me = actor.membershipId;
  const [held, own, entries, defaults, rest] = await Promise.all([
    db.select({ id: membershipDuties.dutyId }).from(membershipDuties).where(eq(membershipDuties.membershipId, me)),
    db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.membershipId, me),
          between(rosterItems.date, from, until),
        ),
      ),
    db
      .select()
      .from(availability)
      .where(and(eq(availability.membershipId, me), inArray(availability.date, dates))),
    db.select().from(availabilityDefaults).where(eq(availabilityDefaults.membershipId, me)),
    restHoursByDuty(db, actor.accountId),
  ]);
  const duties = new Set(held.map((h) => h.id));
  const placedOwn = own.map((o) => placedItem(o, rest, timeZone));
  const out: Record<string, ItemOffer> = {};
  for (const row of open) {
    const around = [addDays(row.date, -1), row.date, addDays(row.date, 1)];
    const entry = entries.find((e) => e.date === row.date) as AvailabilityState | undefined;
    out[row.id] = offerFor({
      item: {
        ...placedItem(row, rest, timeZone),
        dutyId: row.dutyId,
        fromMinutes: row.fromMinutes,
        untilMinutes: row.untilMinutes,
      },
      today,
      duties,
      others: placedOwn.filter((o) => around.includes(o.date)),
      availability: effectiveAvailability(entry ?? null, defaults as AvailabilityDefaultRule[], row.date),
      policy: actor.settings.unavailablePolicy,
      timeZone,
    });
  }
  return out;
}
