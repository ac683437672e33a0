/**
 * Reports and lists rows for the permission table: saved reports, export jobs and payroll hours written straight
 * into the tables, each payroll call on a week of its own so every accountant's export has something to pay.
 */
import { addDays, now } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { accounts, exportFiles, hours, memberships, savedReports } from '../../src/db/schema';
import type { Fixture } from './fixture';

export const FILTERS = { from: '2025-01-06', until: '2025-01-12' };
export const savedBody = { name: 'Saved', labels: ['a'], filters: FILTERS, fields: ['lname'], group: 'employee' };
export const downloadBody = (locations?: string[]) => ({
  filters: { ...FILTERS, ...(locations ? { locations } : {}) },
  fields: ['lname', 'total'],
  format: 'csv',
  group: 'employee',
});

/** The lists module (off in the sample the tests use), switched on in both accounts. */
export async function withLists(fx: Fixture): Promise<void> {
  const db = fx.t.database.db;
  for (const id of [fx.bistro.id, fx.store.id]) {
    const [a] = await db.select().from(accounts).where(eq(accounts.id, id));
    if (!a.modules.includes('lists'))
      await db
        .update(accounts)
        .set({ modules: [...a.modules, 'lists'] })
        .where(eq(accounts.id, id));
  }
}

export async function savedRow(fx: Fixture, kind: 'report' | 'list', accountId = fx.bistro.id) {
  const at = now();
  const [row] = await fx.t.database.db
    .insert(savedReports)
    .values({ accountId, kind, name: 'Saved', filters: FILTERS, fields: ['lname'], createdAt: at, updatedAt: at })
    .returning({ id: savedReports.id });
  return row.id;
}

/** A finished export of the member (a report). */
export async function exportRow(fx: Fixture, membershipId: string, accountId = fx.bistro.id) {
  const [row] = await fx.t.database.db
    .insert(exportFiles)
    .values({
      accountId,
      membershipId,
      kind: 'report',
      request: {},
      state: 'done',
      progress: 100,
      fileName: 'hours.csv',
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from('a,b\n'),
      createdAt: now(),
    })
    .returning({ id: exportFiles.id });
  return row.id;
}

let week = 0;
/**
 * A fresh week in 2024 with one approved, unpaid line of the table's employee (signed in, so registered; the
 * employee number the payroll needs is set here).
 */
export async function payrollWeek(fx: Fixture) {
  const from = addDays('2024-01-01', 7 * week++);
  const at = now();
  const person = fx.people.employee;
  await fx.t.database.db
    .update(memberships)
    .set({ employeeNumber: sql`coalesce(${memberships.employeeNumber}, '9001')` })
    .where(eq(memberships.id, person.membershipId));
  await fx.t.database.db.insert(hours).values({
    accountId: fx.bistro.id,
    membershipId: person.membershipId,
    locationId: person.home,
    date: from,
    fromMinutes: 9 * 60,
    untilMinutes: 17 * 60,
    breakMinutes: 30,
    minutes: 450,
    status: 'approved',
    createdAt: at,
    updatedAt: at,
  });
  return { from, until: addDays(from, 6) };
}
