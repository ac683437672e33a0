import { addDays, availabilityDeadline, weekStart } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import {
  accountHolidays,
  accounts,
  availability,
  hours,
  locations,
  memberContracts,
  memberships,
  outbox,
  users,
} from '../../db/schema';
import { rosterIds } from '../roster/testkit';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let anna: Agent;
let observer: Agent;
const id = {} as Record<'employee' | 'anna' | 'planner' | 'manager', string>;
let bistroId: string;

/** A Monday three weeks ahead, so every request is in the future whatever today is. */
const today = availabilityDeadline(0, 'Europe/Berlin');
const monday = weekStart(addDays(today, 21));
const d = (n: number) => addDays(monday, n);
const year = Number(monday.slice(0, 4));

const membershipOf = async (agent: Agent): Promise<string> => (await agent.get('/api/app/init')).json().membership.id;

/** A full-time fixed week (8 h Monday to Friday), 25 days a year, from 2020 on: the counting is known. */
async function fixedContract(membershipId: string) {
  const db = t.database.db;
  await db.delete(memberContracts).where(eq(memberContracts.membershipId, membershipId));
  await db.insert(memberContracts).values({
    accountId: bistroId,
    membershipId,
    startDate: '2020-01-01',
    endDate: null,
    type: 'full',
    weeklyMinutes: 2400,
    schedule: 'fixed',
    dayMinutes: [480, 480, 480, 480, 480, 0, 0],
    daysPerWeek: null,
    vacationDays: 25,
    permanent: true,
  });
}

const request = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/vacation', { duration: 'full', compensation: 'paid', ...body });

beforeAll(async () => {
  t = await createTestApp();
  [owner, manager, planner, employee, anna, observer] = await Promise.all(
    [
      'owner@example.com',
      'manager@example.com',
      'planner@example.com',
      'employee@example.com',
      'anna.schmidt@example.com',
      'observer@example.com',
    ].map((email) => signIn(t.app, email)),
  );
  id.employee = await membershipOf(employee);
  id.anna = await membershipOf(anna);
  id.planner = await membershipOf(planner);
  id.manager = await membershipOf(manager);
  bistroId = (await owner.get('/api/app/init')).json().account.id;
  await fixedContract(id.employee);
  await fixedContract(id.anna);
  // The Tuesday of that week is a day off of the company (a holiday of its own).
  await t.database.db.insert(accountHolidays).values({ accountId: bistroId, date: d(1), name: 'Company day' });
  // Time-for-time balances need the balances module.
  const [acc] = await t.database.db.select().from(accounts).where(eq(accounts.id, bistroId));
  await t.database.db
    .update(accounts)
    .set({ modules: [...acc.modules, 'balances'] })
    .where(eq(accounts.id, bistroId));
});
afterAll(async () => t.dispose());

