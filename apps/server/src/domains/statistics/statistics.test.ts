import { now } from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { accounts, hours, locations, memberContracts, rosterItems } from '../../db/schema';
import { type RosterTest, setUpRoster } from '../roster/testkit';

let r: RosterTest;
let owner: Agent;
let accountant: Agent;
let pop: string;

/**
 * A planning of its own in a week long past (2026-03-02 to 2026-03-08), so the sample's rows stay out of the
 * numbers: Emma planned 2 × 8 h less 30 min (one sick), worked 7 h 30 at 9,000 ct; one open duty; Anna has a
 * 10-hour weekly contract and worked 12 h (2 h over); a denied line does not count.
 */
beforeAll(async () => {
  r = await setUpRoster();
  const db = r.t.database.db;
  const [bistro] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
  await db
    .update(accounts)
    .set({ modules: [...new Set([...bistro.modules, 'hours', 'statistics'])] })
    .where(eq(accounts.id, r.ids.bistro));
  [owner, accountant] = await Promise.all([r.as('owner@example.com'), r.as('accountant@example.com')]);
  const [loc] = await db.insert(locations).values({ accountId: r.ids.bistro, name: 'Stats pop-up' }).returning();
  pop = loc.id;
  const item = (date: string, member: string | null, sick = false) => ({
    accountId: r.ids.bistro,
    locationId: pop,
    date,
    membershipId: member,
    dutyId: r.ids.bar,
    fromMinutes: 9 * 60,
    untilMinutes: 17 * 60,
    breakMinutes: 30,
    startAt: new Date(`${date}T08:00:00Z`),
    endAt: new Date(`${date}T16:00:00Z`),
    flag: sick ? 'sick' : null,
  });
  await db
    .insert(rosterItems)
    .values([item('2026-03-02', r.ids.emma), item('2026-03-03', r.ids.emma, true), item('2026-03-04', null)]);
  const line = (date: string, member: string, minutes: number, costCents: number | null, status = 'approved') => ({
    accountId: r.ids.bistro,
    membershipId: member,
    locationId: pop,
    dutyId: r.ids.bar,
    date,
    fromMinutes: 540,
    untilMinutes: 540 + minutes,
    minutes,
    costCents,
    status,
    createdAt: now(),
    updatedAt: now(),
  });
  await db
    .insert(hours)
    .values([
      line('2026-03-02', r.ids.emma, 450, 9000),
      line('2026-03-05', r.ids.anna, 720, null, 'pending'),
      line('2026-03-06', r.ids.anna, 600, 12000, 'denied'),
    ]);
  // The sample's contracts of the two give way to one hand-made contract.
  await db.delete(memberContracts).where(inArray(memberContracts.membershipId, [r.ids.anna, r.ids.emma]));
  await db.insert(memberContracts).values({
    accountId: r.ids.bistro,
    membershipId: r.ids.anna,
    startDate: '2026-01-01',
    type: 'part',
    weeklyMinutes: 600,
  });
});
afterAll(async () => r.t.dispose());

describe('GET /api/statistics', () => {
  it('answers the figures of a planning and a week', async () => {
    const res = await accountant.get(`/api/statistics?from=2026-03-02&until=2026-03-08&location=${pop}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      plannedMinutes: 900,
      workedMinutes: 1170,
      costCents: 9000,
      contractMinutes: 600,
      overtimeMinutes: 120,
      sickMinutes: 450,
      sicknessRate: 50,
      openDuties: 1,
      openMinutes: 450,
    });
    expect(body.weeks).toEqual([
      { week: '2026-03-02', plannedMinutes: 900, workedMinutes: 1170, costCents: 9000, contractMinutes: 600 },
    ]);
    expect(body.locations).toEqual([
      { id: pop, name: 'Stats pop-up', plannedMinutes: 900, workedMinutes: 1170, costCents: 9000, openDuties: 1 },
    ]);
    expect(body.duties).toEqual([
      { id: r.ids.bar, name: 'Bar', plannedMinutes: 900, workedMinutes: 1170, costCents: 9000 },
    ]);
    expect(body.people.map((p: { name: string; overtimeMinutes: number }) => [p.name, p.overtimeMinutes])).toEqual([
      ['Anna Schmidt', 120],
      ['Emma Employee', 0],
    ]);
  });

  it('refuses ranges that are reversed or too long, and other accounts’ plannings', async () => {
    expect((await owner.get('/api/statistics?from=2026-03-08&until=2026-03-02')).statusCode).toBe(422);
    expect((await owner.get('/api/statistics?from=2026-01-01&until=2026-06-01')).statusCode).toBe(422);
    expect((await owner.get(`/api/statistics?location=${r.ids.storeLocation}`)).statusCode).toBe(404);
    expect((await owner.get('/api/statistics')).statusCode).toBe(200);
  });

  it('is the accountants’ and owners’: planners and employees are refused', async () => {
    expect((await r.planner.get('/api/statistics')).statusCode).toBe(403);
    expect((await r.employee.get('/api/statistics')).statusCode).toBe(403);
  });
});
