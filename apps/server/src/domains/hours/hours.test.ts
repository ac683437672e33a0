import { addDays } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, expectForeignIdsNotFound } from '../../../test/app';
import { hours, memberships, outbox, rosterItems } from '../../db/schema';
import { type RosterTest, setUpRoster, today } from '../roster/testkit';
import { approvedMinutesByWeek } from './repo';

let r: RosterTest;
let emma: Agent;
let sam: Agent; // supervisor of Headquarter and Café
let olivia: Agent; // owner
let ben: Agent; // biller
let oscar: Agent; // observer
let paula: Agent; // planner
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const ok = <T = any>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const refused = (res: { statusCode: number; body: string; json: () => any }, status: number, code: string) => {
  expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
  return res.json();
};

/** A past planned item, written straight into the roster (the roster refuses to plan past days). */
async function pastItem(
  member: string,
  date: string,
  from = 9 * 60,
  until = 17 * 60 + 30,
  brk = 30,
  location = r.ids.hq,
): Promise<string> {
  const [row] = await r.t.database.db
    .insert(rosterItems)
    .values({
      accountId: r.ids.bistro,
      locationId: location,
      date,
      membershipId: member,
      dutyId: r.ids.service,
      fromMinutes: from,
      untilMinutes: until,
      breakMinutes: brk,
    })
    .returning({ id: rosterItems.id });
  return row.id;
}

const times = { from: '09:00', until: '17:30', break: 30 };
let day = 0;
/** A past day of its own for each test: weeks back from the test clock's Monday. */
const pastDay = () => addDays(today(), -9 - day++);

beforeAll(async () => {
  r = await setUpRoster();
  emma = r.employee;
  paula = r.planner;
  [sam, olivia, ben, oscar] = await Promise.all(
    ['supervisor@example.com', 'owner@example.com', 'biller@example.com', 'observer@example.com'].map((e) => r.as(e)),
  );
  await r.t.database.db
    .update(memberships)
    .set({ salaryKind: 'hourly', rateCents: 1450 })
    .where(eq(memberships.id, r.ids.emma));
  // The rules below start from the common employee rights (the sample's Emma holds a few more).
  await restoreEmma();
});
afterAll(async () => r?.t.dispose());

