import { addDays, weekStart } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hours, locations } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

type Day = { date: string; past: boolean; billed?: boolean; closed?: boolean };
const daysOf = async (agent: RosterTest['planner'], monday: string): Promise<Day[]> => {
  const res = await agent.get(`/api/items?scope=planning&location=${r.ids.hq}&date=${monday}&period=week&compact=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().days;
};

describe('the roster says why a day takes no duty: billed and closed days (GET /api/items)', () => {
  it('marks the days with billed hours and those outside a temporary planning’s dates, for planners only', async () => {
    const monday = weekStart(futureDay(3, 0), 'monday');
    const wednesday = addDays(monday, 2);
    const { db } = r.t.database;
    const at = new Date();
    await db.insert(hours).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.emma,
      locationId: r.ids.hq,
      date: wednesday,
      fromMinutes: 480,
      untilMinutes: 960,
      minutes: 480,
      status: 'approved',
      billed: true,
      createdAt: at,
      updatedAt: at,
    });
    await db
      .update(locations)
      .set({ startDate: monday, endDate: addDays(monday, 4) })
      .where(eq(locations.id, r.ids.hq));
    try {
      const days = await daysOf(r.planner, monday);
      expect(days.filter((d) => d.billed).map((d) => d.date)).toEqual([wednesday]);
      expect(days.filter((d) => d.closed).map((d) => d.date)).toEqual([addDays(monday, 5), addDays(monday, 6)]);
      const seen = await daysOf(r.employee, monday);
      expect(seen.every((d) => d.billed === undefined && d.closed === undefined)).toBe(true);
    } finally {
      await db.update(locations).set({ startDate: null, endDate: null }).where(eq(locations.id, r.ids.hq));
    }
  });
});