describe('counting the days (GET /api/vacation/preview)', () => {
  it('skips the holiday and the weekend, and names the holiday', async () => {
    const res = await employee.get(`/api/vacation/preview?membership=${id.employee}&from=${d(0)}&until=${d(6)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toBe(4);
    expect(body.minutes).toBe(4 * 480);
    expect(body.dates.find((x: { date: string }) => x.date === d(1))).toMatchObject({
      skipped: 'holiday',
      holiday: 'Company day',
    });
    expect(body.dates.filter((x: { skipped: string }) => x.skipped === 'dayOff')).toHaveLength(2);
  });

  it('a morning is half a day', async () => {
    const res = await employee.get(
      `/api/vacation/preview?membership=${id.employee}&from=${d(2)}&until=${d(2)}&duration=morning`,
    );
    expect(res.json()).toMatchObject({ days: 0.5, minutes: 240 });
  });

  it('counts the weekend when the contract has it: a number of days per week, a fixed week with weekend hours', async () => {
    const db = t.database.db;
    const weekend = () => anna.get(`/api/vacation/preview?membership=${id.anna}&from=${d(5)}&until=${d(6)}`);
    try {
      await db
        .update(memberContracts)
        .set({ schedule: 'flexible', dayMinutes: null, daysPerWeek: 5, weeklyMinutes: 2400 })
        .where(eq(memberContracts.membershipId, id.anna));
      expect((await weekend()).json()).toMatchObject({ days: 2, minutes: 960 });
      // The whole week: five of its seven days count, the first five.
      const week = (await anna.get(`/api/vacation/preview?membership=${id.anna}&from=${d(0)}&until=${d(6)}`)).json();
      expect(week.dates.map((x: { skipped: string | null }) => x.skipped)).toEqual([
        null,
        'holiday',
        null,
        null,
        null,
        null,
        'weekFull',
      ]);
      await db
        .update(memberContracts)
        .set({ schedule: 'fixed', dayMinutes: [0, 0, 480, 480, 480, 480, 480], daysPerWeek: null })
        .where(eq(memberContracts.membershipId, id.anna));
      expect((await weekend()).json()).toMatchObject({ days: 2, minutes: 960 });
    } finally {
      await fixedContract(id.anna);
    }
    expect((await weekend()).json()).toMatchObject({ days: 0 });
  });

  it("an employee does not read someone else's count", async () => {
    const res = await employee.get(`/api/vacation/preview?membership=${id.anna}&from=${d(0)}&until=${d(2)}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('requesting and deciding', () => {
  let threeDays: string;
  let halfDay: string;

  it('an employee requests three days across the holiday (two count) and a half day', async () => {
    const a = await request(employee, { membership: id.employee, from: d(0), until: d(2), note: 'Family' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ status: 'pending', days: 2, minutes: 960, note: 'Family' });
    threeDays = a.json().id;
    const b = await request(employee, { membership: id.employee, from: d(3), until: d(3), duration: 'afternoon' });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ days: 0.5, duration: 'afternoon' });
    halfDay = b.json().id;
  });

  it('refuses part days over several dates, overlaps, the past and ranges without a working day', async () => {
    const cases = [
      [{ from: d(7), until: d(8), duration: 'morning' }, 'until', 'vacation.errors.partDay'],
      [{ from: d(2), until: d(2) }, 'from', 'vacation.errors.overlap'],
      [{ from: addDays(today, -7), until: addDays(today, -7) }, 'from', 'vacation.errors.past'],
      [{ from: d(5), until: d(6) }, 'from', 'vacation.errors.noDays'],
      [{ from: d(9), until: d(8) }, 'until', 'vacation.errors.rangeOrder'],
    ] as const;
    for (const [body, field, key] of cases) {
      const res = await request(employee, { membership: id.employee, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().fields[field]).toContain(key);
    }
  });

  it('members without the right, and employees for others, are refused', async () => {
    expect(
      (await request(observer, { membership: await membershipOf(observer), from: d(7), until: d(7) })).statusCode,
    ).toBe(403);
    expect((await request(employee, { membership: id.anna, from: d(7), until: d(7) })).statusCode).toBe(403);
  });

  it('the employee sees their own requests, not the team; a manager sees everyone', async () => {
    const own = (await employee.get(`/api/vacation?year=${year}`)).json().requests;
    expect(own.map((r: { id: string }) => r.id).sort()).toEqual([threeDays, halfDay].sort());
    const other = await employee.get(`/api/vacation/${threeDays}`);
    expect(other.statusCode).toBe(200);
    expect((await anna.get(`/api/vacation/${threeDays}`)).statusCode).toBe(403);
    const all = (await manager.get(`/api/vacation?year=${year}&status=pending`)).json().requests;
    expect(all.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([threeDays, halfDay]));
  });

  it('only managers (and planners with the right) decide', async () => {
    expect((await employee.put(`/api/vacation/${halfDay}/decision`, { decision: 'approved' })).statusCode).toBe(403);
    expect((await planner.put(`/api/vacation/${halfDay}/decision`, { decision: 'approved' })).statusCode).toBe(403);
  });

  it('approving writes approved vacation availability on its dates; the employee is mailed', async () => {
    const res = await manager.put(`/api/vacation/${halfDay}/decision`, { decision: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decidedBy: 'Max Manager' });
    const rows = await t.database.db
      .select()
      .from(availability)
      .where(and(eq(availability.membershipId, id.employee), eq(availability.date, d(3))));
    expect(rows).toMatchObject([{ type: 'vacation', status: 'approved', startMinutes: 720, endMinutes: 0 }]);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'employee@example.com'), eq(outbox.template, 'vacationApproved')));
    expect(mails).toHaveLength(1);
  });

  it('denying carries the personal message, mailed in the employee’s language; deciding twice is refused', async () => {
    await t.database.db.update(users).set({ locale: 'de' }).where(eq(users.email, 'employee@example.com'));
    const res = await manager.put(`/api/vacation/${threeDays}/decision`, {
      decision: 'denied',
      message: 'Inventory week, sorry',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'denied', message: 'Inventory week, sorry' });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'employee@example.com'), eq(outbox.template, 'vacationDenied')));
    expect(mail.subject).toContain('abgelehnt');
    expect(mail.text).toContain('Inventory week, sorry');
    // The same answer waits in the employee's notifications.
    const inApp = (await employee.get('/api/notifications')).json().notifications;
    expect(inApp).toContainEqual(
      expect.objectContaining({ event: 'vacationAnswered', data: expect.objectContaining({ accepted: false }) }),
    );
    const again = await manager.put(`/api/vacation/${threeDays}/decision`, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'employee@example.com'));
  });

  it('the employee withdraws a pending request, never a decided one nor someone else’s', async () => {
    const res = await request(employee, { membership: id.employee, from: d(7), until: d(7) });
    const rid = res.json().id;
    expect((await anna.put(`/api/vacation/${rid}/withdraw`)).statusCode).toBe(403);
    expect((await manager.put(`/api/vacation/${rid}/withdraw`)).statusCode).toBe(403);
    const w = await employee.put(`/api/vacation/${rid}/withdraw`);
    expect(w.json().status).toBe('withdrawn');
    expect((await employee.put(`/api/vacation/${halfDay}/withdraw`)).statusCode).toBe(409);
  });

  it('removing an approved request gives its dates back to the roster and mails the employee', async () => {
    expect((await employee.put(`/api/vacation/${halfDay}/remove`, {})).statusCode).toBe(403);
    const res = await owner.put(`/api/vacation/${halfDay}/remove`, { message: 'Entered twice' });
    expect(res.json()).toMatchObject({ status: 'removed', message: 'Entered twice' });
    const rows = await t.database.db
      .select()
      .from(availability)
      .where(and(eq(availability.membershipId, id.employee), eq(availability.date, d(3))));
    expect(rows).toEqual([]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.template, 'vacationRemoved'));
    expect(mails).toHaveLength(1);
  });

  it('a planner given the right decides, in bulk; a request already decided makes the whole batch fail', async () => {
    await t.database.db
      .update(memberships)
      .set({ rights: ['vacation.approve'] })
      .where(eq(memberships.id, id.planner));
    const a = (await request(anna, { membership: id.anna, from: d(7), until: d(7) })).json().id;
    const b = (await request(anna, { membership: id.anna, from: d(8), until: d(8) })).json().id;
    const mixed = await planner.post('/api/vacation/decisions', { ids: [a, b, halfDay], decision: 'approved' });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().data.ids).toEqual([halfDay]);
    const ok = await planner.post('/api/vacation/decisions', { ids: [a, b], decision: 'approved' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().requests.map((r: { status: string }) => r.status)).toEqual(['approved', 'approved']);
    await t.database.db.update(memberships).set({ rights: [] }).where(eq(memberships.id, id.planner));
  });
});

