import { addDays, type PlacedItem, placementProblem, todayIn, weekStart } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  availability,
  availabilityDefaults,
  dayComments,
  dayNotes,
  duties,
  itemApplications,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
  shifts,
} from '../db/schema';
import { instantsOf } from '../domains/roster/checks';

/** A small deterministic generator, so every fresh start shows the same sample roster. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** How many people a location needs per shift and duty on a day, by location name. */
export type SampleNeeds = Record<string, { shift: string; duty: string; count: number; weekdaysOnly?: boolean }[]>;

export const BISTRO_NEEDS: SampleNeeds = {
  Headquarter: [
    { shift: 'E', duty: 'K', count: 1 },
    { shift: 'E', duty: 'SV', count: 2 },
    { shift: 'M', duty: 'D', count: 1 },
    { shift: 'L', duty: 'K', count: 2 },
    { shift: 'L', duty: 'SV', count: 2 },
    { shift: 'L', duty: 'B', count: 1 },
  ],
  'Café am Markt': [
    { shift: 'E', duty: 'SV', count: 1 },
    { shift: 'E', duty: 'B', count: 1 },
    { shift: 'L', duty: 'SV', count: 1 },
    { shift: 'L', duty: 'K', count: 1 },
  ],
  'Catering Hafen': [
    { shift: 'M', duty: 'K', count: 2, weekdaysOnly: true },
    { shift: 'M', duty: 'SV', count: 1, weekdaysOnly: true },
  ],
};

export const STORE_NEEDS: SampleNeeds = {
  Headquarter: [
    { shift: 'E', duty: 'CA', count: 1 },
    { shift: 'L', duty: 'CA', count: 1 },
    { shift: 'M', duty: 'ST', count: 1, weekdaysOnly: true },
  ],
};

/**
 * Four weeks of roster for an account from the Monday of this week: items per shift and duty, most assigned by the
 * same rules a planner meets (no overlap, rest after a duty, availability), some left open, a few with
 * applications and sign-outs, sick items up to today, the first two weeks released; plus availability, day notes
 * and comments.
 */
