import { addDays, periodJustEnded } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { switchModules } from '../../../test/modules';
import { FACTURX_XSD, pdfText, xmllint } from '../../../test/standards';
import {
  accounts,
  clientInvoiceCounters,
  clientInvoices,
  clients,
  hours,
  locations,
  outbox,
  premiums,
} from '../../db/schema';
import { type RosterIds, rosterIds, today } from '../roster/testkit';
import { draftDueInvoices, takeClientInvoiceNumber } from './service';

/**
 * Invoices to clients (docs/product/invoicing.md): the job drafts the period that ended from approved billable
 * hours, a manager edits the lines and issues (a number without gaps), the PDF and the e-invoice, the mail, the lock
 * on invoiced hours, the guards and 404 across accounts.
 */

let t: TestApp;
let ids: RosterIds;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
const db = () => t.database.db;

const withClients = (accountId: string, on: boolean) => switchModules(db(), accountId, ['clients'], on);

beforeAll(async () => {
  t = await createTestApp();
  ids = await rosterIds(db());
  await withClients(ids.bistro, true);
  await withClients(ids.store, true);
  // The sample's premiums would add lines by weekday: this file's amounts are the rate's alone.
  await db().update(premiums).set({ active: false }).where(eq(premiums.accountId, ids.bistro));
  await db()
    .update(accounts)
    .set({ companyName: 'Bistro Central GmbH', invoiceAddress: 'Hauptstr. 1\n10115 Berlin', vatNumber: 'DE123456789' })
    .where(eq(accounts.id, ids.bistro));
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
});
afterAll(() => t.dispose());

const period = () => {
  const p = periodJustEnded('monthly', today());
  if (!p) throw new Error('monthly has a period');
  return p;
};