/** Working days of the employee that count a whole day, found by the counting itself (no holiday by chance). */
async function countedDays(from: string, until: string): Promise<string[]> {
  const res = await employee.get(`/api/vacation/preview?membership=${id.employee}&from=${from}&until=${until}`);
  return res
    .json()
    .dates.filter((x: { days: number }) => x.days === 1)
    .map((x: { date: string }) => x.date);
}

describe('telling the deciders and changing a pending request', () => {
  let w: string[];
  beforeAll(async () => {
    w = await countedDays(d(42), d(70));
  });

  it('those who may decide are told of the new request (app and mail, in their language); the requester is not', async () => {
    await t.database.db.update(users).set({ locale: 'de' }).where(eq(users.email, 'manager@example.com'));
    const res = await request(employee, { membership: id.employee, from: w[0], until: w[0], note: 'Dentist' });
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().id;
    const told = (await manager.get('/api/notifications')).json().notifications;
    expect(told).toContainEqual(
      expect.objectContaining({
        event: 'vacationRequested',
        data: expect.objectContaining({ vacation: rid, date: w[0], by: expect.any(String) }),
      }),
    );
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'manager@example.com'), eq(outbox.template, 'vacationRequested')));
    const mail = mails.find((m) => m.text.includes(rid));
    expect(mail?.subject).toContain('Urlaubsantrag');
    // Owners decide too; planners without vacation.approve and the requester themself are not told.
    const ownerTold = (await owner.get('/api/notifications')).json().notifications;
    expect(ownerTold.some((n: { data: { vacation?: string } }) => n.data.vacation === rid)).toBe(true);
    const mine = (await employee.get('/api/notifications')).json().notifications;
    const about = (n: { data: { vacation?: string } }) => n.data.vacation === rid;
    expect(mine.some(about)).toBe(false);
    const planners = (await planner.get('/api/notifications')).json().notifications;
    expect(planners.some(about)).toBe(false);
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, 'manager@example.com'));
    await employee.put(`/api/vacation/${rid}/withdraw`);
  });

  it('a planner holding vacation.approve is told too', async () => {
    await t.database.db
      .update(memberships)
      .set({ rights: ['vacation.approve'] })
      .where(eq(memberships.id, id.planner));
    const rid = (await request(employee, { membership: id.employee, from: w[3], until: w[3] })).json().id;
    const told = (await planner.get('/api/notifications')).json().notifications;
    expect(told.some((n: { data: { vacation?: string } }) => n.data.vacation === rid)).toBe(true);
    await t.database.db.update(memberships).set({ rights: [] }).where(eq(memberships.id, id.planner));
    await employee.put(`/api/vacation/${rid}/withdraw`);
  });

  it('the requester changes a pending request (counted again); others and decided requests are refused', async () => {
    const res = await request(employee, { membership: id.employee, from: w[1], until: w[1] });
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().id;
    const change = { from: w[1], until: w[2], duration: 'full', compensation: 'timeForTime', note: 'Two days' };
    expect((await anna.put(`/api/vacation/${rid}`, change)).statusCode).toBe(403);
    const ok = await employee.put(`/api/vacation/${rid}`, change);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'pending',
      from: w[1],
      until: w[2],
      days: 2,
      compensation: 'timeForTime',
    });
    // The deciders are told again, as a change, with the new dates.
    const told = (await manager.get('/api/notifications')).json().notifications as {
      data: { vacation?: string; changed?: boolean; until?: string };
    }[];
    expect(told.find((n) => n.data.vacation === rid && n.data.changed)?.data.until).toBe(w[2]);
    // The same rules as a new request: a part day is one date; another request in force may not share a date.
    const part = await employee.put(`/api/vacation/${rid}`, { ...change, duration: 'morning' });
    expect(part.statusCode).toBe(422);
    expect(part.json().fields.until).toContain('vacation.errors.partDay');
    const half = await employee.put(`/api/vacation/${rid}`, { ...change, until: w[1], duration: 'morning' });
    expect(half.json()).toMatchObject({ days: 0.5, duration: 'morning', until: w[1] });
    const other = (await request(employee, { membership: id.employee, from: w[2], until: w[2] })).json().id;
    const clash = await employee.put(`/api/vacation/${rid}`, change);
    expect(clash.json().fields.from).toContain('vacation.errors.overlap');
    await manager.put(`/api/vacation/${rid}/decision`, { decision: 'denied' });
    const locked = await employee.put(`/api/vacation/${rid}`, { ...change, until: w[1] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('ERR_CONFIRMED');
    await employee.put(`/api/vacation/${other}/withdraw`);
  });
});

