import { NO_ROSTER_RULES } from '@app/contracts';
import { addDays } from '@app/domain';
import { and, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { locations, memberContracts, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from '../roster/testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
  // Monday to Friday: one early service, one late kitchen.
  const needs = [0, 1, 2, 3, 4].flatMap((weekday) => [
    { weekday, shiftId: r.ids.early, dutyId: r.ids.service, count: 1 },
    { weekday, shiftId: r.ids.late, dutyId: r.ids.kitchen, count: 1 },
  ]);
  const saved = await r.planner.put(`/api/locations/${r.ids.hq}/staffing`, { needs });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => r.t.dispose());

interface Assignment {
  location: string;
  date: string;
  shiftId: string;
  dutyId: string | null;
  user: string;
  item: string | null;
  kind: string;
  reasons: string[];
}

const propose = (body: object) => r.planner.post('/api/autoroster', { locations: [r.ids.hq], seconds: 2, ...body });

describe('auto-roster API', () => {
  it('staffs a week from the staffing needs, explains it, and applies it through the roster’s rules', async () => {
    const from = futureDay(0, 0);
    const until = addDays(from, 6);
    const open = await r.item({ date: futureDay(0, 1), duty: r.ids.service, shift: r.ids.early });
    const res = await propose({ from, until });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.penalty.open).toBe(0);
    expect(body.cover).toEqual([]);
    expect(body.assignments).toHaveLength(10);
    // One duty a person a day; the open item is filled rather than a new one made.
    const personDays = body.assignments.map((a: Assignment) => `${a.user}|${a.date}`);
    expect(new Set(personDays).size).toBe(personDays.length);
    expect(body.assignments).toContainEqual(expect.objectContaining({ item: open, kind: 'fill' }));
    expect(body.people.length).toBeGreaterThan(0);
    expect(body.people[0]).toMatchObject({ minutes: expect.any(Number), wishesMissed: expect.any(Number) });

    const applied = await r.planner.post('/api/autoroster/apply', {
      assignments: body.assignments.map(
        ({ kind: _k, reasons: _r, alternatives: _a, ...a }: Assignment & { alternatives: number }) => a,
      ),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ applied: 10, conflicts: [] });
    const rows = await r.t.database.db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.locationId, r.ids.hq), between(rosterItems.date, from, until)));
    expect(rows.filter((i) => i.membershipId)).toHaveLength(10);
    expect(rows.every((i) => i.conflicts.length === 0)).toBe(true);

    // Run again: everyone is kept where they are, nothing new.
    const again = (await propose({ from, until })).json();
    expect(again.assignments.every((a: Assignment) => a.kind === 'keep')).toBe(true);
    expect(again.unassign).toEqual([]);
  });

  it('keeps the contract rules: a contract allowing one day in a row gets no two days running', async () => {
    const from = futureDay(2, 0);
    const until = addDays(from, 6);
    const first = (await propose({ from, until })).json();
    const count = new Map<string, number>();
    for (const a of first.assignments as Assignment[]) count.set(a.user, (count.get(a.user) ?? 0) + 1);
    const [busiest] = [...count].sort((a, b) => b[1] - a[1])[0];
    await r.t.database.db.delete(memberContracts).where(eq(memberContracts.membershipId, busiest));
    await r.t.database.db.insert(memberContracts).values({
      accountId: r.ids.bistro,
      membershipId: busiest,
      startDate: '2020-01-01',
      type: 'flex',
      weeklyMinutes: 40 * 60,
      rosterRules: { ...NO_ROSTER_RULES, maxConsecutiveDays: 1 },
    });
    const body = (await propose({ from, until })).json();
    const days = (body.assignments as Assignment[])
      .filter((a) => a.user === busiest)
      .map((a) => a.date)
      .sort();
    // How many days the person keeps depends on how far the search gets in its two seconds (on a loaded
    // machine it may be none); what must never happen is two days running.
    for (let i = 1; i < days.length; i++) expect(days[i]).not.toBe(addDays(days[i - 1], 1));
    const person = body.people.find((p: { user: string }) => p.user === busiest);
    expect(person.maxMinutes).toBe(40 * 60);
    expect(person.minutes).toBeLessThanOrEqual(40 * 60);
  });

  it('refuses more than six weeks, plannings without staffing needs, released and past days', async () => {
    const from = futureDay(3, 0);
    expect((await propose({ from, until: addDays(from, 42) })).statusCode).toBe(422);
    const none = await propose({ from, until: addDays(from, 6), locations: [r.ids.cafe] });
    expect(none.statusCode).toBe(422);
    expect(none.json().fields).toEqual({ locations: ['validation.autorosterNoNeeds'] });
    expect((await propose({ from: addDays(today(), -1), until: today() })).json().code).toBe('ERR_RELEASED');
    await r.t.database.db.update(locations).set({ releasedUntil: from }).where(eq(locations.id, r.ids.hq));
    expect((await propose({ from, until: addDays(from, 2) })).json()).toMatchObject({
      code: 'ERR_RELEASED',
      data: { reason: 'released' },
    });
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
  });

  it('is for planners who choose people; another account’s plannings answer 404', async () => {
    const from = futureDay(4, 0);
    expect((await r.employee.post('/api/autoroster', { from, until: from, locations: [r.ids.hq] })).statusCode).toBe(
      403,
    );
    expect((await r.employee.post('/api/autoroster/apply', { assignments: [] })).statusCode).toBe(403);
    await expectForeignIdsNotFound(r.planner, [
      { method: 'POST', url: '/api/autoroster', body: { from, until: from, locations: [r.ids.storeLocation] } },
      {
        method: 'POST',
        url: '/api/autoroster/apply',
        body: {
          assignments: [
            {
              location: r.ids.storeLocation,
              date: from,
              shiftId: r.ids.storeShift,
              dutyId: null,
              user: r.ids.storeMember,
              item: null,
            },
          ],
        },
      },
    ]);
  });
});

describe('the roster’s checks warn on contract rules', () => {
  it('marks an item CONTRACT when it makes a run of working days longer than the contract allows', async () => {
    const person = r.ids.lukas;
    await r.t.database.db.delete(memberContracts).where(eq(memberContracts.membershipId, person));
    await r.t.database.db.insert(memberContracts).values({
      accountId: r.ids.bistro,
      membershipId: person,
      startDate: '2020-01-01',
      type: 'part',
      weeklyMinutes: 30 * 60,
      rosterRules: { ...NO_ROSTER_RULES, maxConsecutiveDays: 2 },
    });
    const day = (n: number) => futureDay(5, n);
    const ids = [];
    for (const n of [0, 1, 2]) ids.push(await r.item({ date: day(n), shift: r.ids.early, user: person }));
    const rows = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.membershipId, person));
    const conflictsOf = (id: string) => rows.find((x) => x.id === id)?.conflicts ?? [];
    expect(conflictsOf(ids[0])).not.toContain('CONTRACT');
    expect(conflictsOf(ids[2])).toContain('CONTRACT');
  });
});