/** A client with a planning of its own and two approved lines of hours in the month that ended. */
async function clientWithHours(name: string, opts: { email?: string | null } = {}) {
  const res = await planner.post('/api/clients', {
    name,
    invoiceInterval: 'monthly',
    invoiceEmail: opts.email === undefined ? 'billing@client.example' : opts.email,
  });
  expect(res.statusCode, res.body).toBe(201);
  const client = res.json() as { id: string };
  const billing = await owner.put(`/api/client-billing/${client.id}`, {
    address: 'Messedamm 22\n14055 Berlin',
    country: 'DE',
    hourlyRateCents: 4000,
    paymentDays: 14,
  });
  expect(billing.statusCode, billing.body).toBe(200);
  const [location] = await db()
    .insert(locations)
    .values({ accountId: ids.bistro, name: `${name} site`, clientId: client.id })
    .returning({ id: locations.id });
  const { from } = period();
  const line = (
    date: string,
    fromMinutes: number,
    untilMinutes: number,
    breakMinutes: number,
    status = 'approved',
  ) => ({
    accountId: ids.bistro,
    membershipId: ids.anna,
    locationId: location.id,
    date,
    fromMinutes,
    untilMinutes,
    breakMinutes,
    minutes: untilMinutes - fromMinutes - breakMinutes,
    status,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const made = await db()
    .insert(hours)
    .values([
      line(addDays(from, 2), 8 * 60, 16 * 60 + 30, 30), // 8 h
      line(addDays(from, 3), 9 * 60, 13 * 60, 0), // 4 h
      line(addDays(from, 4), 9 * 60, 13 * 60, 0, 'pending'), // not approved: not invoiced
    ])
    .returning({ id: hours.id });
  return { clientId: client.id, locationId: location.id, hours: made.map((h) => h.id) };
}

async function draftOf(clientId: string) {
  const [row] = await db().select().from(clientInvoices).where(eq(clientInvoices.clientId, clientId));
  return row;
}

describe('drafting', () => {
  it("the job drafts the month that ended from the client's approved hours, once", async () => {
    const c = await clientWithHours('Messe Nord');
    expect(await draftDueInvoices(t.ctx, db())).toBeGreaterThanOrEqual(1);
    expect(await draftDueInvoices(t.ctx, db())).toBe(0);
    const draft = await draftOf(c.clientId);
    expect(draft).toMatchObject({ status: 'draft', periodFrom: period().from, periodUntil: period().until });
    const res = await manager.get(`/api/client-invoices/${draft.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lines).toEqual([
      expect.objectContaining({ kind: 'hours', quantity: 12, unitCents: 4000, amountCents: 48000 }),
    ]);
    expect(body).toMatchObject({ netCents: 48000, vatRateBp: 1900, vatCents: 9120, totalCents: 57120, hoursCount: 2 });
    expect(body.abilities).toMatchObject({ edit: true, issue: true, download: false });
  });

  it('a manual draft for a period the client has already answers ERR_INVOICE_EXISTS', async () => {
    const c = await clientWithHours('Messe Süd');
    const first = await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() });
    expect(first.statusCode, first.body).toBe(201);
    const again = await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ERR_INVOICE_EXISTS', data: { invoice: first.json().id } });
  });
});

describe('editing, issuing, the files and the mail', () => {
  it('a manager edits the lines, issues with the next number, and the PDF and e-invoice say the same', async () => {
    const c = await clientWithHours('Expo West');
    const draft = (await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json();
    const [hoursLine] = draft.lines;
    const edited = await manager.put(`/api/client-invoices/${draft.id}`, {
      lines: [
        { id: hoursLine.id, description: 'Stand staff, hours', quantity: 12.5, unitCents: 4000 },
        { description: 'Cleaning materials', quantity: 1, unitCents: 2599 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines).toEqual([
      expect.objectContaining({ kind: 'hours', description: 'Stand staff, hours', amountCents: 50000 }),
      expect.objectContaining({ kind: 'custom', amountCents: 2599 }),
    ]);
    expect(edited.json()).toMatchObject({ netCents: 52599, vatCents: 9994, totalCents: 62593 });

    // A draft has no files yet.
    expect((await manager.get(`/api/client-invoices/${draft.id}/pdf`)).statusCode).toBe(409);
    await db().delete(outbox);
    const issued = await manager.post(`/api/client-invoices/${draft.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const body = issued.json();
    expect(body.number).toMatch(/^\d{4}-\d{4}$/);
    expect(body).toMatchObject({ status: 'issued', totalCents: 62593, abilities: { edit: false, download: true } });
    expect(body.sentAt).not.toBeNull();

    // Issued: fixed.
    const change = await manager.put(`/api/client-invoices/${draft.id}`, { lines: [] });
    expect(change.json().code).toBe('ERR_INVOICE_ISSUED');
    expect((await manager.post(`/api/client-invoices/${draft.id}/issue`)).json().code).toBe('ERR_INVOICE_ISSUED');
    expect((await manager.delete(`/api/client-invoices/${draft.id}`)).json().code).toBe('ERR_INVOICE_ISSUED');

    const pdf = await manager.get(`/api/client-invoices/${draft.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await pdfText(pdf.rawPayload);
    expect(read.text).toContain(body.number);
    expect(read.text).toContain('Expo West');
    expect(read.text).toMatch(/625[.,]93/);
    expect(read.attachments).toContain('factur-x.xml');

    const xml = (await manager.get(`/api/client-invoices/${draft.id}/xml`)).body;
    expect(xml).toContain(body.number);
    expect(xml).toContain('625.93');
    const check = xmllint(xml, FACTURX_XSD);
    expect(check.output).toContain('validates');

    const mails = await db().select().from(outbox).where(eq(outbox.template, 'clientInvoice'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'billing@client.example' });
    expect(mails[0].subject).toContain(body.number);
    const resend = await owner.post(`/api/client-invoices/${draft.id}/send`);
    expect(resend.statusCode, resend.body).toBe(200);
  });

  it('an empty draft is not issued; a client without an invoice e-mail is not mailed', async () => {
    const c = await clientWithHours('Quiet client', { email: null });
    const other = addDays(period().from, -40);
    const empty = (
      await owner.post('/api/client-invoices', { clientId: c.clientId, from: other, until: addDays(other, 6) })
    ).json();
    expect(empty.lines).toEqual([]);
    expect((await owner.post(`/api/client-invoices/${empty.id}/issue`)).json().code).toBe('ERR_INVOICE_EMPTY');
    expect((await owner.delete(`/api/client-invoices/${empty.id}`)).statusCode).toBe(200);
    const draft = (await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json();
    const issued = await owner.post(`/api/client-invoices/${draft.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().sentAt).toBeNull();
    expect((await owner.post(`/api/client-invoices/${draft.id}/send`)).json().code).toBe('ERR_INVOICE_NO_EMAIL');
  });
});

describe('realtime', () => {
  it('a draft by the job, an edit, an issue and a deletion each tell the account which invoice changed', async () => {
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const room = `account.${ids.bistro}`;
    const sent = () =>
      emit.mock.calls
        .filter((c) => c[1] === 'ClientInvoiceUpdated')
        .map((c) => [c[0], (c[2] as { ids: string[] }).ids]);
    try {
      const c = await clientWithHours('Live client');
      await draftDueInvoices(t.ctx, db());
      const drafted = await draftOf(c.clientId);
      expect(sent()).toContainEqual([room, [drafted.id]]);
      emit.mockClear();
      const edited = await manager.put(`/api/client-invoices/${drafted.id}`, {
        lines: [{ description: 'Set-up', quantity: 1, unitCents: 1000 }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(sent()).toEqual([[room, [drafted.id]]]);
      emit.mockClear();
      expect((await manager.post(`/api/client-invoices/${drafted.id}/issue`)).statusCode).toBe(200);
      expect(sent()[0]).toEqual([room, [drafted.id]]);
      emit.mockClear();
      const other = addDays(period().from, -80);
      const extra = (
        await owner.post('/api/client-invoices', { clientId: c.clientId, from: other, until: addDays(other, 6) })
      ).json();
      expect(sent()).toEqual([[room, [extra.id]]]);
      emit.mockClear();
      expect((await owner.delete(`/api/client-invoices/${extra.id}`)).statusCode).toBe(200);
      expect(sent()).toEqual([[room, [extra.id]]]);
    } finally {
      emit.mockRestore();
    }
  });
});

describe('invoiced hours are locked', () => {
  it('hours on an invoice are not reopened (ERR_CONFIRMED); deleting the draft frees them', async () => {
    const c = await clientWithHours('Locked client');
    const draft = (await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json();
    const reopen = await owner.post(`/api/hours/${c.hours[0]}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('ERR_CONFIRMED');
    const unbill = await owner.put(`/api/hours/${c.hours[0]}/billed`, { billed: false });
    expect(unbill.json().code).toBe('ERR_CONFIRMED');
    expect((await owner.delete(`/api/client-invoices/${draft.id}`)).statusCode).toBe(200);
    const [line] = await db().select().from(hours).where(eq(hours.id, c.hours[0]));
    expect(line.clientInvoiceId).toBeNull();
    expect((await owner.post(`/api/hours/${c.hours[0]}/reopen`)).statusCode).toBe(200);
  });

  it('issuing marks the hours billed', async () => {
    const c = await clientWithHours('Billed client');
    const draft = (await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json();
    await owner.post(`/api/client-invoices/${draft.id}/issue`);
    const rows = await db()
      .select({ billed: hours.billed })
      .from(hours)
      .where(and(eq(hours.clientInvoiceId, draft.id)));
    expect(rows).toEqual([{ billed: true }, { billed: true }]);
  });
});

describe('numbers without gaps', () => {
  it('a rolled-back issue gives its number back', async () => {
    const year = 2091;
    expect(await db().transaction((tx) => takeClientInvoiceNumber(tx, ids.bistro, year))).toBe(1);
    await expect(
      db().transaction(async (tx) => {
        expect(await takeClientInvoiceNumber(tx, ids.bistro, year)).toBe(2);
        throw new Error('the issue failed');
      }),
    ).rejects.toThrow('the issue failed');
    expect(await db().transaction((tx) => takeClientInvoiceNumber(tx, ids.bistro, year))).toBe(2);
    // Another account counts on its own.
    expect(await db().transaction((tx) => takeClientInvoiceNumber(tx, ids.store, year))).toBe(1);
  });

  it('concurrent issues get every number once, none skipped', { timeout: 180_000 }, async () => {
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await clientWithHours(`Parallel ${i}`);
      made.push((await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json().id);
    }
    const [before] = await db()
      .select({ last: clientInvoiceCounters.last })
      .from(clientInvoiceCounters)
      .where(eq(clientInvoiceCounters.accountId, ids.bistro));
    const start = before?.last ?? 0;
    const answers = await Promise.all(
      made.flatMap((id) => [
        owner.post(`/api/client-invoices/${id}/issue`),
        manager.post(`/api/client-invoices/${id}/issue`),
      ]),
    );
    // Each invoice is issued once; the second issue of it is refused.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(made.length);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'ERR_INVOICE_ISSUED')).toBe(true);
    const rows = await db().select({ sequence: clientInvoices.sequence, id: clientInvoices.id }).from(clientInvoices);
    const mine = rows.filter((r) => made.includes(r.id)).map((r) => r.sequence ?? 0);
    mine.sort((a, b) => a - b);
    const year = Number(today().slice(0, 4));
    const all = rows.map((r) => r.sequence).filter((s): s is number => s !== null);
    expect(new Set(all).size).toBe(all.length);
    expect(mine).toEqual(Array.from({ length: made.length }, (_, i) => start + i + 1));
    expect(year).toBeGreaterThan(2000);
  });
});

describe('guards', () => {
  it('owners and managers only; planners and employees get 403; the module off answers MODULE_INACTIVE', async () => {
    expect((await owner.get('/api/client-invoices')).statusCode).toBe(200);
    expect((await manager.get('/api/client-invoices?status=draft')).statusCode).toBe(200);
    expect((await planner.get('/api/client-invoices')).statusCode).toBe(403);
    expect((await employee.get('/api/client-invoices')).statusCode).toBe(403);
    const c = await clientWithHours('Guarded');
    expect((await planner.get(`/api/client-billing/${c.clientId}`)).statusCode).toBe(403);
    const draft = (await owner.post('/api/client-invoices', { clientId: c.clientId, ...period() })).json();
    expect((await planner.get(`/api/client-invoices/${draft.id}`)).statusCode).toBe(403);
    expect((await planner.post(`/api/client-invoices/${draft.id}/issue`)).statusCode).toBe(403);
    const list = await owner.get(`/api/client-invoices?clientId=${c.clientId}`);
    expect(list.json().invoices.map((i: { id: string }) => i.id)).toEqual([draft.id]);
    await withClients(ids.bistro, false);
    try {
      const off = await owner.get('/api/client-invoices');
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('MODULE_INACTIVE');
    } finally {
      await withClients(ids.bistro, true);
    }
  });

  it("another account's invoice and client answer 404, as missing ones", async () => {
    const [storeClient] = await db()
      .insert(clients)
      .values({ accountId: ids.store, name: 'Store client', invoiceInterval: 'monthly' })
      .returning({ id: clients.id });
    const [foreign] = await db()
      .insert(clientInvoices)
      .values({ accountId: ids.store, clientId: storeClient.id, periodFrom: '2027-01-01', periodUntil: '2027-01-31' })
      .returning({ id: clientInvoices.id });
    const id = foreign.id;
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: `/api/client-invoices/${id}` },
      { method: 'PUT', url: `/api/client-invoices/${id}`, body: { lines: [] } },
      { method: 'DELETE', url: `/api/client-invoices/${id}` },
      { method: 'POST', url: `/api/client-invoices/${id}/issue` },
      { method: 'POST', url: `/api/client-invoices/${id}/send` },
      { method: 'GET', url: `/api/client-invoices/${id}/pdf` },
      { method: 'GET', url: `/api/client-invoices/${id}/xml` },
      { method: 'GET', url: `/api/client-billing/${storeClient.id}` },
      {
        method: 'PUT',
        url: `/api/client-billing/${storeClient.id}`,
        body: { address: '', country: null, hourlyRateCents: null, paymentDays: 14 },
      },
      { method: 'POST', url: '/api/client-invoices', body: { clientId: storeClient.id, ...period() } },
    ]);
  });
});
