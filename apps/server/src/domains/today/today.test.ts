import { now, todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, checkins, locations, rosterItems } from '../../db/schema';
import { type RosterTest, setUpRoster, TIME_ZONE } from '../roster/testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const date = () => todayIn(TIME_ZONE, now());

describe('GET /api/today', () => {
  it('lists today’s duties across plannings with who works where and what is open', async () => {
    const open = await r.item({ date: date(), duty: r.ids.service, times: { start: '00:00', end: '23:45', break: 0 } });
    const mine = await r.item({
      date: date(),
      duty: r.ids.bar,
      times: { start: '00:00', end: '23:45', break: 0 },
      user: r.ids.emma,
    });
    const res = await r.planner.get('/api/today');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.date).toBe(date());
    const byId = new Map(body.entries.map((e: { item: string }) => [e.item, e]));
    expect(byId.get(open)).toMatchObject({ state: 'open', person: null, location: { id: r.ids.hq } });
    expect(byId.get(mine)).toMatchObject({
      state: 'working',
      checkedIn: null,
      person: { id: r.ids.emma },
      duty: { id: r.ids.bar, name: 'Bar' },
    });
    expect(body.counts.open).toBeGreaterThanOrEqual(1);
  });

  it('with check-ins on, says who is checked in and who is late', async () => {
    const [bistro] = await r.t.database.db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
    await r.t.database.db
      .update(accounts)
      .set({ modules: [...new Set([...bistro.modules, 'hours', 'checkins'])] })
      .where(eq(accounts.id, r.ids.bistro));
    const planner = await r.as('planner@example.com');
    const late = (await planner.get('/api/today')).json();
    const emma = late.entries.find(
      (e: { person: { id: string } | null; state: string }) => e.person?.id === r.ids.emma && e.state !== 'done',
    );
    expect(emma).toMatchObject({ state: 'late', checkedIn: false });
    // An open check-in of the duty (domains/checkins) makes her checked in.
    await r.t.database.db.insert(checkins).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.emma,
      itemId: emma.item,
      locationId: emma.location.id,
      checkedInAt: now(),
    });
    const checked = (await planner.get('/api/today')).json();
    expect(checked.entries.find((e: { item: string }) => e.item === emma.item)).toMatchObject({
      state: 'checkedIn',
      checkedIn: true,
    });
    expect(checked.counts.checkedIn).toBeGreaterThanOrEqual(1);
    // The check-in is the duty's, not the person's: her later duty of the day is not checked into.
    const later = await r.item({ date: date(), duty: r.ids.bar, times: { start: '23:50', end: '23:55', break: 0 } });
    await r.t.database.db.update(rosterItems).set({ membershipId: r.ids.emma }).where(eq(rosterItems.id, later));
    const after = (await planner.get('/api/today')).json();
    expect(after.entries.find((e: { item: string }) => e.item === later)).toMatchObject({ checkedIn: false });
    expect(after.counts.checkedIn).toBe(checked.counts.checkedIn);
  });

  it('shows observers only released days of their plannings; employees are refused', async () => {
    const observer = await r.as('observer@example.com');
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, r.ids.bistro));
    expect((await observer.get('/api/today')).json().entries).toEqual([]);
    expect((await r.employee.get('/api/today')).statusCode).toBe(403);
  });

  it('answers 403 MODULE_INACTIVE with the module off', async () => {
    await r.t.database.db
      .update(accounts)
      .set({ modules: ['roster'] })
      .where(eq(accounts.id, r.ids.bistro));
    const res = await (await r.as('planner@example.com')).get('/api/today');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MODULE_INACTIVE');
  });
});
