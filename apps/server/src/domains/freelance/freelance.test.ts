import { addDays, now, todayIn } from '@app/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { switchModules } from '../../../test/modules';
import { pdfText } from '../../../test/standards';
import { freelancerInvoices, hours } from '../../db/schema';
import { memberIdOf, type RosterIds, rosterIds } from '../roster/testkit';

let t: TestApp;
let ids: RosterIds;
let fiona: Agent;
let owner: Agent;
let manager: Agent;
let accountant: Agent;
let planner: Agent;
let employee: Agent;
let fionaId: string;

/** Fiona's approved, unpaid hours on no invoice, oldest first. */
async function freeHours() {
  return t.database.db
    .select()
    .from(hours)
    .where(
      and(
        eq(hours.membershipId, fionaId),
        eq(hours.status, 'approved'),
        eq(hours.paid, false),
        isNull(hours.freelancerInvoiceId),
      ),
    )
    .orderBy(asc(hours.date));
}

const refused = (res: { statusCode: number; json(): { code: string } }, status: number, code: string) =>
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });

beforeAll(async () => {
  t = await createTestApp();
  ids = await rosterIds(t.database.db);
  fionaId = await memberIdOf(t.database.db, 'freelancer@example.com');
  [fiona, owner, manager, accountant, planner, employee] = await Promise.all(
    [
      'freelancer@example.com',
      'owner@example.com',
      'manager@example.com',
      'accountant@example.com',
      'planner@example.com',
      'employee@example.com',
    ].map((e) => signIn(t.app, e)),
  );
  for (let d = 1; d <= 8; d++) await hoursOf(fionaId, `2027-02-${String(d).padStart(2, '0')}`, 'approved');
  await hoursOf(fionaId, '2027-02-10', 'pending');
  await hoursOf(ids.anna, '2027-02-03', 'approved');
  await hoursOf(ids.storeMember, '2027-02-03', 'approved', ids.store);
});
afterAll(async () => t.dispose());

/** Hours written straight into the table (the sample under test has none): 09:00-17:00 less 30 minutes. */
async function hoursOf(membershipId: string, date: string, status: 'approved' | 'pending', accountId?: string) {
  const at = now();
  await t.database.db.insert(hours).values({
    accountId: accountId ?? ids.bistro,
    membershipId,
    locationId: accountId ? ids.storeLocation : ids.catering,
    dutyId: accountId ? ids.storeDuty : ids.kitchen,
    date,
    fromMinutes: 540,
    untilMinutes: 1020,
    breakMinutes: 30,
    minutes: 450,
    status,
    createdBy: membershipId,
    createdAt: at,
    updatedAt: at,
  });
}

