import { addDays, todayIn, weekStart } from '@app/domain';
import { and, eq, gte } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { availability, memberships, rosterItems, sicknessRecordItems, sicknessRecords, users } from '../db/schema';

/** A small deterministic generator, so every fresh start shows the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A year of history before the sample roster's four weeks: availability as staff enter it (more wishes and
 * unavailable days in the summer and around the holidays, some limited evenings for students), and sickness spells
 * of one to six days, more in winter. One person is sick since yesterday, still open, with their duties flagged.
 */
export async function seedSampleAbsence(tx: Tx, accountId: string, timeZone: string) {
  const rnd = random(20261125);
  const today = todayIn(timeZone);
  const first = weekStart(today, 'monday');
  const start = addDays(first, -364);
  const staff = await tx
    .select({ id: memberships.id, roles: memberships.roles, fname: users.fname, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  const people = staff.filter((m) => m.roles.includes('user') || m.roles.includes('supervisor'));
  const entries: (typeof availability.$inferInsert)[] = [];
  const records: (typeof sicknessRecords.$inferInsert)[] = [];
  for (const [i, m] of people.entries()) {
    const student = i % 3 === 1;
    let sickUntil = start;
    for (let date = start; date < first; date = addDays(date, 1)) {
      const month = Number(date.slice(5, 7));
      const summer = month >= 7 && month <= 8;
      const winter = month === 12 || month <= 2;
      // Sickness: about one spell in 40 days in winter, one in 120 otherwise.
      if (date > sickUntil && rnd() < (winter ? 1 / 40 : 1 / 120)) {
        const days = 1 + Math.floor(rnd() * 6);
        const end = addDays(date, days - 1);
        if (end < first) {
          records.push({
            accountId,
            membershipId: m.id,
            startDate: date,
            endDate: end,
            notes: rnd() < 0.4 ? (winter ? 'Flu' : 'Doctor’s note sent') : null,
            createdAt: new Date(`${date}T07:30:00Z`),
            updatedAt: new Date(`${end}T07:30:00Z`),
          });
          sickUntil = addDays(end, 14);
        }
      }
      const roll = rnd();
      if (roll < (summer ? 0.12 : 0.05)) entries.push({ accountId, membershipId: m.id, date, type: 'unavailable' });
      else if (student && roll < 0.2)
        entries.push({
          accountId,
          membershipId: m.id,
          date,
          type: 'limited',
          startMinutes: 16 * 60,
          endMinutes: 23 * 60,
          note: 'Lectures until 15:00',
        });
      else if (roll < 0.26) entries.push({ accountId, membershipId: m.id, date, type: 'wish' });
      else if (roll < 0.32) entries.push({ accountId, membershipId: m.id, date, type: 'available' });
    }
  }
  for (let i = 0; i < entries.length; i += 1000)
    await tx
      .insert(availability)
      .values(entries.slice(i, i + 1000))
      .onConflictDoNothing();
  if (records.length) await tx.insert(sicknessRecords).values(records);

  // Sick since yesterday, not back yet: the last staff member who is not one of the sample's log-ins (they
  // show the daily loop), with their duties from then on flagged.
  const patient = people
    .filter((m) => !/^(owner|manager|planner|supervisor|employee)@example\.com$/.test(m.email))
    .at(-1);
  if (!patient) return;
  const since = addDays(today, -1);
  const [open] = await tx
    .insert(sicknessRecords)
    .values({ accountId, membershipId: patient.id, startDate: since, endDate: null, notes: 'Called in sick' })
    .returning();
  const items = await tx
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.membershipId, patient.id), gte(rosterItems.date, since)));
  const flaggable = items.filter((it) => it.flag !== 'sick' && (it.fromMinutes !== null || it.shiftId !== null));
  for (const it of flaggable) {
    await tx
      .update(rosterItems)
      .set({ flag: 'sick', sick: { percentage: 100, cost: null, code: null } })
      .where(eq(rosterItems.id, it.id));
  }
  if (flaggable.length)
    await tx.insert(sicknessRecordItems).values(flaggable.map((it) => ({ recordId: open.id, itemId: it.id })));
}
