import { addDays } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { accounts, activityLog, memberships, rosterItems } from '../../db/schema';
import { seedSampleAbsence } from '../../sample/absence';
import { futureDay, type RosterTest, setUpRoster } from '../roster/testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const stored = async (id: string) => {
  const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id));
  return row;
};
/** An early shift of a member on a date. */
const shiftOn = (user: string, date: string) => r.item({ date, duty: r.ids.kitchen, shift: r.ids.early, user });

describe('reporting sickness (POST /api/sickness)', () => {
  it('flags the items of the member inside the span, and only those', async () => {
    const [before, first, second, after] = [0, 1, 2, 3].map((d) => futureDay(0, d));
    const ids = await Promise.all([before, first, second, after].map((d) => shiftOn(r.ids.anna, d)));
    const emit = vi.spyOn(r.t.ctx.realtime, 'emit');
    const res = await r.planner.post('/api/sickness', {
      membership: r.ids.anna,
      start: first,
      end: second,
      notes: ' flu ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().record).toMatchObject({
      membership: r.ids.anna,
      name: expect.stringContaining('Anna'),
      start: first,
      end: second,
      notes: 'flu',
      items: 2,
      reportedBy: r.ids.planner,
    });
    const flags = await Promise.all(ids.map(async (id) => (await stored(id)).flag));
    expect(flags).toEqual([null, 'sick', 'sick', null]);
    expect((await stored(ids[1])).sick).toEqual({ percentage: 100, cost: null, code: null });
    expect(emit).toHaveBeenCalledWith(`account.${r.ids.bistro}`, 'LocationUpdated', {
      location: r.ids.hq,
      ids: expect.arrayContaining([ids[1], ids[2]]),
    });
    const logged = await r.t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'sickness'), eq(activityLog.entityId, res.json().record.id)));
    expect(logged.map((l) => l.action)).toEqual(['create']);
    emit.mockRestore();
  });

  it('an open record covers every item from its start; closing it gives the later ones back', async () => {
    const days = [0, 1, 2, 3].map((d) => futureDay(1, d));
    const ids = await Promise.all(days.map((d) => shiftOn(r.ids.emma, d)));
    const res = await r.planner.post('/api/sickness', { membership: r.ids.emma, start: days[1] });
    expect(res.json().record).toMatchObject({ end: null, items: 3, notes: null });
    const id = res.json().record.id;
    const open = await r.planner.get(`/api/sickness?openOn=${days[2]}&location=${r.ids.hq}`);
    expect(open.json().records.map((x: { id: string }) => x.id)).toContain(id);
    // The member is back after the second day.
    const closed = await r.planner.put(`/api/sickness/${id}`, { end: days[2] });
    expect(closed.json().record).toMatchObject({ end: days[2], items: 2 });
    expect((await Promise.all(ids.map(stored))).map((i) => i.flag)).toEqual([null, 'sick', 'sick', null]);
    expect(
      (await r.planner.get(`/api/sickness?openOn=${days[3]}`)).json().records.map((x: { id: string }) => x.id),
    ).not.toContain(id);
    // Moving the start earlier flags the first day too.
    const widened = await r.planner.put(`/api/sickness/${id}`, { start: days[0], notes: 'back pain' });
    expect(widened.json().record).toMatchObject({ start: days[0], items: 3, notes: 'back pain' });
    expect((await stored(ids[0])).flag).toBe('sick');
  });

  it('removing a record takes off the flag it gave, and leaves sickness set by hand', async () => {
    const [a, b] = [4, 5].map((d) => futureDay(1, d));
    const byRecord = await shiftOn(r.ids.mia, a);
    const byHand = await shiftOn(r.ids.mia, b);
    await r.planner.put(`/api/items/${byHand}/sick`, { percentage: 50 });
    const res = await r.planner.post('/api/sickness', { membership: r.ids.mia, start: a, end: b });
    expect(res.json().record.items).toBe(1);
    const del = await r.planner.delete(`/api/sickness/${res.json().record.id}`);
    expect(del.json()).toEqual({ deleted: res.json().record.id });
    expect((await stored(byRecord)).flag).toBeNull();
    expect(await stored(byHand)).toMatchObject({ flag: 'sick', sick: { percentage: 50 } });
  });

  it('answers 422 for an end before the start, a span meeting another record, and malformed input', async () => {
    const start = futureDay(2, 0);
    const back = await r.planner.post('/api/sickness', { membership: r.ids.leon, start, end: addDays(start, -1) });
    expect([back.statusCode, back.json().fields]).toEqual([422, { end: ['sickness.endBeforeStart'] }]);
    expect((await r.planner.post('/api/sickness', { membership: r.ids.leon, start })).statusCode).toBe(200);
    const overlap = await r.planner.post('/api/sickness', {
      membership: r.ids.leon,
      start: addDays(start, 10),
      end: addDays(start, 12),
    });
    expect([overlap.statusCode, overlap.json().fields]).toEqual([422, { start: ['sickness.overlap'] }]);
    for (const body of [
      { membership: r.ids.leon, start: '2026-02-30' },
      { membership: r.ids.leon },
      { membership: 'nope', start },
      { membership: r.ids.leon, start, notes: 'x'.repeat(501) },
    ]) {
      const res = await r.planner.post('/api/sickness', body);
      expect([res.statusCode, res.json().code]).toEqual([422, 'VALIDATION']);
    }
  });
});

