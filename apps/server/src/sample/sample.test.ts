import { RosterResponse } from '@app/contracts';
import { addDays, todayIn, weekStart } from '@app/domain';
import { and, asc, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import {
  accounts,
  availability,
  hours,
  itemApplications,
  locations,
  memberships,
  rosterItems,
  sicknessRecords,
  tags,
  users,
  vacationRequests,
} from '../db/schema';
import { presentedColumns, readPresentedItems } from '../domains/roster/present';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ roster: true });
});
afterAll(async () => t.dispose());

describe('sample data', () => {
  it('holds a hospitality company with 3 locations and about 40 staff, and a small retail account', async () => {
    const all = await t.database.db.select().from(accounts);
    expect(all.map((a) => [a.name, a.industry])).toEqual(
      expect.arrayContaining([
        ['Bistro Central', 'gastronomy'],
        ['Corner Store', 'retail'],
      ]),
    );
    const bistro = all.find((a) => a.name === 'Bistro Central')!;
    expect(await t.database.db.select().from(locations).where(eq(locations.accountId, bistro.id))).toHaveLength(3);
    const staff = await t.database.db.select().from(memberships).where(eq(memberships.accountId, bistro.id));
    expect(staff.length).toBeGreaterThanOrEqual(38);
    expect(new Set(staff.flatMap((m) => m.roles))).toEqual(
      new Set(['owner', 'manager', 'planner', 'supervisor', 'observer', 'accountant', 'biller', 'freelancer', 'user']),
    );
  });

  it('lets every sample log-in sign in with Welcome123', async () => {
    for (const email of [
      'owner@example.com',
      'manager@example.com',
      'planner@example.com',
      'supervisor@example.com',
      'employee@example.com',
    ]) {
      await signIn(t.app, email);
    }
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(await t.database.db.select().from(memberships).where(eq(memberships.userId, owner.id))).toHaveLength(2);
  });

  it('has four weeks of roster with open items, applications, sign-outs, sick items and two released weeks', async () => {
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const items = await t.database.db.select().from(rosterItems).where(eq(rosterItems.accountId, bistro.id));
    const first = weekStart(todayIn('Europe/Berlin'));
    // Before the four weeks lie the two months of worked duties that carry the sample's hours (sample/hours.ts).
    expect(items.filter((i) => i.date >= first).length).toBeGreaterThan(400);
    expect(items.every((i) => i.date >= addDays(first, -63) && i.date <= addDays(first, 27))).toBe(true);
    expect(items.filter((i) => !i.membershipId).length).toBeGreaterThan(20);
    expect(items.some((i) => i.flag === 'signout')).toBe(true);
    expect(items.some((i) => i.flag === 'sick')).toBe(true);
    expect((await t.database.db.select().from(itemApplications)).length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(availability)).length).toBeGreaterThan(50);
    const locs = await t.database.db.select().from(locations).where(eq(locations.accountId, bistro.id));
    expect(locs.every((l) => l.releasedUntil === addDays(first, 13))).toBe(true);
  });

  it('has a year of vacation in every state, sickness records and availability (issue 12)', async () => {
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const requests = await t.database.db
      .select()
      .from(vacationRequests)
      .where(eq(vacationRequests.accountId, bistro.id));
    expect(requests.length).toBeGreaterThan(10);
    for (const state of ['pending', 'approved', 'denied']) expect(requests.some((r) => r.status === state)).toBe(true);
    expect(new Set(requests.map((r) => r.membershipId)).size).toBeGreaterThan(3);
    expect(requests.some((r) => r.compensation === 'timeForTime')).toBe(true);
    const dates = requests.map((r) => r.startDate).sort();
    const spanDays = (Date.parse(dates[dates.length - 1]) - Date.parse(dates[0])) / 86_400_000;
    expect(spanDays).toBeGreaterThan(180);
    const sickness = await t.database.db.select().from(sicknessRecords).where(eq(sicknessRecords.accountId, bistro.id));
    expect(sickness.length).toBeGreaterThan(2);
    const entries = await t.database.db.select().from(availability).where(eq(availability.accountId, bistro.id));
    expect(new Set(entries.map((e) => e.membershipId)).size).toBeGreaterThan(3);
  });

  it('has two months of hours in every state before the roster’s weeks', async () => {
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const rows = await t.database.db.select().from(hours).where(eq(hours.accountId, bistro.id));
    const first = weekStart(todayIn('Europe/Berlin'));
    expect(rows.length).toBeGreaterThan(500);
    expect(new Set(rows.map((h) => h.status))).toEqual(new Set(['pending', 'approved', 'denied']));
    expect(rows.some((h) => h.paid) && rows.some((h) => h.billed && !h.paid)).toBe(true);
    expect(rows.every((h) => h.date < first && h.date >= addDays(first, -63))).toBe(true);
    expect(rows.filter((h) => h.status === 'denied').every((h) => h.denialMessage)).toBe(true);
    // Every worker's last duties are still open to register.
    const emma = await signIn(t.app, 'employee@example.com');
    const open = await emma.get(`/api/hours?tab=register&from=${addDays(first, -62)}&until=${addDays(first, -1)}`);
    expect(open.json().lines.length).toBeGreaterThan(0);
  });

  it('plans nobody twice at once: the roster loads for the planner with every item', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    const first = weekStart(todayIn('Europe/Berlin'));
    const res = await planner.get(`/api/items?scope=planning&location=${hq.id}&date=${first}&period=4weeks`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(28);
    expect(body.items.length).toBeGreaterThan(200);
    expect(body.days.filter((d: { released: boolean }) => d.released)).toHaveLength(14);
    // The load skips the serializer's schema check for speed: it must still answer exactly the schema's fields.
    expect(RosterResponse.parse(body)).toEqual(body);
  });

  it('shows an employee only released days, still exactly the schema’s fields', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    const first = weekStart(todayIn('Europe/Berlin'));
    const body = (await employee.get(`/api/items?scope=planning&location=${hq.id}&date=${first}&period=4weeks`)).json();
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i: { date: string }) => i.date <= addDays(first, 13))).toBe(true);
    expect(
      body.items.every((i: { internal: unknown; conflicts: unknown }) => i.internal === null && i.conflicts === null),
    ).toBe(true);
    expect(RosterResponse.parse(body)).toEqual(body);
  });

  it('reads items for the roster with the plain query exactly as the query builder does', async () => {
    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    const first = weekStart(todayIn('Europe/Berlin'));
    const until = addDays(first, 27);
    const someTags = await t.database.db.select().from(tags).where(eq(tags.accountId, hq.accountId)).limit(2);
    await t.database.db
      .update(rosterItems)
      .set({ notes: 'Keys', internal: 'Trial', conflicts: ['AVAILABILITY'], tagIds: someTags.map((x) => x.id) })
      .where(eq(rosterItems.date, first));
    const plain = await readPresentedItems(t.database.db, hq.accountId, hq.id, first, until);
    const built = await t.database.db
      .select(presentedColumns)
      .from(rosterItems)
      .where(and(eq(rosterItems.locationId, hq.id), between(rosterItems.date, first, until)))
      .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes));
    const byId = (rows: { id: string }[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(plain.length).toBeGreaterThan(100);
    expect(plain.some((r) => r.sick !== null)).toBe(true);
    expect(plain.some((r) => r.tagIds.length === 2)).toBe(true);
    expect(byId(plain)).toEqual(byId(built));
  });
});