describe('registering hours for a planned item', () => {
  it('the item waits under "to be registered"; registered, it is pending with its cost and leaves that tab', async () => {
    const date = '2026-11-16'; // a Monday before the test clock's Monday
    const item = await pastItem(r.ids.emma, date);
    const before = ok(await emma.get(`/api/hours?tab=register&from=${date}&until=${date}`));
    expect(before.lines).toHaveLength(1);
    expect(before.lines[0]).toMatchObject({ id: null, item, status: 'open', planned: times });

    const { hours: line } = ok(await emma.post('/api/hours', { item, ...times, comment: 'Inventory' }));
    // 8 h x 14.50 x 1.21 (the "Service" wage's factor); no premium touches a Monday day shift.
    expect(line).toMatchObject({ item, status: 'pending', minutes: 480, costCents: 14036, editable: true });
    expect(line.costCentre.name).toBe('General costs');

    expect(ok(await emma.get(`/api/hours?tab=register&from=${date}&until=${date}`)).lines).toHaveLength(0);
    const pending = ok(await emma.get(`/api/hours?tab=pending&from=${date}&until=${date}`));
    expect(pending.lines.map((l: any) => l.id)).toEqual([line.id]);
    expect(pending.counts).toMatchObject({ register: 0, pending: 1, approved: 0 });
    refused(await emma.post('/api/hours', { item, ...times }), 409, 'ERR_HOURS_EXIST');
  });

  it('refuses implausible times with their codes', async () => {
    const date = pastDay();
    const item = await pastItem(r.ids.emma, date);
    refused(await emma.post('/api/hours', { item, from: '10:00', until: '10:00', break: 0 }), 409, 'ERR_EQUAL');
    refused(await emma.post('/api/hours', { item, from: '10:00', until: '10:30', break: 45 }), 409, 'ERR_NEGATIVE');
    refused(await emma.post('/api/hours', { item, from: '00:00', until: '23:00', break: 0 }), 409, 'ERR_HOURS_LONG');
    const bad = await emma.post('/api/hours', { item, from: '10:00', until: '12:00', break: 20 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toHaveProperty('break');
    const future = await pastItem(r.ids.emma, addDays(today(), 1));
    refused(await emma.post('/api/hours', { item: future, ...times }), 409, 'ERR_HOURS_FUTURE');
  });

  it('an overnight line counts its hours across midnight and no two lines of one person overlap', async () => {
    const date = pastDay();
    const item = await pastItem(r.ids.emma, date, 22 * 60, 6 * 60, 30);
    const { hours: line } = ok(await emma.post('/api/hours', { item, from: '22:00', until: '06:00', break: 30 }));
    expect(line.minutes).toBe(450);
    await r.t.database.db
      .update(memberships)
      .set({ rights: ['hours.own', 'hours.unplanned'] })
      .where(eq(memberships.id, r.ids.emma));
    try {
      refused(
        await emma.post('/api/hours', {
          location: r.ids.hq,
          date: addDays(date, 1),
          from: '05:00',
          until: '07:00',
          break: 0,
        }),
        409,
        'ERR_HOURS_OVERLAP',
      );
    } finally {
      await restoreEmma();
    }
  });
});

const EMPLOYEE_RIGHTS = [
  'colleagues.view',
  'hours.own',
  'vacation.request',
  'availability.edit',
  'placeholders.signup',
];
const restoreEmma = () =>
  r.t.database.db.update(memberships).set({ rights: EMPLOYEE_RIGHTS }).where(eq(memberships.id, r.ids.emma));

describe('who may enter hours, for themselves and for others', () => {
  it('unplanned hours need hours.unplanned; someone else’s need hours.others', async () => {
    const date = pastDay();
    const unplanned = { location: r.ids.hq, date, from: '08:00', until: '12:00', break: 0 };
    refused(await emma.post('/api/hours', unplanned), 403, 'FORBIDDEN');
    const leonItem = await pastItem(r.ids.leon, date);
    refused(await emma.post('/api/hours', { item: leonItem, ...times }), 403, 'FORBIDDEN');
    refused(await emma.post('/api/hours', { ...unplanned, member: r.ids.leon }), 403, 'FORBIDDEN');

    await r.t.database.db
      .update(memberships)
      .set({ rights: [...EMPLOYEE_RIGHTS, 'hours.unplanned', 'hours.others'] })
      .where(eq(memberships.id, r.ids.emma));
    try {
      expect(ok(await emma.post('/api/hours', unplanned)).hours).toMatchObject({
        item: null,
        status: 'pending',
        minutes: 240,
      });
      const forLeon = ok(await emma.post('/api/hours', { item: leonItem, ...times })).hours;
      expect(forLeon.member.id).toBe(r.ids.leon);
      // Emma registered it, so she may still change it; Leon sees it among his pending.
      expect(forLeon.editable).toBe(true);
      const leon = await r.as('leon.fischer@example.com');
      expect(ok(await leon.get(`/api/hours?tab=pending&from=${date}&until=${date}`)).lines).toHaveLength(1);
    } finally {
      await restoreEmma();
    }
  });

  it('expenses need expenses.declare and stay under the maximum; travel needs travel.declare and a role', async () => {
    const date = pastDay();
    const item = await pastItem(r.ids.emma, date);
    refused(await emma.post('/api/hours', { item, ...times, expensesCents: 1250 }), 403, 'FORBIDDEN');
    await r.t.database.db
      .update(memberships)
      .set({ rights: [...EMPLOYEE_RIGHTS, 'expenses.declare', 'travel.declare'] })
      .where(eq(memberships.id, r.ids.emma));
    await r.settings({ expenseMaxCents: 5000, kmCompensationCents: 30 });
    try {
      refused(await emma.post('/api/hours', { item, ...times, expensesCents: 5001 }), 409, 'ERR_EXPENSE_MAX');
      // Kilometres say how one travelled: the contract's schema refuses them without, on the field, for both writes.
      const noRole = await emma.post('/api/hours', { item, ...times, travelKm: 12 });
      expect([noRole.statusCode, noRole.json().fields]).toEqual([422, { travelRole: ['validation.travelRole'] }]);
      const { hours: line } = ok(
        await emma.post('/api/hours', { item, ...times, expensesCents: 1250, travelKm: 12, travelRole: 'driver' }),
      );
      expect(line).toMatchObject({ expensesCents: 1250, travelKm: 12, travelRole: 'driver', kmCompensationCents: 30 });
      const changed = await emma.put(`/api/hours/${line.id}`, { ...times, travelKm: 20, travelRole: null });
      expect([changed.statusCode, changed.json().fields]).toEqual([422, { travelRole: ['validation.travelRole'] }]);
    } finally {
      await restoreEmma();
      await r.settings({ expenseMaxCents: null });
    }
  });

  it('members without any hours right, observers and planners see no timesheet', async () => {
    for (const agent of [oscar, paula]) refused(await agent.get('/api/hours?tab=register'), 403, 'FORBIDDEN');
    expect(ok(await oscar.get('/api/hours/options')).tabs).toEqual([]);
    expect(ok(await sam.get('/api/hours/options')).tabs).toEqual([
      'register',
      'pending',
      'approve',
      'approved',
      'confirm',
      'unsigned',
    ]);
    expect(ok(await ben.get('/api/hours/options')).tabs).toEqual(['approved']);
  });
});

describe('approval', () => {
  async function pendingLine(member = r.ids.emma, location = r.ids.hq, agent: Agent = emma) {
    const date = pastDay();
    const item = await pastItem(member, date, 9 * 60, 17 * 60 + 30, 30, location);
    if (agent === emma) return { date, line: ok(await emma.post('/api/hours', { item, ...times })).hours };
    return { date, line: ok(await agent.post('/api/hours', { item, ...times })).hours };
  }

  it('a supervisor approves; approved hours are locked for the member', async () => {
    const { date, line } = await pendingLine();
    expect(ok(await sam.get(`/api/hours?tab=approve&from=${date}&until=${date}`)).lines.map((l: any) => l.id)).toEqual([
      line.id,
    ]);
    const approved = ok(await sam.post(`/api/hours/${line.id}/approve`, {})).hours;
    expect(approved).toMatchObject({ status: 'approved', approvedBy: 'Sam Supervisor', editable: false });
    // The answer says what the supervisor may do with the line now; the member's own view says what they may.
    expect(approved.can).toEqual({
      edit: false,
      remove: false,
      approve: false,
      deny: false,
      reopen: true,
      sign: true,
      bill: false,
    });
    const own = ok(await emma.get(`/api/hours?tab=approved&from=${date}&until=${date}`)).lines;
    expect(own.find((l: any) => l.id === line.id).can).toEqual({
      edit: false,
      remove: false,
      approve: false,
      deny: false,
      reopen: false,
      sign: false,
      bill: false,
    });
    refused(await emma.put(`/api/hours/${line.id}`, { ...times, break: 45 }), 409, 'ERR_CONFIRMED');
    refused(await emma.delete(`/api/hours/${line.id}`), 409, 'ERR_CONFIRMED');
    refused(await sam.post(`/api/hours/${line.id}/approve`, {}), 409, 'ERR_CONFIRMED');
    refused(await emma.post(`/api/hours/${line.id}/approve`, {}), 403, 'FORBIDDEN');
    // Reopened by the supervisor, it is pending again and the member may change it.
    expect(ok(await sam.post(`/api/hours/${line.id}/reopen`)).hours.status).toBe('pending');
    expect(ok(await emma.put(`/api/hours/${line.id}`, { ...times, break: 45 })).hours.minutes).toBe(465);
  });

  it('a denial carries the supervisor’s message, is mailed in the member’s language, and a change submits again', async () => {
    const { line } = await pendingLine();
    const empty = await sam.post(`/api/hours/${line.id}/deny`, { message: '  ' });
    expect(empty.statusCode).toBe(422);
    const denied = ok(await sam.post(`/api/hours/${line.id}/deny`, { message: 'You left at 17:00.' })).hours;
    expect(denied).toMatchObject({ status: 'denied', denialMessage: 'You left at 17:00.', editable: true });
    const mails = await r.t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'hoursDenied'), eq(outbox.to, 'employee@example.com')));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.at(-1)?.text).toContain('You left at 17:00.');
    const inApp = (await emma.get('/api/notifications')).json().notifications;
    expect(inApp).toContainEqual(expect.objectContaining({ event: 'hoursDenied', data: { date: line.date } }));
    const resubmitted = ok(await emma.put(`/api/hours/${line.id}`, { from: '09:00', until: '17:00', break: 30 })).hours;
    expect(resubmitted).toMatchObject({ status: 'pending', denialMessage: null, minutes: 450 });
  });

  it('a supervisor reaches only the hours of their plannings; owners reach all', async () => {
    // Sam supervises Headquarter and Café, not Catering Hafen.
    const fiona = await r.memberId('freelancer@example.com');
    const { line } = await pendingLine(fiona, r.ids.catering, olivia);
    refused(await sam.post(`/api/hours/${line.id}/approve`, {}), 403, 'FORBIDDEN');
    expect(ok(await olivia.post(`/api/hours/${line.id}/approve`, {})).hours.status).toBe('approved');
  });

  it('with the signature module an approval needs a drawn signature and the signee’s name', async () => {
    ok(await olivia.put('/api/modules/signature', { active: true }));
    try {
      const { line } = await pendingLine();
      const missing = await sam.post(`/api/hours/${line.id}/approve`, {});
      expect([missing.statusCode, Object.keys(missing.json().fields)]).toEqual([422, ['signature']]);
      const noName = await sam.post(`/api/hours/${line.id}/approve`, { signature: { image: PNG, name: '' } });
      expect(noName.statusCode).toBe(422);
      const notPng = await sam.post(`/api/hours/${line.id}/approve`, {
        signature: { image: 'data:text/plain,hi', name: 'Sam' },
      });
      expect(notPng.statusCode).toBe(422);
      const signed = ok(
        await sam.post(`/api/hours/${line.id}/approve`, { signature: { image: PNG, name: 'Emma Employee' } }),
      );
      expect(signed.hours).toMatchObject({ status: 'approved', signed: true, signeeName: 'Emma Employee' });
    } finally {
      ok(await olivia.put('/api/modules/signature', { active: false }));
    }
  });

  it('unsigned approved hours are listed and signed afterwards', async () => {
    const { date, line } = await pendingLine();
    ok(await sam.post(`/api/hours/${line.id}/approve`, {}));
    expect(ok(await sam.get(`/api/hours?tab=unsigned&from=${date}&until=${date}`)).lines).toHaveLength(1);
    ok(await sam.post(`/api/hours/${line.id}/sign`, { signature: { image: PNG, name: 'Emma Employee' } }));
    expect(ok(await sam.get(`/api/hours?tab=unsigned&from=${date}&until=${date}`)).lines).toHaveLength(0);
  });

  it('bulk: approve a week of one location; deny several with one message', async () => {
    const a = await pendingLine();
    const b = await pendingLine();
    const from = b.date < a.date ? b.date : a.date;
    const until = b.date < a.date ? a.date : b.date;
    expect(ok(await sam.post('/api/hours/approve', { from, until, location: r.ids.cafe })).count).toBe(0);
    expect(ok(await sam.post('/api/hours/approve', { from, until, location: r.ids.hq })).count).toBe(2);
    const c = await pendingLine();
    const d = await pendingLine();
    expect(
      ok(await sam.post('/api/hours/deny', { ids: [c.line.id, d.line.id], message: 'Times differ from the plan' }))
        .count,
    ).toBe(2);
    const rows = await r.t.database.db
      .select()
      .from(hours)
      .where(inArray(hours.id, [c.line.id, d.line.id]));
    expect(rows.map((x) => x.status)).toEqual(['denied', 'denied']);
    refused(await emma.post('/api/hours/approve', { ids: [c.line.id] }), 403, 'FORBIDDEN');
  });

  it('to confirm: a supervisor confirms others’ planned items as worked, with the planned times', async () => {
    const date = pastDay();
    const item = await pastItem(r.ids.leon, date, 10 * 60, 14 * 60, 0);
    const confirm = ok(await sam.get(`/api/hours?tab=confirm&from=${date}&until=${date}`));
    expect(confirm.lines.map((l: any) => l.item)).toEqual([item]);
    expect(ok(await sam.post('/api/hours/confirm', { items: [item] })).count).toBe(1);
    const [row] = await r.t.database.db.select().from(hours).where(eq(hours.itemId, item));
    expect(row).toMatchObject({ status: 'approved', minutes: 240, fromMinutes: 600 });
  });

  it('billers mark approved hours billed; nobody else does', async () => {
    const { line } = await pendingLine();
    refused(await ben.put(`/api/hours/${line.id}/billed`, { billed: true }), 409, 'CONFLICT');
    ok(await sam.post(`/api/hours/${line.id}/approve`, {}));
    refused(await emma.put(`/api/hours/${line.id}/billed`, { billed: true }), 403, 'FORBIDDEN');
    expect(ok(await ben.put(`/api/hours/${line.id}/billed`, { billed: true })).hours.billed).toBe(true);
  });

  it('paid hours stay as they are', async () => {
    const { line } = await pendingLine();
    ok(await sam.post(`/api/hours/${line.id}/approve`, {}));
    await r.t.database.db.update(hours).set({ paid: true }).where(eq(hours.id, line.id));
    refused(await sam.post(`/api/hours/${line.id}/reopen`), 409, 'ERR_HOURS_PAID');
  });
});