describe('who may report and read sickness', () => {
  it('owners, managers and planners report anyone; an employee only themself, with the report-absence right', async () => {
    const start = futureDay(3, 0);
    const manager = await r.as('manager@example.com');
    const owner = await r.as('owner@example.com');
    expect((await manager.post('/api/sickness', { membership: r.ids.lukas, start, end: start })).statusCode).toBe(200);
    expect((await owner.post('/api/sickness', { membership: r.ids.sophie, start, end: start })).statusCode).toBe(200);
    const supervisor = await r.as('supervisor@example.com');
    for (const agent of [supervisor, r.employee]) {
      const res = await agent.post('/api/sickness', { membership: r.ids.lea, start, end: start });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    // Without the right, not even for themself.
    const own = { membership: r.ids.emma, start: futureDay(3, 2), end: futureDay(3, 2) };
    expect((await r.employee.post('/api/sickness', own)).statusCode).toBe(403);
    await r.t.database.db
      .update(memberships)
      .set({ rights: ['absence.report', 'availability.edit'] })
      .where(eq(memberships.id, r.ids.emma));
    const reported = await r.employee.post('/api/sickness', own);
    expect(reported.statusCode, reported.body).toBe(200);
    const id = reported.json().record.id;
    expect((await r.employee.put(`/api/sickness/${id}`, { notes: 'fever' })).statusCode).toBe(200);
    // The employee reads their own history, never someone else's.
    const mine = (await r.employee.get('/api/sickness')).json().records;
    expect(mine.every((x: { membership: string }) => x.membership === r.ids.emma)).toBe(true);
    expect(mine.map((x: { id: string }) => x.id)).toContain(id);
    const other = await r.employee.get(`/api/sickness?membership=${r.ids.lea}`);
    expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
    const someoneElses = (await r.planner.get(`/api/sickness?membership=${r.ids.lukas}`)).json().records[0].id;
    expect((await r.employee.put(`/api/sickness/${someoneElses}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await r.employee.delete(`/api/sickness/${someoneElses}`)).statusCode).toBe(403);
    // Planners read the history of a member.
    const history = (await r.planner.get(`/api/sickness?membership=${r.ids.emma}`)).json().records;
    expect(history.map((x: { id: string }) => x.id)).toContain(id);
  });

  it("another account's ids answer 404", async () => {
    const store = await r.storeOwner();
    // Corner Store keeps sickness switched off; switched on, its owner still meets only 404 for the Bistro's ids.
    const db = r.t.database.db;
    const [corner] = await db.select().from(accounts).where(eq(accounts.id, r.ids.store));
    await db
      .update(accounts)
      .set({ modules: [...corner.modules, 'sickness', 'availability'] })
      .where(eq(accounts.id, r.ids.store));
    const own = (await r.planner.get('/api/sickness')).json().records[0].id;
    await expectForeignIdsNotFound(store, [
      { method: 'PUT', url: `/api/sickness/${own}`, body: { notes: 'x' } },
      { method: 'DELETE', url: `/api/sickness/${own}` },
      { method: 'GET', url: `/api/sickness?membership=${r.ids.anna}` },
      { method: 'POST', url: '/api/sickness', body: { membership: r.ids.anna, start: futureDay(4, 0) } },
      {
        method: 'GET',
        url: `/api/availability/overview?location=${r.ids.hq}&from=${futureDay(4, 0)}&until=${futureDay(4, 1)}`,
      },
    ]);
    const theirs = (await store.get('/api/sickness')).json().records;
    expect(theirs.some((x: { membership: string }) => x.membership === r.ids.anna)).toBe(false);
  });

  it('a switched-off sickness module answers 403 MODULE_INACTIVE', async () => {
    const db = r.t.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
    await db
      .update(accounts)
      .set({ modules: account.modules.filter((m) => m !== 'sickness') })
      .where(eq(accounts.id, r.ids.bistro));
    try {
      const res = await r.planner.get('/api/sickness');
      expect([res.statusCode, res.json().code]).toEqual([403, 'MODULE_INACTIVE']);
    } finally {
      await db.update(accounts).set({ modules: account.modules }).where(eq(accounts.id, r.ids.bistro));
    }
  });
});

describe('the roster offers no sick member as a replacement', () => {
  it('candidates for an item leave out members sick that day', async () => {
    const date = futureDay(5, 1);
    const open = await r.item({ date, duty: r.ids.kitchen, shift: r.ids.early });
    const before = (await r.planner.get(`/api/items/${open}/users`)).json();
    const ids = (before.users ?? before) as string[];
    expect(ids).toContain(r.ids.anna);
    const reported = await r.planner.post('/api/sickness', { membership: r.ids.anna, start: date, end: date });
    expect(reported.statusCode, reported.body).toBe(200);
    const after = (await r.planner.get(`/api/items/${open}/users`)).json();
    expect((after.users ?? after) as string[]).not.toContain(r.ids.anna);
  });
});

describe('the planner view (GET /api/availability/overview)', () => {
  it("answers the location's members with entries, defaults, sickness and days left without availability", async () => {
    const from = futureDay(6, 0);
    const until = addDays(from, 6);
    await r.planner.put('/api/availability', { membership: r.ids.anna, dates: [from], type: 'unavailable' });
    const sick = await r.planner.post('/api/sickness', {
      membership: r.ids.anna,
      start: addDays(from, 2),
      end: addDays(from, 3),
    });
    expect(sick.statusCode, sick.body).toBe(200);
    const res = await r.planner.get(`/api/availability/overview?location=${r.ids.hq}&from=${from}&until=${until}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from, until, location: r.ids.hq });
    const anna = body.members.find((m: { id: string }) => m.id === r.ids.anna);
    expect(anna).toMatchObject({ name: expect.stringContaining('Anna'), duties: expect.any(Array) });
    expect(body.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ membership: r.ids.anna, date: from, type: 'unavailable' })]),
    );
    expect(body.sickness.map((s: { id: string }) => s.id)).toContain(sick.json().record.id);
    // Leon's record is still open from an earlier week, so it meets this range too; every record listed does.
    expect(body.sickness.map((s: { membership: string }) => s.membership)).toContain(r.ids.leon);
    for (const s of body.sickness) expect(s.start <= until && (s.end === null || s.end >= from)).toBe(true);
    // The inactive member is not listed; everyone listed belongs to the location.
    expect(body.members.map((m: { id: string }) => m.id)).not.toContain(r.ids.laura);
    for (const m of body.members) expect(m.missing).toBeGreaterThanOrEqual(0);
  });

  it('counts the days with neither an entry nor a weekday default', async () => {
    const from = futureDay(7, 0);
    const until = addDays(from, 6);
    await r.planner.put(`/api/memberships/${r.ids.jan}/availability-defaults`, { days: [] });
    await r.planner.put('/api/availability', { membership: r.ids.jan, dates: [from, addDays(from, 1)], type: 'wish' });
    const res = await r.planner.get(`/api/availability/overview?location=${r.ids.hq}&from=${from}&until=${until}`);
    const jan = res.json().members.find((m: { id: string }) => m.id === r.ids.jan);
    expect(jan.missing).toBe(5);
  });

  it('only planners, managers and owners; a range up to six weeks, in order', async () => {
    const from = futureDay(8, 0);
    const url = (until: string) => `/api/availability/overview?location=${r.ids.hq}&from=${from}&until=${until}`;
    expect((await r.employee.get(url(addDays(from, 6)))).statusCode).toBe(403);
    const supervisor = await r.as('supervisor@example.com');
    expect((await supervisor.get(url(addDays(from, 6)))).statusCode).toBe(403);
    expect((await r.planner.get(url(addDays(from, 41)))).statusCode).toBe(200);
    const long = await r.planner.get(url(addDays(from, 42)));
    expect([long.statusCode, long.json().fields]).toEqual([422, { until: ['availability.rangeTooLong'] }]);
    const back = await r.planner.get(url(addDays(from, -1)));
    expect(back.json().fields).toEqual({ until: ['availability.rangeOrder'] });
    const missing = await r.planner.get(
      `/api/availability/overview?location=00000000-0000-4000-8000-000000000000&from=${from}&until=${from}`,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('the sample', () => {
  it('holds a year of sickness, and one person sick since yesterday with their duties flagged', async () => {
    // The test template has no roster: seed the history the development sample gets after its roster.
    await r.t.database.db.transaction((tx) => seedSampleAbsence(tx, r.ids.bistro, 'Europe/Berlin'));
    const records = (await r.planner.get('/api/sickness')).json().records as {
      start: string;
      end: string | null;
      items: number;
    }[];
    const past = records.filter((x) => x.end !== null && x.end < futureDay(0));
    expect(past.length).toBeGreaterThan(10);
    const months = new Set(past.map((x) => x.start.slice(0, 7)));
    expect(months.size).toBeGreaterThan(6);
    expect(records.some((x) => x.end === null)).toBe(true);
  });
});
