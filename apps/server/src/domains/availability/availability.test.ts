import { addDays, availabilityDeadline, availabilityWeekday } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { accounts, activityLog, availability, memberships } from '../../db/schema';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let supervisor: Agent;
let employee: Agent;
let anna: Agent;
let observer: Agent;
let julia: Agent;
const id = {} as Record<
  'owner' | 'manager' | 'planner' | 'supervisor' | 'employee' | 'anna' | 'observer' | 'julia',
  string
>;
let bistroId: string;
/** Today in the sample accounts' time zone, and dates after it. */
const today = availabilityDeadline(0, 'Europe/Berlin');
const day = (n: number) => addDays(today, n);

async function membershipOf(agent: Agent): Promise<string> {
  return (await agent.get('/api/app/init')).json().membership.id;
}

async function setSettings(patch: Record<string, unknown>) {
  const res = await owner.put('/api/settings/availability', patch);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, manager, planner, supervisor, employee, anna, observer, julia] = await Promise.all(
    [
      'owner@example.com',
      'manager@example.com',
      'planner@example.com',
      'supervisor@example.com',
      'employee@example.com',
      'anna.schmidt@example.com',
      'observer@example.com',
      'julia.lang@example.com',
    ].map((email) => signIn(t.app, email)),
  );
  const agents = { owner, manager, planner, supervisor, employee, anna, observer, julia };
  for (const [key, agent] of Object.entries(agents)) id[key as keyof typeof id] = await membershipOf(agent);
  bistroId = (await owner.get('/api/app/init')).json().account.id;
});
afterAll(async () => t.dispose());
afterEach(() => vi.restoreAllMocks());

