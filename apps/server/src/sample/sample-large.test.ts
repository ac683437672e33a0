import { expandRoster, RosterCompactResponse, RosterResponse } from '@app/contracts';
import { todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { accounts, locations, membershipLocations, rosterItems } from '../db/schema';
import { LARGE_LOCATION, LARGE_STAFF, type LargeSample } from './large';
import { seedSampleData } from './seed';

let t: TestApp;
let large: LargeSample;
beforeAll(async () => {
  t = await createTestApp({ sample: false });
  const seeded = await seedSampleData(t.database.db, { roster: true, large: true });
  large = seeded.large!;
}, 60_000);
afterAll(async () => t.dispose());

describe('SAMPLE_DATA=large', () => {
  it('adds the Event Hall to Bistro Central beside the normal sample: 200 staff and a month of about 6,000 items', async () => {
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const locs = await t.database.db.select().from(locations).where(eq(locations.accountId, bistro.id));
    expect(locs.map((l) => l.name).sort()).toEqual(
      ['Café am Markt', 'Catering Hafen', LARGE_LOCATION.name, 'Headquarter'].sort(),
    );
    expect(
      await t.database.db.select().from(membershipLocations).where(eq(membershipLocations.locationId, large.location)),
    ).toHaveLength(LARGE_STAFF);
    const items = await t.database.db.select().from(rosterItems).where(eq(rosterItems.locationId, large.location));
    // This calendar month, 200 a day: 5,600 in February to 6,200 in a month of 31 days.
    expect(items.length).toBeGreaterThanOrEqual(5600);
    expect(items.every((i) => i.date >= large.from && i.date <= large.until)).toBe(true);
    expect(large.from).toBe(`${todayIn('Europe/Berlin').slice(0, 8)}01`);
    expect(items.filter((i) => i.membershipId).length).toBeGreaterThan(items.length * 0.7);
    expect(large.assignable.length).toBeGreaterThanOrEqual(150);
  });

  it('keeps the normal sample: its log-ins and locations are unchanged', async () => {
    await signIn(t.app, 'owner@example.com');
    const employee = await signIn(t.app, 'employee@example.com');
    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    expect((await employee.get(`/api/items?scope=planning&location=${hq.id}&period=week`)).statusCode).toBe(200);
  });

  it('loads for the planner as one month of 200 people, exactly in the schema', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const res = await planner.get(
      `/api/items?scope=planning&location=${large.location}&date=${large.from}&period=month`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.users)).toHaveLength(LARGE_STAFF);
    expect(body.items).toHaveLength(large.items);
    expect(RosterResponse.parse(body)).toEqual(body);

    // The compact form the web asks for holds exactly the same, in a small part of the bytes.
    const compact = await planner.get(
      `/api/items?scope=planning&location=${large.location}&date=${large.from}&period=month&compact=1`,
    );
    expect(compact.statusCode).toBe(200);
    const parsed = RosterCompactResponse.parse(compact.json());
    expect(expandRoster(parsed)).toEqual(body);
    expect(parsed.refs.length).toBeLessThanOrEqual(LARGE_STAFF + 20);
    expect(compact.body.length).toBeLessThan(res.body.length / 4);
  });

  it('lets a planner assign each prepared open item without breaking a rule', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    for (const a of large.assignable.slice(0, 5)) {
      const res = await planner.put(`/api/items/${a.item}/user`, { user: a.user });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
