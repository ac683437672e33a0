import { randomUUID } from 'node:crypto';
import { addDays, now, periodRange, todayIn, weekStart } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  availability,
  dayComments,
  dayNotes,
  duties,
  itemApplications,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rosterItems,
  shiftLocations,
  shifts,
  tags,
  users,
} from '../db/schema';
import { instantsOf } from '../domains/roster/checks';

/** The big location `SAMPLE_DATA=large` adds to Bistro Central, for the benchmarks and for trying the grid. */
export const LARGE_LOCATION = { name: 'Event Hall', zip: '10557', address: 'Alt-Moabit 90', city: 'Berlin' };
/** Staff of the Event Hall (one row each in the grid). */
export const LARGE_STAFF = 200;
/** Items a day at the Event Hall: the staff's and open ones. */
export const LARGE_ITEMS_PER_DAY = 200;
/** Rows per insert statement: well below PostgreSQL's 65,535 parameters, few round trips. */
const BATCH = 1000;

const EMPLOYEE_RIGHTS = [
  'colleagues.view',
  'hours.own',
  'vacation.request',
  'availability.edit',
  'placeholders.signup',
] as const;
/** Duty sets handed out in turn, as the sample people hold them. */
const DUTY_SETS = [['K'], ['SV'], ['SV', 'B'], ['K', 'D'], ['B'], ['SV'], ['D'], ['K'], ['SV', 'SL'], ['SV']];
const FIRST_NAMES = [
  'Alex',
  'Berit',
  'Can',
  'Dana',
  'Emil',
  'Frida',
  'Gero',
  'Hanna',
  'Ilka',
  'Jakob',
  'Karla',
  'Lasse',
  'Mira',
  'Nils',
  'Oda',
  'Piet',
  'Rana',
  'Sven',
  'Tilda',
  'Vito',
];
const LAST_NAMES = ['Adler', 'Bauer', 'Conrad', 'Dietz', 'Engel', 'Franke', 'Graf', 'Haas', 'Ito', 'Jung'];

/** A small deterministic generator, so every fresh start shows the same roster. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export interface LargeSample {
  location: string;
  /** The month seeded: this calendar month. */
  from: string;
  until: string;
  staff: number;
  items: number;
  /** Open items each with a member who is free that day on its shift and duty: an assignment breaks no rule. */
  assignable: { item: string; user: string }[];
}

/**
 * The Event Hall: a location of Bistro Central with 200 staff and this calendar month of about 6,000 items. Each
 * member works most days (88 %, not on unavailable or vacation days) on a shift of their own (E, M or L), so no
 * overlap or rest rule is broken; the rest of 200 items a day stays open, a few with applications; a few items are
 * sick or signed out; the days up to the end of next week are released. Generated in memory and inserted 1,000 rows
 * a statement.
 */
