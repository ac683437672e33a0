/**
 * Vacation and balance rows for the permission table: fresh requests written straight into the tables (each call
 * acts on its own), a one-day contract so a request counts a day, and the balances module switched on.
 */
import { now, weekdayOf } from '@app/domain';
import { eq } from 'drizzle-orm';
import {
  accounts,
  balanceCorrections,
  memberContracts,
  memberships,
  vacationAdjustments,
  vacationRequests,
} from '../../src/db/schema';
import { holidayDatesBetween } from '../../src/domains/settings/holidays';
import type { Fixture } from './fixture';

/** A fresh weekday far ahead. */
export function weekday(fx: Fixture): string {
  for (;;) {
    const date = fx.nextDate();
    if (weekdayOf(date) < 5) return date;
  }
}

async function accountOf(fx: Fixture, membershipId: string): Promise<string> {
  const [m] = await fx.t.database.db.select().from(memberships).where(eq(memberships.id, membershipId));
  return m.accountId;
}

/** A weekday on which the member has a contract of five days a week (their own, or a one-day one made here). */
export async function workday(fx: Fixture, membershipId: string): Promise<string> {
  const accountId = await accountOf(fx, membershipId);
  // A public holiday or a company day off counts no day: take the next weekday that is neither.
  let date = weekday(fx);
  while ((await holidayDatesBetween(fx.t.database.db, accountId, date, date)).size > 0) date = weekday(fx);
  await fx.t.database.db.insert(memberContracts).values({
    accountId,
    membershipId,
    startDate: date,
    endDate: date,
    type: 'full',
    weeklyMinutes: 2400,
    schedule: 'flexible',
    daysPerWeek: 5,
    vacationDays: 25,
    permanent: false,
  });
  return date;
}

/** A fresh request of the member, in the state asked. */
export async function vacationOf(fx: Fixture, membershipId: string, status = 'pending'): Promise<string> {
  const date = weekday(fx);
  const [row] = await fx.t.database.db
    .insert(vacationRequests)
    .values({
      accountId: await accountOf(fx, membershipId),
      membershipId,
      startDate: date,
      endDate: date,
      duration: 'full',
      compensation: 'paid',
      status,
      halfDays: 2,
      minutes: 480,
      dates: [{ date, days: 1, minutes: 480, skipped: null }],
      createdAt: now(),
    })
    .returning();
  return row.id;
}

/** The balances module (off in the sample the tests use), switched on in both accounts. */
export async function withBalances(fx: Fixture): Promise<void> {
  const db = fx.t.database.db;
  for (const id of [fx.bistro.id, fx.store.id]) {
    const [a] = await db.select().from(accounts).where(eq(accounts.id, id));
    if (!a.modules.includes('balances'))
      await db
        .update(accounts)
        .set({ modules: [...a.modules, 'balances'] })
        .where(eq(accounts.id, id));
  }
}

/** A fresh credit of vacation days of the member, to delete. */
export async function adjustmentOf(fx: Fixture, membershipId: string): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(vacationAdjustments)
    .values({
      accountId: await accountOf(fx, membershipId),
      membershipId,
      year: 2030,
      halfDays: 2,
      reason: 'Table row',
      createdAt: now(),
    })
    .returning();
  return row.id;
}

/** A fresh time-for-time correction of the member, to delete. */
export async function correctionOf(fx: Fixture, membershipId: string): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(balanceCorrections)
    .values({
      accountId: await accountOf(fx, membershipId),
      membershipId,
      date: weekday(fx),
      minutes: 60,
      reason: 'Table row',
      createdAt: now(),
    })
    .returning();
  return row.id;
}