describe('saving availability (PUT /api/availability)', () => {
  it('a member saves one entry per selected date, with the same type and constraints', async () => {
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const res = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(12), day(10), day(11)],
      type: 'limited',
      start: '10:00',
      end: '16:00',
      note: 'school run',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries).toEqual(
      [day(10), day(11), day(12)].map((date) => ({
        id: expect.any(String),
        membership: id.employee,
        date,
        type: 'limited',
        start: '10:00',
        end: '16:00',
        status: null,
        note: 'school run',
        updatedAt: expect.any(String),
      })),
    );
    expect(emit).toHaveBeenCalledWith(
      `account.${bistroId}`,
      'AvailabilityUpdated',
      {
        membershipId: id.employee,
        dates: [day(10), day(11), day(12)],
      },
      // The change's origin: its own app is not told about it (X-Socket-Id).
      expect.objectContaining({ sessionId: expect.any(String) }),
    );
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'availability'), eq(activityLog.membershipId, id.employee)));
    expect(logged.filter((l) => l.action === 'create')).toHaveLength(3);
  });

  it('saving a date again replaces its entry (one per member and date) and is logged as an update', async () => {
    const res = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(10)],
      type: 'unavailable',
    });
    expect(res.json().entries).toMatchObject([{ date: day(10), type: 'unavailable', start: null, note: null }]);
    const rows = await t.database.db
      .select()
      .from(availability)
      .where(and(eq(availability.membershipId, id.employee), eq(availability.date, day(10))));
    expect(rows).toHaveLength(1);
    const [update] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'availability'), eq(activityLog.action, 'update')));
    expect(update).toMatchObject({
      entityId: rows[0].id,
      before: { type: 'limited', start: '10:00' },
      after: { type: 'unavailable', start: null },
    });
  });

  it('answers 422 per field when the entry breaks the availability rules', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ type: 'limited' }, { start: ['availability.timesRequired'], end: ['availability.timesRequired'] }],
      [
        { type: 'unavailable', start: '08:00', end: '12:00' },
        { start: ['availability.timesNotAllowed'], end: ['availability.timesNotAllowed'] },
      ],
      [
        { type: 'wish', start: '08:00', end: '12:00' },
        { start: ['availability.timesNotAllowed'], end: ['availability.timesNotAllowed'] },
      ],
      [{ type: 'available', start: '08:00' }, { end: ['availability.timesBoth'] }],
      [{ type: 'vacation', status: 'requested', end: '12:00' }, { start: ['availability.timesBoth'] }],
      [{ type: 'limited', start: '08:00', end: '08:00' }, { end: ['availability.timesEqual'] }],
      [{ type: 'available', status: 'approved' }, { status: ['availability.statusNotAllowed'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await employee.put('/api/availability', { membership: id.employee, dates: [day(20)], ...body });
      expect([res.statusCode, res.json().code, res.json().fields]).toEqual([422, 'VALIDATION', fields]);
    }
    const twice = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(20), day(20)],
      type: 'unavailable',
    });
    expect(twice.json().fields).toEqual({ dates: ['availability.datesDuplicate'] });
    // A planner states the vacation's status; nobody defaults it for them.
    const noStatus = await planner.put('/api/availability', {
      membership: id.anna,
      dates: [day(20)],
      type: 'vacation',
    });
    expect(noStatus.json().fields).toEqual({ status: ['availability.statusRequired'] });
  });

  it('answers 422 for malformed input: dates, times, too many days, a long note', async () => {
    const bodies = [
      { dates: ['2026-02-30'], type: 'unavailable' },
      { dates: ['tomorrow'], type: 'unavailable' },
      { dates: [], type: 'unavailable' },
      { dates: Array.from({ length: 94 }, (_, i) => day(i)), type: 'unavailable' },
      { dates: [day(20)], type: 'limited', start: '25:00', end: '26:00' },
      { dates: [day(20)], type: 'sick' },
      { dates: [day(20)], type: 'unavailable', note: 'x'.repeat(501) },
    ];
    for (const body of bodies) {
      const res = await employee.put('/api/availability', { membership: id.employee, ...body });
      expect([res.statusCode, res.json().code]).toEqual([422, 'VALIDATION']);
      expect(Object.keys(res.json().fields ?? {})).not.toHaveLength(0);
    }
    const res = await employee.put('/api/availability', { membership: 'nope', dates: [day(20)], type: 'wish' });
    expect(res.statusCode).toBe(422);
  });

  it("an employee's vacation is requested; only managers, owners and planners approve or deny it", async () => {
    const requested = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(30), day(31)],
      type: 'vacation',
    });
    expect(requested.json().entries.map((e: { status: string }) => e.status)).toEqual(['requested', 'requested']);
    for (const status of ['approved', 'denied']) {
      const res = await employee.put('/api/availability', {
        membership: id.employee,
        dates: [day(32)],
        type: 'vacation',
        status,
      });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    const approved = await planner.put('/api/availability', {
      membership: id.employee,
      dates: [day(30)],
      type: 'vacation',
      status: 'approved',
    });
    expect(approved.json().entries[0].status).toBe('approved');
    const denied = await manager.put('/api/availability', {
      membership: id.employee,
      dates: [day(31)],
      type: 'vacation',
      status: 'denied',
    });
    expect(denied.json().entries[0].status).toBe('denied');
  });

  it('an employee cannot overwrite or remove a vacation that was approved or denied', async () => {
    for (const date of [day(30), day(31)]) {
      const overwrite = await employee.put('/api/availability', {
        membership: id.employee,
        dates: [date],
        type: 'wish',
      });
      expect([overwrite.statusCode, overwrite.json().data]).toEqual([403, { dates: [date] }]);
      const remove = await employee.delete('/api/availability', { membership: id.employee, dates: [date] });
      expect(remove.statusCode).toBe(403);
    }
    const res = await owner.delete('/api/availability', { membership: id.employee, dates: [day(30), day(31)] });
    expect(res.json()).toEqual({ deleted: [day(30), day(31)] });
  });
});