describe('freelancer invoices', () => {
  let period: { from: string; until: string };
  let invoiceId: string;
  let invoicedHours: string[];

  it('answer 403 MODULE_INACTIVE while the freelancers module is off', async () => {
    refused(await fiona.get('/api/freelancer-invoices'), 403, 'MODULE_INACTIVE');
    await switchModules(t.database.db, ids.bistro, ['freelancers'], true);
  });

  it('a freelancer sees their approved hours on no invoice; only freelancers ask for them', async () => {
    const free = await freeHours();
    expect(free.length).toBeGreaterThan(2);
    const until = free[free.length - 1].date;
    period = { from: addDays(until, -60), until };
    const res = await fiona.get(`/api/freelancer-invoices/billable?from=${period.from}&until=${period.until}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hours.map((h: { id: string }) => h.id).sort()).toEqual(
      free
        .filter((h) => h.date >= period.from)
        .map((h) => h.id)
        .sort(),
    );
    expect(body.hours[0]).toMatchObject({ location: expect.any(String), duty: expect.any(String), minutes: 450 });
    for (const other of [owner, employee, accountant])
      refused(
        await other.get(`/api/freelancer-invoices/billable?from=${period.from}&until=${period.until}`),
        403,
        'FORBIDDEN',
      );
    // A period longer than one invoice may cover is refused before any work.
    refused(await fiona.get(`/api/freelancer-invoices/billable?from=2027-01-01&until=2027-06-01`), 422, 'VALIDATION');
  });

  it('turns chosen hours into an invoice: lines per day and duty at the rate, numbered, the hours locked', async () => {
    const free = (await freeHours()).filter((h) => h.date >= period.from).slice(0, 3);
    invoicedHours = free.map((h) => h.id);
    const res = await fiona.post('/api/freelancer-invoices', {
      ...period,
      hours: invoicedHours,
      vatId: 'DE123456789',
      rateCents: 3000,
      vatRateBp: 1900,
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    invoiceId = inv.id;
    const minutes = free.reduce((s, h) => s + h.minutes, 0);
    const net = free.reduce((s, h) => s + Math.round((h.minutes * 3000) / 60), 0);
    expect(inv).toMatchObject({
      number: `${todayIn('Europe/Berlin').slice(0, 4)}-0001`,
      status: 'submitted',
      vatId: 'DE123456789',
      freelancer: { id: fionaId, name: 'Fiona Freelancer' },
      minutes,
      netCents: net,
      vatCents: Math.round(net * 0.19),
      totalCents: net + Math.round(net * 0.19),
      can: { pay: false, reject: false },
    });
    expect(inv.lines).toHaveLength(3);
    const locked = await t.database.db.select().from(hours).where(eq(hours.freelancerInvoiceId, inv.id));
    expect(locked.map((h) => h.id).sort()).toEqual([...invoicedHours].sort());
  });

  it('cannot invoice the same hours twice (ERR_HOURS_INVOICED), nor others’ or unapproved hours', async () => {
    const again = await fiona.post('/api/freelancer-invoices', {
      ...period,
      hours: invoicedHours,
      vatId: 'DE123456789',
      rateCents: 3000,
    });
    refused(again, 409, 'ERR_HOURS_INVOICED');
    expect(again.json().data).toMatchObject({ count: 3 });
    const [someoneElses] = await t.database.db
      .select({ id: hours.id })
      .from(hours)
      .where(and(eq(hours.membershipId, ids.anna), eq(hours.status, 'approved')));
    refused(
      await fiona.post('/api/freelancer-invoices', {
        ...period,
        hours: [someoneElses.id],
        vatId: 'X1',
        rateCents: 100,
      }),
      404,
      'NOT_FOUND',
    );
    const [pending] = await t.database.db
      .select({ id: hours.id, date: hours.date })
      .from(hours)
      .where(and(eq(hours.membershipId, fionaId), eq(hours.status, 'pending')));
    if (pending)
      refused(
        await fiona.post('/api/freelancer-invoices', {
          from: addDays(pending.date, -1),
          until: pending.date,
          hours: [pending.id],
          vatId: 'X1',
          rateCents: 100,
        }),
        409,
        'CONFLICT',
      );
    refused(
      await fiona.post('/api/freelancer-invoices', { ...period, hours: [], vatId: 'X1', rateCents: 100 }),
      422,
      'VALIDATION',
    );
    refused(
      await fiona.post('/api/freelancer-invoices', { ...period, hours: invoicedHours, vatId: '', rateCents: 100 }),
      422,
      'VALIDATION',
    );
    refused(
      await owner.post('/api/freelancer-invoices', { ...period, hours: invoicedHours, vatId: 'X', rateCents: 1 }),
      403,
      'FORBIDDEN',
    );
  });

  it('keeps invoiced hours as they are: no reopening, denying or editing while the invoice stands', async () => {
    const id = invoicedHours[0];
    refused(await owner.post(`/api/hours/${id}/reopen`), 409, 'ERR_HOURS_INVOICED');
    refused(await owner.post(`/api/hours/${id}/deny`, { message: 'No' }), 409, 'ERR_HOURS_INVOICED');
    refused(
      await owner.put(`/api/hours/${id}`, { from: '09:00', until: '16:00', break: 15 }),
      409,
      'ERR_HOURS_INVOICED',
    );
    const line = (await owner.get(`/api/hours/${id}`)).json();
    if (line.hours) expect(line.hours.can).toMatchObject({ edit: false, reopen: false, deny: false });
  });

  it('the company’s owners, managers and accountants see every invoice; the freelancer their own; others none', async () => {
    const mine = (await fiona.get('/api/freelancer-invoices')).json();
    expect(mine.own).toBe(true);
    expect(mine.invoices.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    for (const reviewer of [owner, manager, accountant]) {
      const res = await reviewer.get('/api/freelancer-invoices');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().own).toBe(false);
      expect(res.json().invoices.find((i: { id: string }) => i.id === invoiceId)).toMatchObject({
        can: { pay: true, reject: true },
      });
      expect((await reviewer.get(`/api/freelancer-invoices/${invoiceId}`)).statusCode).toBe(200);
    }
    for (const other of [planner, employee]) {
      refused(await other.get('/api/freelancer-invoices'), 403, 'FORBIDDEN');
      refused(await other.get(`/api/freelancer-invoices/${invoiceId}`), 403, 'FORBIDDEN');
      refused(await other.get(`/api/freelancer-invoices/${invoiceId}/pdf`), 403, 'FORBIDDEN');
    }
    refused(await fiona.get(`/api/freelancer-invoices/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('downloads as a PDF with the number, the VAT ID and the total', async () => {
    for (const reader of [fiona, owner]) {
      const res = await reader.get(`/api/freelancer-invoices/${invoiceId}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const inv = (await fiona.get(`/api/freelancer-invoices/${invoiceId}`)).json();
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain(inv.number);
      expect(text).toContain('DE123456789');
      expect(text).toContain('Fiona Freelancer');
      const total = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(inv.totalCents / 100);
      expect(text).toContain(total);
    }
  });

  it('a reviewer marks a submitted invoice paid (its hours paid); decided invoices stay decided', async () => {
    refused(await fiona.post(`/api/freelancer-invoices/${invoiceId}/paid`), 403, 'FORBIDDEN');
    refused(await planner.post(`/api/freelancer-invoices/${invoiceId}/paid`), 403, 'FORBIDDEN');
    const res = await accountant.post(`/api/freelancer-invoices/${invoiceId}/paid`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', can: { pay: false, reject: false } });
    const rows = await t.database.db.select().from(hours).where(eq(hours.freelancerInvoiceId, invoiceId));
    expect(rows.every((h) => h.paid)).toBe(true);
    refused(await owner.post(`/api/freelancer-invoices/${invoiceId}/paid`), 409, 'CONFLICT');
    refused(await owner.post(`/api/freelancer-invoices/${invoiceId}/reject`, { reason: 'Late' }), 409, 'CONFLICT');
  });

  it('a rejected invoice frees its hours to be invoiced again, under the next number', async () => {
    const free = (await freeHours()).filter((h) => h.date >= period.from).slice(0, 2);
    const body = { ...period, hours: free.map((h) => h.id), vatId: 'DE123456789', rateCents: 2500 };
    const second = (await fiona.post('/api/freelancer-invoices', body)).json();
    expect(second.number).toMatch(/-0002$/);
    refused(await manager.post(`/api/freelancer-invoices/${second.id}/reject`, { reason: '' }), 422, 'VALIDATION');
    const rejected = await manager.post(`/api/freelancer-invoices/${second.id}/reject`, { reason: 'Wrong rate' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'Wrong rate' });
    const third = await fiona.post('/api/freelancer-invoices', { ...body, rateCents: 3000 });
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().number).toMatch(/-0003$/);
  });

  it('cannot invoice hours the company paid already (ERR_HOURS_PAID)', async () => {
    const [free] = (await freeHours()).filter((h) => h.date >= period.from && h.date <= period.until);
    await t.database.db.update(hours).set({ paid: true }).where(eq(hours.id, free.id));
    const body = { ...period, hours: [free.id], vatId: 'DE123456789', rateCents: 2500 };
    refused(await fiona.post('/api/freelancer-invoices', body), 409, 'ERR_HOURS_PAID');
    await t.database.db.update(hours).set({ paid: false }).where(eq(hours.id, free.id));
  });

  it('answers 404 for another account’s invoice, as for one that does not exist', async () => {
    const storeMember = ids.storeMember;
    const [foreign] = await t.database.db
      .insert(freelancerInvoices)
      .values({
        accountId: ids.store,
        membershipId: storeMember,
        number: '2027-0001',
        seq: 1,
        issuedOn: '2027-03-01',
        periodFrom: '2027-02-01',
        periodUntil: '2027-02-28',
        sellerName: 'Someone',
        vatId: 'NL1',
        buyerName: 'Corner Store',
        rateCents: 1000,
        minutes: 60,
        netCents: 1000,
        vatCents: 0,
        totalCents: 1000,
        createdAt: now(),
      })
      .returning();
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: `/api/freelancer-invoices/${foreign.id}` },
      { method: 'GET', url: `/api/freelancer-invoices/${foreign.id}/pdf` },
      { method: 'POST', url: `/api/freelancer-invoices/${foreign.id}/paid`, body: {} },
      { method: 'POST', url: `/api/freelancer-invoices/${foreign.id}/reject`, body: { reason: 'x' } },
    ]);
    const storeHours = await t.database.db
      .select({ id: hours.id })
      .from(hours)
      .where(eq(hours.accountId, ids.store))
      .limit(1);
    if (storeHours[0])
      refused(
        await fiona.post('/api/freelancer-invoices', {
          ...period,
          hours: [storeHours[0].id],
          vatId: 'X',
          rateCents: 1,
        }),
        404,
        'NOT_FOUND',
      );
  });
});