describe('the roster asks before touching items with hours', () => {
  it('pending hours: ERR_HOURS, and with force the hours go with the change', async () => {
    const item = await pastItem(r.ids.emma, pastDay());
    const { hours: line } = ok(await emma.post('/api/hours', { item, ...times }));
    refused(await olivia.delete(`/api/items/${item}/user`), 409, 'ERR_HOURS');
    ok(await olivia.delete(`/api/items/${item}/user?force=true`));
    expect(await r.t.database.db.select().from(hours).where(eq(hours.id, line.id))).toEqual([]);
  });

  it('approved hours: no new person (ERR_CONFIRMED); new times after a confirmation keep the hours', async () => {
    const item = await pastItem(r.ids.emma, pastDay());
    const { hours: line } = ok(await emma.post('/api/hours', { item, ...times }));
    ok(await sam.post(`/api/hours/${line.id}/approve`, {}));
    refused(await olivia.delete(`/api/items/${item}/user?force=true`), 409, 'ERR_CONFIRMED');
    refused(await olivia.delete(`/api/items/${item}?force=true`), 409, 'ERR_CONFIRMED');
    const change = await olivia.delete(`/api/items/${item}/times`);
    refused(change, 409, 'ERR_HOURS_CONFIRMED');
  });
});

describe('account walls and the module', () => {
  it('another account’s ids answer 404', async () => {
    const store = await r.storeOwner();
    const item = await pastItem(r.ids.emma, pastDay());
    const { hours: line } = ok(await emma.post('/api/hours', { item, ...times }));
    await expectForeignIdsNotFound(store, [
      { method: 'POST', url: `/api/hours/${line.id}/approve`, body: {} },
      { method: 'POST', url: `/api/hours/${line.id}/deny`, body: { message: 'x' } },
      { method: 'PUT', url: `/api/hours/${line.id}`, body: times },
      { method: 'DELETE', url: `/api/hours/${line.id}` },
      { method: 'POST', url: `/api/hours/${line.id}/sign`, body: { signature: { image: PNG, name: 'x' } } },
      { method: 'POST', url: `/api/hours/${line.id}/reopen` },
      { method: 'PUT', url: `/api/hours/${line.id}/billed`, body: { billed: true } },
      { method: 'POST', url: '/api/hours', body: { item, ...times } },
      { method: 'POST', url: '/api/hours/confirm', body: { items: [item] } },
      {
        method: 'POST',
        url: '/api/hours/approve',
        body: { from: '2026-11-01', until: '2026-11-07', location: r.ids.hq },
      },
      { method: 'POST', url: '/api/hours/approve', body: { ids: [line.id] } },
      { method: 'POST', url: '/api/hours/deny', body: { ids: [line.id], message: 'x' } },
    ]);
  });

  it('with the hours module off every call answers 403 MODULE_INACTIVE', async () => {
    ok(await olivia.put('/api/modules/hours', { active: false }));
    try {
      refused(await emma.get('/api/hours?tab=register'), 403, 'MODULE_INACTIVE');
    } finally {
      ok(await olivia.put('/api/modules/hours', { active: true }));
    }
  });
});