describe('the weeks-ahead deadline', () => {
  afterEach(async () => setSettings({ availabilityWeeksAhead: 0 }));

  it('an employee cannot change the past, even with no weeks ahead', async () => {
    const res = await employee.put('/api/availability', { membership: id.employee, dates: [day(-1)], type: 'wish' });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { dates: ['availability.deadline'] },
      data: { deadline: today, dates: [day(-1)] },
    });
    expect(
      (await employee.put('/api/availability', { membership: id.employee, dates: [today], type: 'wish' })).statusCode,
    ).toBe(200);
  });

  it('with N weeks ahead, an employee changes only dates from today plus N weeks on', async () => {
    await setSettings({ availabilityWeeksAhead: 2 });
    const early = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(3), day(13), day(14)],
      type: 'unavailable',
    });
    expect([early.statusCode, early.json().data]).toEqual([422, { deadline: day(14), dates: [day(3), day(13)] }]);
    const remove = await employee.delete('/api/availability', { membership: id.employee, dates: [today] });
    expect(remove.json().fields).toEqual({ dates: ['availability.deadline'] });
    const inTime = await employee.put('/api/availability', {
      membership: id.employee,
      dates: [day(14), day(15)],
      type: 'unavailable',
    });
    expect(inTime.statusCode).toBe(200);
  });

  it('planners, managers and owners are not bound by it', async () => {
    await setSettings({ availabilityWeeksAhead: 4 });
    for (const agent of [planner, manager, owner]) {
      const res = await agent.put('/api/availability', {
        membership: id.employee,
        dates: [day(-3), day(2)],
        type: 'available',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await planner.delete('/api/availability', { membership: id.employee, dates: [day(-3), day(2)] });
    expect(res.json().deleted).toEqual([day(-3), day(2)]);
  });
});

describe('who may change availability', () => {
  afterEach(async () => {
    await setSettings({ plannersMayChangeAvailability: true });
    await t.database.db
      .update(memberships)
      .set({
        availabilityFlag: true,
        rights: ['colleagues.view', 'hours.own', 'vacation.request', 'availability.edit', 'placeholders.signup'],
      })
      .where(eq(memberships.id, id.employee));
  });

  const body = (membership: string) => ({ membership, dates: [day(40)], type: 'unavailable' });

  it("planners change others' availability while the account lets them; owners and managers always", async () => {
    expect((await planner.put('/api/availability', body(id.anna))).statusCode).toBe(200);
    await setSettings({ plannersMayChangeAvailability: false });
    const refused = await planner.put('/api/availability', body(id.anna));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await planner.delete('/api/availability', { membership: id.anna, dates: [day(40)] })).statusCode).toBe(403);
    expect((await planner.put(`/api/memberships/${id.anna}/availability-defaults`, { days: [] })).statusCode).toBe(403);
    // Reading stays open to planners.
    expect(
      (await planner.get(`/api/availability?from=${day(40)}&until=${day(40)}&membership=${id.anna}`)).json().entries,
    ).toHaveLength(1);
    expect((await manager.put('/api/availability', body(id.anna))).statusCode).toBe(200);
    expect((await owner.put('/api/availability', body(id.planner))).statusCode).toBe(200);
  });

  it('other roles are refused for anyone but themselves', async () => {
    for (const agent of [supervisor, employee, observer]) {
      const res = await agent.put('/api/availability', body(id.anna));
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
      expect((await agent.delete('/api/availability', { membership: id.anna, dates: [day(40)] })).statusCode).toBe(403);
      expect((await agent.put(`/api/memberships/${id.anna}/availability-defaults`, { days: [] })).statusCode).toBe(403);
    }
    expect((await supervisor.put('/api/availability', body(id.supervisor))).statusCode).toBe(200);
  });

  it('a member edits their own availability only with the right and the availability flag', async () => {
    // The observer holds neither.
    expect((await observer.put('/api/availability', body(id.observer))).statusCode).toBe(403);
    await t.database.db
      .update(memberships)
      .set({ rights: ['hours.own'] })
      .where(eq(memberships.id, id.employee));
    expect((await employee.put('/api/availability', body(id.employee))).statusCode).toBe(403);
    await t.database.db
      .update(memberships)
      .set({ rights: ['availability.edit'], availabilityFlag: false })
      .where(eq(memberships.id, id.employee));
    expect((await employee.put('/api/availability', body(id.employee))).statusCode).toBe(403);
    await t.database.db.update(memberships).set({ availabilityFlag: true }).where(eq(memberships.id, id.employee));
    expect((await employee.put('/api/availability', body(id.employee))).statusCode).toBe(200);
  });
});