export async function seedLargeLocation(
  tx: Tx,
  accountId: string,
  timeZone: string,
  passwordHash: string,
): Promise<LargeSample> {
  const rnd = random(20261123);
  const today = todayIn(timeZone);
  const { from, until } = periodRange(`${today.slice(0, 8)}01`, 'month');
  const dates: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) dates.push(d);

  const [hall] = await tx
    .insert(locations)
    .values({ ...LARGE_LOCATION, accountId, releasedUntil: addDays(weekStart(today, 'monday'), 13) })
    .returning({ id: locations.id });
  // One after the other: a transaction is one connection.
  const dutyRows = await tx.select().from(duties).where(eq(duties.accountId, accountId));
  const shiftRows = await tx.select().from(shifts).where(eq(shifts.accountId, accountId));
  const tagRows = await tx.select().from(tags).where(eq(tags.accountId, accountId));
  shiftRows.sort((a, b) => a.startMinutes - b.startMinutes);
  const dutyByCode = new Map(dutyRows.map((d) => [d.identifier, d.id]));
  if (shiftRows.length) {
    await tx.insert(shiftLocations).values(shiftRows.map((s) => ({ shiftId: s.id, locationId: hall.id })));
  }

  const confirmed = now();
  const userRows = await tx
    .insert(users)
    .values(
      Array.from({ length: LARGE_STAFF }, (_, i) => {
        const fname = FIRST_NAMES[i % FIRST_NAMES.length];
        const lname = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
        return {
          email: `${fname}.${lname}@hall.example.com`.toLowerCase(),
          passwordHash,
          fname,
          lname,
          locale: 'de',
          emailConfirmedAt: confirmed,
        };
      }),
    )
    .returning({ id: users.id });
  const memberRows = await tx
    .insert(memberships)
    .values(
      userRows.map((u, i) => ({
        accountId,
        userId: u.id,
        status: 'active',
        roles: ['user'],
        rights: [...EMPLOYEE_RIGHTS],
        employeeNumber: String(5000 + i),
        hireDate: '2025-01-01',
        availabilityFlag: true,
        balanceFlag: true,
        onboarding: false,
      })),
    )
    .returning({ id: memberships.id });
  const staff = memberRows.map((m, i) => ({
    id: m.id,
    shift: shiftRows[i % shiftRows.length],
    duties: DUTY_SETS[i % DUTY_SETS.length].map((code) => dutyByCode.get(code)).filter((d) => d !== undefined),
  }));
  await tx.insert(membershipLocations).values(staff.map((m) => ({ membershipId: m.id, locationId: hall.id })));
  await tx
    .insert(membershipDuties)
    .values(staff.flatMap((m) => m.duties.map((dutyId) => ({ membershipId: m.id, dutyId }))));
  const tagLinks = tagRows.length
    ? staff.flatMap((m, i) => (i % 3 === 0 ? [{ membershipId: m.id, tagId: tagRows[i % tagRows.length].id }] : []))
    : [];
  if (tagLinks.length) await tx.insert(membershipTags).values(tagLinks);

  // The instants of a shift on a date, once each (a time zone look-up is slow, the month repeats three shifts).
  const instants = new Map<string, ReturnType<typeof instantsOf>>();
  const instantsFor = (date: string, shift: (typeof shiftRows)[number]) => {
    const key = `${date}|${shift.id}`;
    let known = instants.get(key);
    if (!known) {
      known = instantsOf({ date, fromMinutes: shift.startMinutes, untilMinutes: shift.endMinutes }, timeZone);
      instants.set(key, known);
    }
    return known;
  };

  const availabilityValues: (typeof availability.$inferInsert)[] = [];
  const items: (typeof rosterItems.$inferInsert & { id: string })[] = [];
  const assignable: LargeSample['assignable'] = [];
  const item = (date: string, dutyId: string | undefined, shift: (typeof shiftRows)[number], member: string | null) => {
    const row = {
      id: randomUUID(),
      accountId,
      locationId: hall.id,
      date,
      dutyId: dutyId ?? null,
      shiftId: shift.id,
      fromMinutes: shift.startMinutes,
      untilMinutes: shift.endMinutes,
      breakMinutes: shift.breakMinutes,
      membershipId: member,
      ...instantsFor(date, shift),
    };
    items.push(row);
    return row;
  };
  const assignablePerDay = Math.ceil(LARGE_STAFF / dates.length);
  for (const date of dates) {
    let count = 0;
    const free: typeof staff = [];
    for (const m of staff) {
      const roll = rnd();
      if (roll < 0.04) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'unavailable' });
        continue;
      }
      if (roll < 0.06) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'vacation', status: 'approved' });
        continue;
      }
      if (roll < 0.1) availabilityValues.push({ accountId, membershipId: m.id, date, type: 'wish' });
      else if (roll < 0.13) availabilityValues.push({ accountId, membershipId: m.id, date, type: 'available' });
      if (rnd() >= 0.88 || !m.shift) {
        free.push(m);
        continue;
      }
      item(date, m.duties[Math.floor(rnd() * m.duties.length)], m.shift, m.id);
      count++;
    }
    // Open items a planner can fill: on a free member's own shift and duty.
    for (const m of free.slice(0, assignablePerDay)) {
      if (!m.shift) continue;
      assignable.push({ item: item(date, m.duties[0], m.shift, null).id, user: m.id });
      count++;
    }
    // The rest of the day's items stay open.
    for (; count < LARGE_ITEMS_PER_DAY && shiftRows.length; count++) {
      item(date, dutyRows[Math.floor(rnd() * dutyRows.length)]?.id, shiftRows[count % shiftRows.length], null);
    }
  }

  // States a planner meets: sign-out requests ahead, sick days behind.
  for (const [i, row] of items.entries()) {
    if (!row.membershipId) continue;
    if (row.date > today && i % 23 === 0) row.flag = 'signout';
    if (row.date < today && i % 17 === 0) {
      row.flag = 'sick';
      row.sick = { percentage: 100, cost: null, code: null };
    }
  }
  await insertInBatches(availabilityValues, (batch) => tx.insert(availability).values(batch));
  await insertInBatches(items, (batch) => tx.insert(rosterItems).values(batch));

  // Applications on some open items (not the assignable ones).
  const kept = new Set(assignable.map((a) => a.item));
  const applications = items
    .filter((i) => !i.membershipId && !kept.has(i.id))
    .filter((_, k) => k % 25 === 0)
    .flatMap((i, k) =>
      [staff[k % staff.length], staff[(k + 7) % staff.length]].map((m) => ({ itemId: i.id, membershipId: m.id })),
    );
  await insertInBatches(applications, (batch) => tx.insert(itemApplications).values(batch));

  await tx.insert(dayNotes).values([
    { locationId: hall.id, date: addDays(from, 4), content: 'Trade fair opening: all bars open from 10:00.' },
    { locationId: hall.id, date: addDays(from, 18), content: 'Gala dinner for 600 guests.' },
  ]);
  await tx.insert(dayComments).values({
    locationId: hall.id,
    date: addDays(from, 4),
    membershipId: staff[0].id,
    message: 'Can we get two more people on the bar?',
  });

  return { location: hall.id, from, until, staff: staff.length, items: items.length, assignable };
}
