import { RosterResponse, UserIdsResponse } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHolidays, accounts, availability, locations, memberships, sicknessRecords } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

/**
 * What the planner sees on the grid beside the items (docs/product/roster.md, "Leave and holidays", "The person
 * picker", "Hours, contract and cost"): holidays, sickness, the people the picker leaves out and why, and the
 * labour cost for those who may read wages.
 */
let r: RosterTest;
const monday = () => futureDay(0, 0);
const load = (agent: RosterTest['planner'], location = r.ids.hq) =>
  agent.get(`/api/items?scope=planning&location=${location}&date=${monday()}&period=week`);

beforeAll(async () => {
  r = await setUpRoster();
  const db = r.t.database.db;
  await db.insert(accountHolidays).values({ accountId: r.ids.bistro, date: futureDay(0, 2), name: 'Founders day' });
  await db.insert(sicknessRecords).values({
    accountId: r.ids.bistro,
    membershipId: r.ids.leon,
    startDate: futureDay(0, 3),
    endDate: futureDay(0, 4),
  });
  await db.insert(availability).values({
    accountId: r.ids.bistro,
    membershipId: r.ids.emma,
    date: futureDay(0, 1),
    type: 'vacation',
    status: 'approved',
    startMinutes: null,
    endMinutes: null,
  });
  await db.update(memberships).set({ salaryKind: 'hourly', rateCents: 1500 }).where(eq(memberships.id, r.ids.mia));
  await db.update(locations).set({ budgetCents: 50_000 }).where(eq(locations.id, r.ids.hq));
  // Labour cost shows with the rates module on.
  await db
    .update(accounts)
    .set({ modules: sql`array_append(${accounts.modules}, 'rates')` })
    .where(eq(accounts.id, r.ids.bistro));
});
afterAll(async () => r.t.dispose());

describe('holidays and sickness in the roster load', () => {
  it('names the holidays of the period for everyone who reads the roster', async () => {
    for (const agent of [r.planner, r.employee]) {
      const body = RosterResponse.parse((await load(agent)).json());
      expect(body.holidays).toContainEqual({ date: futureDay(0, 2), name: 'Founders day' });
    }
  });

  it('gives planners the days members are reported sick, and nobody else', async () => {
    const planner = RosterResponse.parse((await load(r.planner)).json());
    expect(planner.sick).toEqual(
      expect.arrayContaining([
        { user: r.ids.leon, date: futureDay(0, 3) },
        { user: r.ids.leon, date: futureDay(0, 4) },
      ]),
    );
    expect(planner.sick?.some((s) => s.date === futureDay(0, 2))).toBe(false);
    expect(RosterResponse.parse((await load(r.employee)).json()).sick).toBeUndefined();
  });

  it('carries approved vacation as availability for planners', async () => {
    const body = RosterResponse.parse((await load(r.planner)).json());
    expect(body.availability).toContainEqual(
      expect.objectContaining({ user: r.ids.emma, date: futureDay(0, 1), type: 'vacation', status: 'approved' }),
    );
  });
});

describe('the people the picker leaves out, with the reason', () => {
  it('names vacation, sickness and a missing duty, and offers the rest', async () => {
    const onVacation = await r.item({ date: futureDay(0, 1), duty: r.ids.service, shift: r.ids.early });
    const res = await r.planner.get(`/api/items/${onVacation}/users`);
    expect(res.statusCode).toBe(200);
    const body = UserIdsResponse.parse(res.json());
    expect(body.leftOut).toContainEqual({ user: r.ids.emma, reason: 'vacation' });
    expect(body.users).not.toContain(r.ids.emma);
    // Every active member of the planning is either offered or left out with a reason, never both.
    for (const l of body.leftOut ?? []) expect(body.users).not.toContain(l.user);

    const whileSick = await r.item({ date: futureDay(0, 3), duty: r.ids.kitchen, shift: r.ids.early });
    const sick = UserIdsResponse.parse((await r.planner.get(`/api/items/${whileSick}/users`)).json());
    expect(sick.leftOut).toContainEqual({ user: r.ids.leon, reason: 'sick' });
    // Someone of the planning without the kitchen duty.
    expect(sick.leftOut?.some((l) => l.reason === 'duty')).toBe(true);
  });

  it('without an item (a day) leaves out those on vacation', async () => {
    const res = await r.planner.get(`/api/locations/${r.ids.hq}/users/${futureDay(0, 1)}`);
    const body = UserIdsResponse.parse(res.json());
    expect(body.leftOut).toContainEqual({ user: r.ids.emma, reason: 'vacation' });
  });
});

describe('labour cost and the budget in the roster load', () => {
  it('gives owners and managers the planned cost by day, person and period and the budget', async () => {
    const date = futureDay(0, 5);
    await r.item({ date, duty: r.ids.kitchen, times: { start: '10:00', end: '14:00', break: 0 }, user: r.ids.mia });
    for (const email of ['owner@example.com', 'manager@example.com']) {
      const body = RosterResponse.parse((await load(await r.as(email))).json());
      expect(body.cost, email).toBeDefined();
      const cost = body.cost!;
      expect(cost.budgetCents).toBe(50_000);
      // Mia's 4 hours at 15.00 (no account wage of that amount: factor 1.00), unless a premium applies that day.
      expect(cost.byUser[r.ids.mia]).toBeGreaterThanOrEqual(6000);
      expect(cost.byDay[date]).toBeGreaterThanOrEqual(cost.byUser[r.ids.mia] > 0 ? 6000 : 0);
      const sum = Object.values(cost.byDay).reduce((a, b) => a + b, 0);
      expect(sum).toBe(cost.totalCents);
    }
  });

  it('is left out for planners, supervisors, employees and observers', async () => {
    for (const email of [
      'planner@example.com',
      'supervisor@example.com',
      'employee@example.com',
      'observer@example.com',
    ]) {
      const res = await load(await r.as(email));
      expect(res.statusCode, email).toBe(200);
      expect(RosterResponse.parse(res.json()).cost, email).toBeUndefined();
      expect(res.body, email).not.toContain('totalCents');
    }
  });

  it("is not given for another account's planning", async () => {
    const res = await load(await r.storeOwner(), r.ids.hq);
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('totalCents');
  });
});