export async function seedSampleRoster(tx: Tx, accountId: string, timeZone: string, needsByLocation: SampleNeeds) {
  const rnd = random(20261122);
  const today = todayIn(timeZone);
  const first = weekStart(today, 'monday');
  const dates = Array.from({ length: 28 }, (_, i) => addDays(first, i));

  const locRows = await tx.select().from(locations).where(eq(locations.accountId, accountId));
  const dutyRows = await tx.select().from(duties).where(eq(duties.accountId, accountId));
  const shiftRows = await tx.select().from(shifts).where(eq(shifts.accountId, accountId));
  const memberRows = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  const staff = memberRows.filter(
    (m) => m.roles.includes('user') || m.roles.includes('freelancer') || m.roles.includes('supervisor'),
  );
  const staffIds = staff.map((m) => m.id);
  const dutyLinks = staffIds.length
    ? await tx.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, staffIds))
    : [];
  const locLinks = staffIds.length
    ? await tx.select().from(membershipLocations).where(inArray(membershipLocations.membershipId, staffIds))
    : [];

  // Availability: weekday defaults for some, and entries of every kind spread over the four weeks.
  const unavailable = new Set<string>();
  const availabilityValues: (typeof availability.$inferInsert)[] = [];
  for (const [i, m] of staff.entries()) {
    if (i % 4 === 0) {
      await tx.insert(availabilityDefaults).values({ membershipId: m.id, weekday: 6, type: 'unavailable' });
    }
    for (const date of dates) {
      const roll = rnd();
      const key = `${m.id}:${date}`;
      if (roll < 0.06) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'unavailable' });
        unavailable.add(key);
      } else if (roll < 0.08) {
        availabilityValues.push({
          accountId,
          membershipId: m.id,
          date,
          type: 'vacation',
          status: rnd() < 0.7 ? 'approved' : 'requested',
        });
        unavailable.add(key);
      } else if (roll < 0.11) {
        availabilityValues.push({
          accountId,
          membershipId: m.id,
          date,
          type: 'limited',
          startMinutes: 6 * 60,
          endMinutes: 15 * 60,
        });
      } else if (roll < 0.16) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'wish' });
      } else if (roll < 0.2) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'available' });
      }
    }
  }
  if (availabilityValues.length) await tx.insert(availability).values(availabilityValues);

  const planned = new Map<string, PlacedItem[]>();
  const items: (typeof rosterItems.$inferInsert)[] = [];
  for (const loc of locRows) {
    const needs = needsByLocation[loc.name] ?? [];
    const local = staff.filter((m) => locLinks.some((l) => l.membershipId === m.id && l.locationId === loc.id));
    for (const [dayIndex, date] of dates.entries()) {
      for (const need of needs) {
        if (need.weekdaysOnly && dayIndex % 7 >= 5) continue;
        const shift = shiftRows.find((s) => s.identifier === need.shift)!;
        const duty = dutyRows.find((d) => d.identifier === need.duty)!;
        for (let n = 0; n < need.count; n++) {
          const base = {
            accountId,
            locationId: loc.id,
            date,
            dutyId: duty.id,
            shiftId: shift.id,
            fromMinutes: shift.startMinutes,
            untilMinutes: shift.endMinutes,
            breakMinutes: shift.breakMinutes,
          };
          const instants = instantsOf(base, timeZone);
          const placedItem: PlacedItem = {
            id: `${loc.id}:${date}:${need.shift}:${need.duty}:${n}`,
            date,
            span: { start: instants.startAt!.getTime(), end: instants.endAt!.getTime() },
            shiftId: shift.id,
            restHours: duty.restHours,
          };
          // About one in eight items stays open for sign-ins and the matching wizard.
          const leaveOpen = rnd() < 0.12;
          const holders = local.filter((m) => dutyLinks.some((l) => l.membershipId === m.id && l.dutyId === duty.id));
          const start = Math.floor(rnd() * Math.max(holders.length, 1));
          let assignee: string | null = null;
          for (let k = 0; k < holders.length && !leaveOpen; k++) {
            const m = holders[(start + k) % holders.length];
            if (unavailable.has(`${m.id}:${date}`)) continue;
            const mine = planned.get(m.id) ?? [];
            if ((mine.filter((p) => p.date >= addDays(date, -6) && p.date <= date).length ?? 0) >= 5) continue;
            if (placementProblem(placedItem, mine, timeZone)) continue;
            assignee = m.id;
            planned.set(m.id, [...mine, placedItem]);
            break;
          }
          items.push({ ...base, ...instants, membershipId: assignee });
        }
      }
    }
  }

  // A few states a planner meets every week: sign-out requests ahead, and people sick this week up to today (on a
  // Monday that is today alone: someone called in sick this morning), the first such item always among them.
  const assigned = items.filter((i) => i.membershipId);
  const upToToday = assigned.filter((i) => i.date! <= today);
  for (const [i, item] of upToToday.entries()) {
    if (i % 17 === 0) {
      item.flag = 'sick';
      item.sick = { percentage: 100, cost: null, code: null };
    }
  }
  for (const [i, item] of assigned.filter((x) => x.date! > today).entries()) {
    if (i % 23 === 0) item.flag = 'signout';
  }
  const inserted = await tx.insert(rosterItems).values(items).returning();

  // Applications on some open items in the third week.
  const open = inserted.filter((i) => !i.membershipId && i.date >= addDays(first, 14) && i.date < addDays(first, 21));
  const applications: (typeof itemApplications.$inferInsert)[] = [];
  for (const item of open.slice(0, 6)) {
    const applicants = staff.filter(
      (m) =>
        dutyLinks.some((l) => l.membershipId === m.id && l.dutyId === item.dutyId) &&
        locLinks.some((l) => l.membershipId === m.id && l.locationId === item.locationId),
    );
    for (const m of applicants.slice(0, 2)) applications.push({ itemId: item.id, membershipId: m.id });
  }
  if (applications.length) await tx.insert(itemApplications).values(applications);

  // The first two weeks are published.
  await tx
    .update(locations)
    .set({ releasedUntil: addDays(first, 13) })
    .where(eq(locations.accountId, accountId));

  const hq = locRows.find((l) => l.name === 'Headquarter');
  const author = memberRows.find((m) => m.roles.includes('planner'));
  if (hq && author) {
    await tx.insert(dayNotes).values([
      { locationId: hq.id, date: addDays(first, 4), content: 'Wine tasting evening: 40 guests, bar needs two.' },
      { locationId: hq.id, date: addDays(first, 12), content: 'Deep clean of the kitchen after closing.' },
    ]);
    await tx.insert(dayComments).values({
      locationId: hq.id,
      date: addDays(first, 4),
      membershipId: author.id,
      message: 'Please confirm the extra bar shift by Wednesday.',
    });
  }
  return { items: inserted.length, applications: applications.length };
}
