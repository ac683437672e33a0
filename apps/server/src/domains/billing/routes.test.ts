import { addDays, now, todayIn } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agentFor, createTestApp, expectForeignIdsNotFound, type TestApp } from '../../../test/app';
import { accounts, invoices, memberships, sepaMandates, users } from '../../db/schema';
import { createSession } from '../../platform/session';
import { rosterIds } from '../roster/testkit';
import { runBilling } from './service';

/** The invoice calls (docs/product/billing.md): the owner's, everyone else's refusal, the signed link, operators. */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let bistro: string;
let store: string;
let own: { id: string; number: string };
let foreign: string;

async function agentOf(email: string, accountId: string): Promise<Agent> {
  const [row] = await t.database.db
    .select({ userId: users.id, membershipId: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.accountId, accountId)));
  const session = await t.database.db.transaction((tx) => createSession(tx, { ...row, accountId, locale: 'en' }));
  return agentFor(t.app, session.token, session.csrfToken);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ bistro, store } = await rosterIds(t.database.db));
  for (const accountId of [bistro, store]) {
    await t.database.db
      .update(accounts)
      .set({
        status: 'active',
        periodEndsAt: new Date(now().getTime() + 10 * DAY),
        invoiceAddress: 'Weg 1\n10115 Berlin',
      })
      .where(eq(accounts.id, accountId));
    await t.database.db.insert(sepaMandates).values({
      accountId,
      holder: 'Holder',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      reference: `REF-${accountId.slice(0, 6)}`,
      signedOn: todayIn('Europe/Berlin'),
    });
  }
  await runBilling(t.ctx, t.database.db);
  const [a] = await t.database.db.select().from(invoices).where(eq(invoices.accountId, bistro));
  const [b] = await t.database.db.select().from(invoices).where(eq(invoices.accountId, store));
  own = { id: a.id, number: a.number };
  foreign = b.id;
});
afterAll(() => t.dispose());

describe('GET /api/invoices…', () => {
  it('lists, shows and downloads the account’s invoices for the owner', async () => {
    const owner = await agentOf('owner@example.com', bistro);
    const list = await owner.get('/api/invoices');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices.map((i: { id: string }) => i.id)).toEqual([own.id]);
    const detail = await owner.get(`/api/invoices/${own.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ number: own.number, vatCategory: 'S', debitExported: false });
    expect(body.debit.ibanMasked).toBe('DE02 •••• 2051');
    expect(body.debit.dueOn).toBe(addDays(todayIn('Europe/Berlin'), 5));
    expect(body.shareUrl).toMatch(new RegExp(`/en/i/${own.id}/[A-Za-z0-9_-]{32}$`));
    expect(JSON.stringify(body)).not.toContain('DE02120300000000202051');
    const pdf = await owner.get(`/api/invoices/${own.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${own.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await owner.get(`/api/invoices/${own.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(own.number);
  });

  it('refuses everyone but the owner with 403', async () => {
    for (const email of ['manager@example.com', 'planner@example.com', 'employee@example.com']) {
      const agent = await agentOf(email, bistro);
      for (const url of [
        '/api/invoices',
        `/api/invoices/${own.id}`,
        `/api/invoices/${own.id}/pdf`,
        `/api/invoices/${own.id}/xml`,
      ]) {
        const res = await agent.get(url);
        expect({ email, url, status: res.statusCode, code: res.json().code }).toEqual({
          email,
          url,
          status: 403,
          code: 'FORBIDDEN',
        });
      }
    }
  });

  it('answers another account’s invoice 404, as a missing one', async () => {
    const owner = await agentOf('owner@example.com', bistro);
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: `/api/invoices/${foreign}` },
      { method: 'GET', url: `/api/invoices/${foreign}/pdf` },
      { method: 'GET', url: `/api/invoices/${foreign}/xml` },
    ]);
  });
});

describe('the signed link /api/i/{id}/{hash}', () => {
  it('serves the PDF without a session to whoever holds the link', async () => {
    const owner = await agentOf('owner@example.com', bistro);
    const { shareUrl } = (await owner.get(`/api/invoices/${own.id}`)).json();
    const hash = shareUrl.split('/').pop();
    const res = await t.app.inject({ method: 'GET', url: `/api/i/${own.id}/${hash}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The same hash with another invoice, a changed hash and a made-up id: 404 each.
    for (const url of [
      `/api/i/${foreign}/${hash}`,
      `/api/i/${own.id}/${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`,
      `/api/i/00000000-0000-4000-8000-000000000000/${hash}`,
    ]) {
      const wrong = await t.app.inject({ method: 'GET', url });
      expect({ url, status: wrong.statusCode, code: wrong.json().code }).toEqual({
        url,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('POST /api/operator/direct-debits', () => {
  it('gives operators the pain.008 file once and refuses account owners', async () => {
    const owner = await agentOf('owner@example.com', bistro);
    const due = addDays(todayIn('Europe/Berlin'), 5);
    expect((await owner.post('/api/operator/direct-debits', { collectionDate: due })).statusCode).toBe(403);
    await t.database.db.update(users).set({ superUser: true }).where(eq(users.email, 'owner@example.com'));
    const operator = await agentOf('owner@example.com', bistro);
    const file = await operator.post('/api/operator/direct-debits', { collectionDate: due });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(file.body.match(/<DrctDbtTxInf>/g)).toHaveLength(2);
    const again = await operator.post('/api/operator/direct-debits', { collectionDate: due });
    expect(again.statusCode).toBe(204);
    const { debitExported } = (await operator.get(`/api/invoices/${own.id}`)).json();
    expect(debitExported).toBe(true);
    const bad = await operator.post('/api/operator/direct-debits', { collectionDate: '2027-02-30' });
    expect(bad.statusCode).toBe(422);
  });
});