describe('approved worked minutes per week (for the balances ledger)', () => {
  it('sums approved minutes per member and week, Monday or Sunday first', async () => {
    const db = r.t.database.db;
    ok(await sam.post('/api/hours/approve', { from: '2026-11-16', until: '2026-11-22', location: r.ids.hq }));
    const rows = await approvedMinutesByWeek(db, r.ids.bistro, { from: '2026-11-16', until: '2026-11-22' });
    const emmaWeek = rows.find((x) => x.membershipId === r.ids.emma && x.weekStart === '2026-11-16');
    const direct = await db
      .select()
      .from(hours)
      .where(and(eq(hours.membershipId, r.ids.emma), eq(hours.status, 'approved')));
    const expected = direct
      .filter((h) => h.date >= '2026-11-16' && h.date <= '2026-11-22')
      .reduce((s, h) => s + h.minutes, 0);
    expect(emmaWeek?.minutes ?? 0).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const sunday = await approvedMinutesByWeek(db, r.ids.bistro, {
      from: '2026-11-15',
      until: '2026-11-21',
      membershipIds: [r.ids.emma],
      weekStartsOn: 'sunday',
    });
    expect(sunday.every((x) => x.weekStart === '2026-11-15')).toBe(true);
  });
});

describe('the supervisor who only collects signatures', () => {
  const line = async () => {
    const item = await pastItem(r.ids.emma, pastDay(), 9 * 60, 17 * 60 + 30, 30, r.ids.hq);
    return ok(await emma.post('/api/hours', { item, ...times })).hours;
  };

  it('signs approved hours and sees the unsigned tab, but does not approve, deny or reopen', async () => {
    const db = r.t.database.db;
    const approved = await line();
    ok(await sam.post(`/api/hours/${approved.id}/approve`, {}));
    const pending = await line();
    const [before] = await db.select().from(memberships).where(eq(memberships.id, r.ids.supervisor));
    await db
      .update(memberships)
      .set({ rights: [...before.rights, 'hours.signaturesOnly'] })
      .where(eq(memberships.id, r.ids.supervisor));
    try {
      const signer = await r.as('supervisor@example.com');
      const options = ok(await signer.get('/api/hours/options'));
      expect(options.may).toMatchObject({ supervise: false, sign: true });
      expect(options.tabs).toContain('unsigned');
      expect(options.tabs).not.toContain('approve');
      refused(await signer.post(`/api/hours/${pending.id}/approve`, {}), 403, 'FORBIDDEN');
      refused(await signer.post(`/api/hours/${pending.id}/deny`, { message: 'No' }), 403, 'FORBIDDEN');
      refused(await signer.post(`/api/hours/${approved.id}/reopen`), 403, 'FORBIDDEN');
      const signature = { signature: { image: PNG, name: 'Emma Employee' } };
      refused(await signer.post(`/api/hours/${pending.id}/sign`, signature), 409, 'CONFLICT');
      const unsigned = ok(await signer.get('/api/hours?tab=unsigned&range=all'));
      expect(unsigned.tab).toBe('unsigned');
      const signed = ok(await signer.post(`/api/hours/${approved.id}/sign`, signature)).hours;
      expect(signed).toMatchObject({ signed: true, can: { sign: false, approve: false, reopen: false } });
      // A signature stays as drawn: signing again is refused.
      refused(await signer.post(`/api/hours/${approved.id}/sign`, signature), 409, 'CONFLICT');
    } finally {
      await db.update(memberships).set({ rights: before.rights }).where(eq(memberships.id, r.ids.supervisor));
    }
  });
});

