/**
 * Check-in rows for the permission table: a duty of the member running now at a planning with coordinates (the
 * sample asks for the position), their open check-ins closed and their items at that time cleared first, so every
 * request meets only the rule under test.
 */
import { now } from '@app/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { checkins, locationCoordinates, rosterItems } from '../../src/db/schema';
import type { Fixture } from './fixture';

/** Where the sample's plannings are, for the table: one point will do; positions are sent from right there. */
export const HERE = { latitude: 52.5321, longitude: 13.3849 };

async function placed(fx: Fixture, accountId: string, locationId: string) {
  await fx.t.database.db
    .insert(locationCoordinates)
    .values({ accountId, locationId, ...HERE, source: 'manual', updatedAt: now() })
    .onConflictDoNothing();
}

/** A duty of the member from 10 minutes ago to 3 hours ahead, with nothing of theirs in the way. */
export async function dutyNow(fx: Fixture, member: string, location: string, accountId = fx.bistro.id) {
  const db = fx.t.database.db;
  await placed(fx, accountId, location);
  const start = new Date(Math.floor(now().getTime() / 60_000) * 60_000 - 10 * 60_000);
  const end = new Date(start.getTime() + 190 * 60_000);
  await db
    .delete(rosterItems)
    .where(and(eq(rosterItems.membershipId, member), lt(rosterItems.startAt, end), gt(rosterItems.endAt, start)));
  await db
    .update(checkins)
    .set({ checkedOutAt: now() })
    .where(and(eq(checkins.membershipId, member), isNull(checkins.checkedOutAt)));
  const [row] = await db
    .insert(rosterItems)
    .values({
      accountId,
      locationId: location,
      date: start.toISOString().slice(0, 10),
      membershipId: member,
      dutyId: accountId === fx.bistro.id ? fx.bistro.service : fx.store.duty,
      fromMinutes: 0,
      untilMinutes: 0,
      breakMinutes: 0,
      startAt: start,
      endAt: end,
    })
    .returning({ id: rosterItems.id });
  return row.id;
}

/** An open check-in of the member on a duty running now. */
export async function openCheckin(fx: Fixture, member: string, location: string, accountId = fx.bistro.id) {
  const item = await dutyNow(fx, member, location, accountId);
  const [row] = await fx.t.database.db
    .insert(checkins)
    .values({ accountId, membershipId: member, itemId: item, locationId: location, checkedInAt: now() })
    .returning({ id: checkins.id });
  return row.id;
}