describe('vacation balances', () => {
  it('entitlement, planned and remaining follow the approvals; credits and debits by a manager', async () => {
    const before = (await anna.get(`/api/vacation/balances/${id.anna}?year=${year}`)).json();
    expect(before.balance.entitlement).toBe(25);
    expect(before.balance.planned).toBe(2);
    const add = await manager.post(`/api/vacation/balances/${id.anna}/adjustments`, {
      year,
      kind: 'debit',
      days: 1.5,
      reason: 'Paid out',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().balance.remaining).toBe(before.balance.remaining - 1.5);
    expect(add.json().adjustments).toMatchObject([{ kind: 'debit', days: 1.5, reason: 'Paid out' }]);
    const bad = await manager.post(`/api/vacation/balances/${id.anna}/adjustments`, {
      year,
      kind: 'credit',
      days: 0.3,
      reason: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await anna.post(`/api/vacation/balances/${id.anna}/adjustments`, { year, kind: 'credit', days: 1, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('a manager deletes a credit or debit and the figures follow; an employee may not', async () => {
    const before = (await manager.get(`/api/vacation/balances/${id.anna}?year=${year}`)).json();
    const add = await manager.post(`/api/vacation/balances/${id.anna}/adjustments`, {
      year,
      kind: 'credit',
      days: 2,
      reason: 'Moved from last year by hand',
    });
    const credit = add.json().adjustments.find((a: { kind: string; days: number }) => a.kind === 'credit');
    expect(add.json().balance.remaining).toBe(before.balance.remaining + 2);
    const url = `/api/vacation/balances/${id.anna}/adjustments/${credit.id}`;
    expect((await anna.delete(url)).statusCode).toBe(403);
    // Another member's path does not reach it.
    expect((await manager.delete(`/api/vacation/balances/${id.employee}/adjustments/${credit.id}`)).statusCode).toBe(
      404,
    );
    const del = await manager.delete(url);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().balance.remaining).toBe(before.balance.remaining);
    expect(del.json().adjustments.map((a: { id: string }) => a.id)).not.toContain(credit.id);
    expect((await manager.delete(url)).statusCode).toBe(404);
  });

  it('the team overview is for those who decide', async () => {
    const res = await manager.get(`/api/vacation/balances?year=${year}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().people.find((p: { membership: string }) => p.membership === id.anna)).toMatchObject({
      entitlement: 25,
    });
    expect((await employee.get(`/api/vacation/balances?year=${year}`)).statusCode).toBe(403);
    expect((await employee.get(`/api/vacation/balances/${id.anna}?year=${year}`)).statusCode).toBe(403);
  });
});

describe('time-for-time balances', () => {
  it('approved time-for-time vacation is debited in hours; a manager corrects with a reason', async () => {
    const r = await request(employee, {
      membership: id.employee,
      from: d(14),
      until: d(14),
      compensation: 'timeForTime',
    });
    await manager.put(`/api/vacation/${r.json().id}/decision`, { decision: 'approved' });
    const ledger = (await employee.get(`/api/balances/${id.employee}`)).json();
    expect(ledger.total).toBe(-480);
    const fix = await manager.post(`/api/balances/${id.employee}/corrections`, {
      date: d(0),
      minutes: 600,
      reason: 'Overtime before the hours module',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().total).toBe(120);
    expect(fix.json().lines.map((l: { kind: string }) => l.kind)).toEqual(['correction', 'vacation']);
    expect(
      (await employee.post(`/api/balances/${id.employee}/corrections`, { date: d(0), minutes: 60, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('a manager deletes a correction and the ledger follows', async () => {
    const before = (await manager.get(`/api/balances/${id.employee}`)).json();
    const fix = await manager.post(`/api/balances/${id.employee}/corrections`, {
      date: d(1),
      minutes: -90,
      reason: 'Entered twice',
    });
    expect(fix.json().total).toBe(before.total - 90);
    const line = fix.json().lines.find((l: { ref: string }) => l.ref === 'Entered twice');
    expect(line.id).toEqual(expect.any(String));
    const url = `/api/balances/${id.employee}/corrections/${line.id}`;
    expect((await employee.delete(url)).statusCode).toBe(403);
    const del = await manager.delete(url);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().total).toBe(before.total);
    expect((await manager.delete(url)).statusCode).toBe(404);
  });

  it('approved hours beyond the contract week are overtime; pending hours are not counted', async () => {
    const before = (await manager.get(`/api/balances/${id.anna}`)).json().total;
    const [location] = await t.database.db.select().from(locations).where(eq(locations.accountId, bistroId)).limit(1);
    const past = weekStart(addDays(today, -14));
    const line = (day: number, status: string) => ({
      accountId: bistroId,
      membershipId: id.anna,
      locationId: location.id,
      date: addDays(past, day),
      fromMinutes: 8 * 60,
      untilMinutes: 18 * 60,
      minutes: 600,
      status,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
    // Five days of 10 h against the contract's 40 h week: 10 h overtime; the pending Saturday is not yet worked.
    await t.database.db
      .insert(hours)
      .values([0, 1, 2, 3, 4].map((n) => line(n, 'approved')).concat(line(5, 'pending')));
    const after = (await manager.get(`/api/balances/${id.anna}`)).json();
    expect(after.total - before).toBe(600);
  });

  it('the balance flag shows one’s own; balances.overview shows everyone', async () => {
    expect((await employee.get(`/api/balances/${id.anna}`)).statusCode).toBe(403);
    const own = (await employee.get('/api/balances')).json().people;
    expect(own.map((p: { membership: string }) => p.membership)).toEqual([id.employee]);
    const all = (await manager.get('/api/balances')).json().people;
    expect(all.length).toBeGreaterThan(5);
    // A planner without a balance flag and without the right sees none.
    expect((await planner.get('/api/balances')).statusCode).toBe(403);
  });

  it('the list comes a page of people at a time, by name, with the total; too big a page is refused', async () => {
    type People = { people: { membership: string; name: string; total: number }[]; paging: unknown };
    const first = (await manager.get('/api/balances')).json() as People;
    // The default page holds BALANCES_PAGE_SIZE (50) people: the whole sample's staff.
    expect(first.paging).toEqual({ page: 1, size: 50, total: first.people.length });
    const total = first.people.length;
    expect(total).toBeGreaterThan(12);
    const one = await manager.get('/api/balances?size=10');
    expect(one.statusCode, one.body).toBe(200);
    const two = (await manager.get('/api/balances?size=10&page=2')).json() as People;
    expect(one.json().paging).toEqual({ page: 1, size: 10, total });
    expect(two.paging).toEqual({ page: 2, size: 10, total });
    // The pages follow each other in the order of the whole list, with the same totals.
    expect([...one.json().people, ...two.people]).toEqual(first.people.slice(0, 20));
    const past = (await manager.get(`/api/balances?size=10&page=${Math.ceil(total / 10) + 1}`)).json() as People;
    expect(past).toEqual({ people: [], paging: { page: Math.ceil(total / 10) + 1, size: 10, total } });
    for (const bad of ['size=201', 'size=0', 'page=0', 'size=abc'])
      expect((await manager.get(`/api/balances?${bad}`)).statusCode, bad).toBe(422);
    // The member's own balance is a list of one.
    expect((await employee.get('/api/balances')).json().paging).toEqual({ page: 1, size: 50, total: 1 });
  });
});

describe('the roster', () => {
  it('approved vacation blocks planning per the policy (warn); removing it frees the day again', async () => {
    const ids = await rosterIds(t.database.db);
    const date = d(21);
    const rid = (await request(employee, { membership: id.employee, from: date, until: date })).json().id;
    const item = async () => {
      const res = await owner.post('/api/items', {
        location: ids.hq,
        date,
        duty: ids.service,
        times: { start: '09:00', end: '13:00', break: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().item.id as string;
    };
    // Pending vacation is not availability yet.
    const free = await owner.put(`/api/items/${await item()}/user`, { user: id.employee });
    expect(free.statusCode, free.body).toBe(200);
    await owner.delete(`/api/items/${free.json().item.id}/user`);
    await manager.put(`/api/vacation/${rid}/decision`, { decision: 'approved' });
    const blocked = await owner.put(`/api/items/${await item()}/user`, { user: id.employee });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('ERR_UNAVAILABLE_WARN');
    await manager.put(`/api/vacation/${rid}/remove`, {});
    const again = await owner.put(`/api/items/${await item()}/user`, { user: id.employee });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('modules and tenancy', () => {
  it("another account's ids answer 404", async () => {
    const [storeAcc] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Corner Store'));
    const [foreign] = await t.database.db.select().from(memberships).where(eq(memberships.accountId, storeAcc.id));
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: `/api/vacation/preview?membership=${foreign.id}&from=${d(0)}&until=${d(1)}` },
      {
        method: 'POST',
        url: '/api/vacation',
        body: { membership: foreign.id, from: d(0), until: d(0), duration: 'full', compensation: 'paid' },
      },
      { method: 'GET', url: `/api/vacation?year=${year}&membership=${foreign.id}` },
      { method: 'GET', url: `/api/vacation/balances/${foreign.id}?year=${year}` },
      {
        method: 'POST',
        url: `/api/vacation/balances/${foreign.id}/adjustments`,
        body: { year, kind: 'credit', days: 1, reason: 'x' },
      },
      { method: 'GET', url: `/api/balances/${foreign.id}` },
      {
        method: 'POST',
        url: `/api/balances/${foreign.id}/corrections`,
        body: { date: d(0), minutes: 60, reason: 'x' },
      },
    ]);
  });

  it('a switched-off module answers 403 MODULE_INACTIVE', async () => {
    const [acc] = await t.database.db.select().from(accounts).where(eq(accounts.id, bistroId));
    await t.database.db
      .update(accounts)
      .set({ modules: acc.modules.filter((m) => m !== 'vacation' && m !== 'balances') })
      .where(eq(accounts.id, bistroId));
    const res = await employee.get(`/api/vacation?year=${year}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MODULE_INACTIVE');
    expect((await employee.get('/api/balances')).json().code).toBe('MODULE_INACTIVE');
    await t.database.db.update(accounts).set({ modules: acc.modules }).where(eq(accounts.id, bistroId));
  });
});