describe('reading availability (GET /api/availability)', () => {
  it('employees read their own; planners, managers and owners the whole account', async () => {
    await anna.put('/api/availability', { membership: id.anna, dates: [day(50)], type: 'wish' });
    await employee.put('/api/availability', { membership: id.employee, dates: [day(50)], type: 'unavailable' });
    const range = `from=${day(50)}&until=${day(50)}`;
    const own = (await employee.get(`/api/availability?${range}`)).json();
    expect(own).toMatchObject({ from: day(50), until: day(50) });
    expect(own.entries.map((e: { membership: string }) => e.membership)).toEqual([id.employee]);
    for (const agent of [planner, manager, owner]) {
      const all = (await agent.get(`/api/availability?${range}`)).json();
      expect(all.entries.map((e: { membership: string }) => e.membership).sort()).toEqual(
        [id.anna, id.employee].sort(),
      );
    }
    const one = (await planner.get(`/api/availability?${range}&membership=${id.anna}`)).json();
    expect(one.entries).toMatchObject([{ membership: id.anna, type: 'wish' }]);
    expect((await employee.get(`/api/availability?${range}&membership=${id.employee}`)).statusCode).toBe(200);
    const other = await employee.get(`/api/availability?${range}&membership=${id.anna}`);
    expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('answers 422 for a range backwards or longer than 93 days', async () => {
    const longest = await planner.get(`/api/availability?from=${today}&until=${day(92)}`);
    expect(longest.statusCode).toBe(200);
    const tooLong = await planner.get(`/api/availability?from=${today}&until=${day(93)}`);
    expect([tooLong.statusCode, tooLong.json().fields]).toEqual([422, { until: ['availability.rangeTooLong'] }]);
    const backwards = await planner.get(`/api/availability?from=${day(2)}&until=${day(1)}`);
    expect(backwards.json().fields).toEqual({ until: ['availability.rangeOrder'] });
    expect((await planner.get('/api/availability?from=2026-13-01&until=2026-13-02')).statusCode).toBe(422);
    expect((await planner.get('/api/availability')).statusCode).toBe(422);
  });
});

describe('removing availability (DELETE /api/availability)', () => {
  it('removes the entries of the dates, answers which dates held one, logs and announces it', async () => {
    await employee.put('/api/availability', { membership: id.employee, dates: [day(60), day(61)], type: 'wish' });
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const res = await employee.delete('/api/availability', {
      membership: id.employee,
      dates: [day(61), day(60), day(62)],
    });
    expect(res.json()).toEqual({ deleted: [day(60), day(61)] });
    expect(emit).toHaveBeenCalledWith(
      `account.${bistroId}`,
      'AvailabilityUpdated',
      {
        membershipId: id.employee,
        dates: [day(60), day(61)],
      },
      // The change's origin: its own app is not told about it (X-Socket-Id).
      expect.objectContaining({ sessionId: expect.any(String) }),
    );
    const list = await employee.get(`/api/availability?from=${day(60)}&until=${day(62)}`);
    expect(list.json().entries).toEqual([]);
    const deletes = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'availability'), eq(activityLog.action, 'delete')));
    expect(deletes.some((d) => (d.before as { date: string }).date === day(60))).toBe(true);
  });
});