describe('the approved tab a page at a time', () => {
  it('answers the default page, the next one, the totals, and refuses too big a page', async () => {
    const db = r.t.database.db;
    // Seven approved days of Emma's, weeks before the other tests' days.
    const until = addDays(today(), -60);
    const from = addDays(until, -6);
    await db.insert(hours).values(
      [0, 1, 2, 3, 4, 5, 6].map((n) => ({
        accountId: r.ids.bistro,
        membershipId: r.ids.emma,
        locationId: r.ids.hq,
        date: addDays(from, n),
        fromMinutes: 9 * 60,
        untilMinutes: 17 * 60,
        minutes: 480,
        status: 'approved',
        createdAt: new Date(0),
        updatedAt: new Date(0),
      })),
    );
    const url = `/api/hours?tab=approved&from=${from}&until=${until}`;
    const all = ok(await olivia.get(url));
    const total = all.lines.length;
    expect(total).toBeGreaterThanOrEqual(7);
    // The default page: TIMESHEET_PAGE_SIZE (100) lines; the tab's badge counts the same lines.
    expect(all.paging).toEqual({ page: 1, size: 100, total });
    expect(all.counts.approved).toBe(total);
    const pages = [1, 2, 3].map(async (page) => ok(await olivia.get(`${url}&size=3&page=${page}`)));
    const [one, two, three] = await Promise.all(pages);
    expect(one.lines).toHaveLength(3);
    expect(two.paging).toEqual({ page: 2, size: 3, total });
    // The pages follow each other in the order of the whole list: nothing repeated, nothing skipped.
    const ids = (x: { lines: { id: string }[] }) => x.lines.map((l) => l.id);
    expect([...ids(one), ...ids(two), ...ids(three)]).toEqual(ids(all).slice(0, 9));
    const past = ok(await olivia.get(`${url}&size=3&page=${Math.ceil(total / 3) + 1}`));
    expect(past.lines).toEqual([]);
    expect(past.paging.total).toBe(total);
    // An employee pages her own approved lines the same way.
    expect(ok(await emma.get(`${url}&size=2`)).lines).toHaveLength(2);
    for (const bad of ['size=501', 'size=0', 'page=0', 'page=x'])
      refused(await olivia.get(`${url}&${bad}`), 422, 'VALIDATION');
    // The work lists come whole: a page of the "to be approved" tab is page 1 with every line.
    const approve = ok(await olivia.get(`/api/hours?tab=approve&from=${from}&until=${until}&size=1&page=2`));
    expect(approve.paging).toEqual({ page: 1, size: 5000, total: approve.lines.length });
  });
});
