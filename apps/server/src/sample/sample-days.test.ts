import { addDays, clockFrom, todayIn, weekdayOf, weekStart, withClock } from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import {
  accounts,
  availability,
  availabilityDefaults,
  dayComments,
  dayNotes,
  itemApplications,
  locations,
  rosterItems,
} from '../db/schema';
import { BISTRO_NEEDS, seedSampleRoster } from './roster';
import { seedSampleData } from './seed';

const ZONE = 'Europe/Berlin';

/**
 * The sample must keep its promises whatever day the server first starts: each weekday (both ends of the day), the
 * last day of a month, and the days of and after the changes to and from summer time in Europe/Berlin.
 */
const STARTS: { name: string; at: string; today: string }[] = [
  { name: 'Monday just after midnight', at: '2026-11-23T00:05:00+01:00', today: '2026-11-23' },
  { name: 'Tuesday', at: '2026-11-24T09:00:00+01:00', today: '2026-11-24' },
  { name: 'Wednesday', at: '2026-11-25T12:00:00+01:00', today: '2026-11-25' },
  { name: 'Thursday', at: '2026-11-26T15:00:00+01:00', today: '2026-11-26' },
  { name: 'Friday', at: '2026-11-27T18:00:00+01:00', today: '2026-11-27' },
  { name: 'Saturday', at: '2026-11-28T21:00:00+01:00', today: '2026-11-28' },
  { name: 'Sunday just before midnight', at: '2026-11-29T23:55:00+01:00', today: '2026-11-29' },
  { name: 'the last day of a month (Monday 30 November)', at: '2026-11-30T10:00:00+01:00', today: '2026-11-30' },
  { name: 'the day summer time starts', at: '2026-03-29T03:30:00+02:00', today: '2026-03-29' },
  { name: 'the day after summer time starts', at: '2026-03-30T07:00:00+02:00', today: '2026-03-30' },
  { name: 'the day summer time ends', at: '2026-10-25T02:30:00+01:00', today: '2026-10-25' },
  { name: 'the day after summer time ends', at: '2026-10-26T07:00:00+01:00', today: '2026-10-26' },
];

let database: Database;
let bistroId = '';
beforeAll(async () => {
  const created = await createTestDatabase('sample');
  database = created;
  if (!created.seeded) await seedSampleData(database.db, { roster: false });
  const [bistro] = await database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  bistroId = bistro.id;
});
afterAll(async () => database.close());

/** Removes the roster of the previous case, so each case starts as a first start does. */
async function clearRoster() {
  const db = database.db;
  const locs = await db.select({ id: locations.id }).from(locations).where(eq(locations.accountId, bistroId));
  const locIds = locs.map((l) => l.id);
  await db.delete(itemApplications);
  await db.delete(rosterItems).where(eq(rosterItems.accountId, bistroId));
  await db.delete(availability).where(eq(availability.accountId, bistroId));
  await db.delete(availabilityDefaults);
  await db.delete(dayNotes).where(inArray(dayNotes.locationId, locIds));
  await db.delete(dayComments).where(inArray(dayComments.locationId, locIds));
  await db.update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, bistroId));
}

describe('the sample roster keeps its promises on any first day', () => {
  it.each(STARTS)('started on $name', async ({ at, today }) => {
    await clearRoster();
    await withClock(clockFrom(at), async () => {
      expect(todayIn(ZONE)).toBe(today);
      await database.db.transaction((tx) => seedSampleRoster(tx, bistroId, ZONE, BISTRO_NEEDS));
    });
    const first = weekStart(today, 'monday');
    const last = addDays(first, 27);
    const items = await database.db.select().from(rosterItems).where(eq(rosterItems.accountId, bistroId));

    // Four weeks from the Monday of the current week.
    expect(weekdayOf(first)).toBe(0);
    expect(items.every((i) => i.date >= first && i.date <= last)).toBe(true);
    expect(new Set(items.map((i) => i.date)).size).toBe(28);
    // Sickness: someone is sick this week, never in the future.
    const sick = items.filter((i) => i.flag === 'sick');
    expect(sick.length).toBeGreaterThan(0);
    expect(sick.every((i) => i.date <= today && i.membershipId && i.sick?.percentage === 100)).toBe(true);
    // Open duties ahead, for sign-ins and the matching wizard; sign-out requests only ahead.
    expect(items.filter((i) => !i.membershipId && i.date > today).length).toBeGreaterThan(20);
    const signouts = items.filter((i) => i.flag === 'signout');
    expect(signouts.length).toBeGreaterThan(0);
    expect(signouts.every((i) => i.date > today)).toBe(true);
    // Applications on open items that lie ahead.
    const applications = await database.db
      .select({ date: rosterItems.date, assigned: rosterItems.membershipId })
      .from(itemApplications)
      .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId));
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.every((a) => a.date > today && a.assigned === null)).toBe(true);
    // Two published weeks, which hold today and run into the days ahead.
    const locs = await database.db.select().from(locations).where(eq(locations.accountId, bistroId));
    expect(locs.every((l) => l.releasedUntil === addDays(first, 13))).toBe(true);
    expect(addDays(first, 13) >= addDays(today, 7)).toBe(true);
    // Nobody works two items at once, also across the night the clocks change.
    const byMember = new Map<string, { start: number; end: number }[]>();
    for (const i of items) {
      if (!i.membershipId || !i.startAt || !i.endAt) continue;
      const spans = byMember.get(i.membershipId) ?? [];
      for (const s of spans) expect(i.startAt.getTime() >= s.end || i.endAt.getTime() <= s.start).toBe(true);
      spans.push({ start: i.startAt.getTime(), end: i.endAt.getTime() });
      byMember.set(i.membershipId, spans);
    }
  });
});