describe('weekday defaults (/api/memberships/{id}/availability-defaults)', () => {
  afterEach(async () => setSettings({ availabilityWeeksAhead: 0 }));

  it('answers seven days, Monday first, none set at first', async () => {
    const res = (await employee.get(`/api/memberships/${id.employee}/availability-defaults`)).json();
    expect(res.membership).toBe(id.employee);
    expect(res.days).toEqual(
      Array.from({ length: 7 }, (_, weekday) => ({ weekday, type: null, start: null, end: null })),
    );
  });

  it('a member replaces their week; the list of availability carries the defaults', async () => {
    const res = await employee.put(`/api/memberships/${id.employee}/availability-defaults`, {
      days: [
        { weekday: 0, type: 'limited', start: '09:00', end: '13:00' },
        { weekday: 6, type: 'unavailable', start: null, end: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days[0]).toEqual({ weekday: 0, type: 'limited', start: '09:00', end: '13:00' });
    expect(res.json().days[6].type).toBe('unavailable');
    expect(res.json().days[3].type).toBeNull();
    const list = (await planner.get(`/api/availability?from=${today}&until=${today}&membership=${id.employee}`)).json();
    expect(list.defaults).toEqual([
      { membership: id.employee, weekday: 0, type: 'limited', start: '09:00', end: '13:00' },
      { membership: id.employee, weekday: 6, type: 'unavailable', start: null, end: null },
    ]);
    // Sending the week again replaces it: what is left out has no default.
    const again = await employee.put(`/api/memberships/${id.employee}/availability-defaults`, {
      days: [{ weekday: 6, type: 'unavailable', start: null, end: null }],
    });
    expect(again.json().days.filter((d: { type: string | null }) => d.type)).toHaveLength(1);
  });

  it('answers 422 per day for duplicate weekdays, vacation and broken constraints', async () => {
    const res = await employee.put(`/api/memberships/${id.employee}/availability-defaults`, {
      days: [
        { weekday: 1, type: 'limited', start: '09:00', end: null },
        { weekday: 1, type: 'wish', start: '09:00', end: '10:00' },
        { weekday: 2, type: null, start: '09:00', end: null },
      ],
    });
    expect([res.statusCode, res.json().fields]).toEqual([
      422,
      {
        'days.0.end': ['availability.timesRequired'],
        'days.1.weekday': ['availability.weekdayDuplicate'],
        'days.1.start': ['availability.timesNotAllowed'],
        'days.1.end': ['availability.timesNotAllowed'],
        'days.2.start': ['availability.timesNotAllowed'],
      },
    ]);
    const vacation = await employee.put(`/api/memberships/${id.employee}/availability-defaults`, {
      days: [{ weekday: 1, type: 'vacation', start: null, end: null }],
    });
    expect(vacation.statusCode).toBe(422);
  });

  it('planners read anyone’s week, employees only their own', async () => {
    expect((await planner.get(`/api/memberships/${id.anna}/availability-defaults`)).statusCode).toBe(200);
    expect((await employee.get(`/api/memberships/${id.anna}/availability-defaults`)).statusCode).toBe(403);
  });

  it('under the deadline, a member’s new defaults leave the days before it as they were', async () => {
    await owner.put(`/api/memberships/${id.anna}/availability-defaults`, {
      days: [{ weekday: availabilityWeekday(day(1)), type: 'limited', start: '08:00', end: '12:00' }],
    });
    await setSettings({ availabilityWeeksAhead: 1 });
    await anna.put('/api/availability', { membership: id.anna, dates: [day(7)], type: 'wish' });
    // An entry inside the closed week stays as it is.
    await planner.put('/api/availability', { membership: id.anna, dates: [day(3)], type: 'unavailable' });
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const res = await anna.put(`/api/memberships/${id.anna}/availability-defaults`, {
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, type: 'unavailable', start: null, end: null })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await anna.get(`/api/availability?from=${today}&until=${day(8)}`)).json();
    const closedWeek = list.entries.filter((e: { date: string }) => e.date < day(7));
    expect(closedWeek.map((e: { date: string }) => e.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(day));
    // The old default of its weekday, or available without constraints where there was none.
    expect(closedWeek.map((e: { type: string }) => e.type)).toEqual([
      'available',
      'limited',
      'available',
      'unavailable',
      'available',
      'available',
      'available',
    ]);
    expect(closedWeek[1]).toMatchObject({ start: '08:00', end: '12:00' });
    expect(list.entries.filter((e: { date: string }) => e.date >= day(7)).map((e: { type: string }) => e.type)).toEqual(
      ['wish'],
    );
    expect(emit).toHaveBeenCalledWith(
      `account.${bistroId}`,
      'AvailabilityUpdated',
      {
        membershipId: id.anna,
        dates: [0, 1, 2, 4, 5, 6].map(day),
        defaults: true,
      },
      // The change's origin: its own app is not told about it (X-Socket-Id).
      expect.objectContaining({ sessionId: expect.any(String) }),
    );
    // Planners are not bound: their change of the defaults writes no entries.
    await t.database.db.delete(availability).where(eq(availability.membershipId, id.anna));
    await planner.put(`/api/memberships/${id.anna}/availability-defaults`, { days: [] });
    expect((await anna.get(`/api/availability?from=${today}&until=${day(8)}`)).json().entries).toEqual([]);
  });
});

describe('availability settings (/api/settings/availability)', () => {
  afterEach(async () => {
    await setSettings({ unavailablePolicy: 'warn', plannersMayChangeAvailability: true, availabilityWeeksAhead: 0 });
    await t.database.db.update(memberships).set({ managerLimited: false }).where(eq(memberships.id, id.manager));
  });

  it('every member reads them', async () => {
    for (const agent of [owner, planner, employee]) {
      expect((await agent.get('/api/settings/availability')).json()).toEqual({
        unavailablePolicy: 'warn',
        plannersMayChangeAvailability: true,
        availabilityWeeksAhead: 0,
      });
    }
  });

  it('owners and managers change them, merged into the other settings of the account only', async () => {
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const res = await manager.put('/api/settings/availability', {
      unavailablePolicy: 'deny',
      availabilityWeeksAhead: 3,
    });
    expect(res.json()).toEqual({
      unavailablePolicy: 'deny',
      plannersMayChangeAvailability: true,
      availabilityWeeksAhead: 3,
    });
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.id, bistroId));
    expect(bistro.settings).toMatchObject({
      timeZone: 'Europe/Berlin',
      country: 'DE',
      unavailablePolicy: 'deny',
      availabilityWeeksAhead: 3,
    });
    const [store] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Corner Store'));
    expect(store.settings).not.toHaveProperty('availabilityWeeksAhead');
    expect((await employee.get('/api/app/init')).json().account.settings.unavailablePolicy).toBe('deny');
    expect(emit).toHaveBeenCalledWith(`account.${bistroId}`, 'Reinit', { reason: 'settings' });
    const logs = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'availability'), eq(activityLog.action, 'settings')));
    const log = logs.find((l) => (l.after as { unavailablePolicy: string }).unavailablePolicy === 'deny');
    expect(log).toMatchObject({
      before: { unavailablePolicy: 'warn', availabilityWeeksAhead: 0 },
      after: { availabilityWeeksAhead: 3 },
    });
  });

  it('is refused to everyone else, and to a manager with the manager limitation', async () => {
    for (const agent of [planner, supervisor, employee, observer]) {
      const res = await agent.put('/api/settings/availability', { unavailablePolicy: 'allow' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    await t.database.db.update(memberships).set({ managerLimited: true }).where(eq(memberships.id, id.manager));
    expect((await manager.put('/api/settings/availability', { unavailablePolicy: 'allow' })).statusCode).toBe(403);
  });

  it('answers 422 for values outside the rules', async () => {
    for (const body of [
      { unavailablePolicy: 'maybe' },
      { availabilityWeeksAhead: 53 },
      { availabilityWeeksAhead: -1 },
    ]) {
      expect((await owner.put('/api/settings/availability', body)).statusCode).toBe(422);
    }
  });
});

describe('tenancy', () => {
  it("another account's members answer 404 on every route, as a missing one does", async () => {
    const routes = (membership: string) => [
      { method: 'GET' as const, url: `/api/availability?from=${today}&until=${day(1)}&membership=${membership}` },
      { method: 'PUT' as const, url: '/api/availability', body: { membership, dates: [day(70)], type: 'unavailable' } },
      { method: 'DELETE' as const, url: '/api/availability', body: { membership, dates: [day(70)] } },
      { method: 'GET' as const, url: `/api/memberships/${membership}/availability-defaults` },
      { method: 'PUT' as const, url: `/api/memberships/${membership}/availability-defaults`, body: { days: [] } },
    ];
    for (const agent of [owner, manager, planner, employee]) {
      await expectForeignIdsNotFound(agent, routes(id.julia));
      await expectForeignIdsNotFound(agent, routes('00000000-0000-4000-8000-000000000000'));
    }
    const rows = await t.database.db.select().from(availability).where(eq(availability.membershipId, id.julia));
    expect(rows).toEqual([]);
  });

  it("reads never show another account's entries", async () => {
    await julia.put('/api/availability', { membership: id.julia, dates: [day(70)], type: 'unavailable' });
    const list = (await owner.get(`/api/availability?from=${day(70)}&until=${day(70)}`)).json();
    expect(list.entries.map((e: { membership: string }) => e.membership)).not.toContain(id.julia);
  });
});

describe('concurrent saves', () => {
  it('of one member and date leave exactly one entry', async () => {
    const types = ['available', 'unavailable', 'wish', 'available', 'unavailable', 'wish', 'available', 'wish'];
    const results = await Promise.all(
      types.map((type, i) =>
        (i % 2 ? manager : planner).put('/api/availability', { membership: id.anna, dates: [day(80), day(81)], type }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(types.map(() => 200));
    const rows = await t.database.db.select().from(availability).where(eq(availability.membershipId, id.anna));
    expect(rows.filter((r) => r.date === day(80))).toHaveLength(1);
    expect(rows.filter((r) => r.date === day(81))).toHaveLength(1);
  });

  it("of an employee and a planner's approval never let the employee overwrite a decided vacation", async () => {
    for (let n = 0; n < 5; n++) {
      const date = day(85 + n);
      const [own, approval] = await Promise.all([
        employee.put('/api/availability', { membership: id.employee, dates: [date], type: 'wish' }),
        planner.put('/api/availability', {
          membership: id.employee,
          dates: [date],
          type: 'vacation',
          status: 'approved',
        }),
      ]);
      expect(approval.statusCode).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(availability)
        .where(and(eq(availability.membershipId, id.employee), eq(availability.date, date)));
      // Either the employee came first (and the approval replaced it) or was refused.
      if (own.statusCode === 200) expect(row).toMatchObject({ type: 'vacation', status: 'approved' });
      else expect(own.statusCode).toBe(403);
    }
  });
});
