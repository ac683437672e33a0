import { BILLING_PERIOD_DAYS } from '@app/contracts';
import { now } from '@app/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, discountCodes, licenseCodes, memberships, sepaMandates, users } from '../../db/schema';
import { countBillableEmployees } from './billable';

let t: TestApp;
let owner: Agent;
let bistro: string;
let store: string;
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(now().getTime() + days * DAY);
/** The test clock runs on while requests are handled: within a few seconds. */
const expectNear = (iso: string, expected: Date) =>
  expect(Math.abs(new Date(iso).getTime() - expected.getTime())).toBeLessThan(5000);

const MANDATE = {
  holder: 'Bistro Central GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  agreed: true,
};
const INVOICE = {
  invoiceAddress: 'Bistro Central GmbH\nHauptstraße 1\n10115 Berlin',
  vatNumber: 'de 123 456 789',
  registrationNumber: 'HRB 12345',
  invoiceEmail: 'invoices@example.com',
};

/** Rows of a plain SQL query. */
const rowsOf = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const accountIdOf = async (name: string) =>
  (await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name)))[0].id;

/** Puts the Bistro back into a trial without plan, mandate, invoice details or codes. */
async function freshTrial() {
  const db = t.database.db;
  await db
    .update(accounts)
    .set({
      status: 'trial',
      trialEndsAt: later(10),
      periodEndsAt: null,
      plan: null,
      maxEmployees: null,
      priceCents: null,
      invoiceAddress: null,
      vatNumber: null,
      discountCode: null,
      licenseCode: null,
    })
    .where(eq(accounts.id, bistro));
  await db.delete(sepaMandates).where(eq(sepaMandates.accountId, bistro));
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  bistro = await accountIdOf('Bistro Central');
  store = await accountIdOf('Corner Store');
  expect((await owner.get('/api/app/init')).json().account.name).toBe('Bistro Central');
});
afterAll(async () => t.dispose());

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/subscription'],
  ['PUT', '/api/subscription/plan', { plan: 'fix', billing: 'advance' }],
  ['PUT', '/api/subscription/invoice-details', INVOICE],
  ['POST', '/api/subscription/mandate', MANDATE],
  ['POST', '/api/subscription/subscribe'],
  ['POST', '/api/subscription/cancel'],
  ['POST', '/api/subscription/resume'],
  ['POST', '/api/subscription/license', { code: 'ANY-CODE' }],
  ['POST', '/api/subscription/discount', { code: 'ANY-CODE' }],
  ['GET', '/api/subscription/export'],
  ['DELETE', '/api/subscription/account', { companyName: 'Bistro Central GmbH' }],
];

describe('who may', () => {
  it('refuses every call to every role but the owner (403), and without a session (401)', async () => {
    const others = ['manager', 'planner', 'supervisor', 'observer', 'accountant', 'biller', 'freelancer', 'employee'];
    for (const role of others) {
      const agent = await signIn(t.app, `${role}@example.com`);
      for (const [method, url, body] of ROUTES) {
        const res = await (method === 'GET'
          ? agent.get(url)
          : method === 'PUT'
            ? agent.put(url, body)
            : method === 'POST'
              ? agent.post(url, body)
              : agent.delete(url, body));
        expect([role, method, url, res.statusCode, res.json().code]).toEqual([role, method, url, 403, 'FORBIDDEN']);
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/subscription' });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.id, bistro))).toHaveLength(1);
  });
});

describe('the page', () => {
  it('shows status, plan, the billable count and the estimate', async () => {
    const res = await owner.get('/api/subscription');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const billable = await countBillableEmployees(t.database.db, bistro);
    expect(billable).toBeGreaterThan(5);
    expect(body).toMatchObject({
      companyName: 'Bistro Central GmbH',
      status: 'active',
      plan: 'flex',
      priceCents: 500,
      maxEmployees: 250,
      billableEmployees: billable,
      estimateCents: 500 * billable,
      mandate: null,
      creditor: { name: 'Rosterly GmbH', id: 'DE98ZZZ09999999999' },
      missing: ['mandate'],
    });
  });

  it('counts active members with access, not the owners, nor deactivated people', async () => {
    const db = t.database.db;
    const before = await countBillableEmployees(db, bistro);
    const [someone] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, bistro), eq(users.email, 'employee@example.com')));
    await db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.id, someone.id));
    expect(await countBillableEmployees(db, bistro)).toBe(before - 1);
    await db.update(memberships).set({ status: 'active', access: 'no' }).where(eq(memberships.id, someone.id));
    expect(await countBillableEmployees(db, bistro)).toBe(before - 1);
    await db.update(memberships).set({ access: 'yes' }).where(eq(memberships.id, someone.id));
    const [{ owners }] = await rowsOf<{ owners: number }>(
      sql`select count(*)::int as owners from memberships where account_id = ${bistro} and status = 'active' and 'owner' = any(roles)`,
    );
    const [{ active }] = await rowsOf<{ active: number }>(
      sql`select count(*)::int as active from memberships where account_id = ${bistro} and status = 'active' and access <> 'no'`,
    );
    expect(await countBillableEmployees(db, bistro)).toBe(active - owners);
  });
});

describe('plan', () => {
  it('chooses fix: the plan limit of invitations reads the plan', async () => {
    const res = await owner.put('/api/subscription/plan', { plan: 'fix', billing: 'arrears' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'fix', billing: 'arrears', priceCents: 400, maxEmployees: 50 });
    const db = t.database.db;
    const [row] = await db.select().from(accounts).where(eq(accounts.id, bistro));
    expect([row.plan, row.maxEmployees, row.priceCents]).toEqual(['fix', null, null]);

    // Fill the plan to 50 active members, then reactivating one more is refused with the plan's maximum.
    const [lea] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, bistro), eq(users.email, 'lea.wagner@example.com')));
    expect((await owner.put(`/api/memberships/${lea.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    const [{ n }] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from memberships where account_id = ${bistro} and status = 'active'`,
    );
    const fillers = await db
      .insert(users)
      .values(
        Array.from({ length: 50 - n }, (_, i) => ({ email: `filler.${i}@example.com`, fname: 'Fill', lname: `${i}` })),
      )
      .returning({ id: users.id });
    await db.insert(memberships).values(fillers.map((u) => ({ accountId: bistro, userId: u.id })));
    const full = await owner.put(`/api/memberships/${lea.id}/status`, { status: 'active' });
    expect([full.statusCode, full.json().code, full.json().data?.max]).toEqual([409, 'PLAN_LIMIT', 50]);

    // One over the fix plan's maximum: choosing fix again is refused; flex has room.
    await db.insert(memberships).values({
      accountId: bistro,
      userId: (await db.insert(users).values({ email: 'filler.x@example.com' }).returning())[0].id,
    });
    const over = await owner.put('/api/subscription/plan', { plan: 'fix', billing: 'advance' });
    expect([over.statusCode, over.json().code]).toEqual([409, 'PLAN_LIMIT']);
    expect((await owner.put('/api/subscription/plan', { plan: 'flex', billing: 'advance' })).statusCode).toBe(200);
    expect((await owner.put(`/api/memberships/${lea.id}/status`, { status: 'active' })).statusCode).toBe(200);
    await db.delete(users).where(sql`${users.email} like 'filler.%'`);
  });

  it('refuses plans an owner cannot choose (422)', async () => {
    for (const plan of ['custom', 'legacy', 'gold'])
      expect((await owner.put('/api/subscription/plan', { plan, billing: 'advance' })).statusCode).toBe(422);
  });
});

describe('invoice details', () => {
  it('refuses a VAT number of the wrong form, naming the field', async () => {
    for (const [vatNumber, problem] of [
      ['DE12345678', 'vatFormat'],
      ['NL123456789', 'vatFormat'],
      ['US123456789', 'vatCountry'],
    ]) {
      const res = await owner.put('/api/subscription/invoice-details', { ...INVOICE, vatNumber });
      expect([res.statusCode, res.json().fields]).toEqual([422, { vatNumber: [`subscriptionPage.errors.${problem}`] }]);
    }
    const noEmail = await owner.put('/api/subscription/invoice-details', { ...INVOICE, invoiceEmail: 'nope' });
    expect(noEmail.statusCode).toBe(422);
  });

  it('stores the details, the VAT number normalised', async () => {
    const res = await owner.put('/api/subscription/invoice-details', INVOICE);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({ vatNumber: 'DE123456789', registrationNumber: 'HRB 12345' });
    expect(res.json().missing).toEqual(['mandate']);
  });
});

describe('mandate', () => {
  it('refuses a bad IBAN, a bad BIC and a BIC of another country, naming the field', async () => {
    const cases: [Partial<typeof MANDATE>, Record<string, string[]>][] = [
      [{ iban: 'DE89370400440532013001' }, { iban: ['subscriptionPage.errors.iban'] }],
      [{ bic: 'COBA1234' }, { bic: ['subscriptionPage.errors.bic'] }],
      [{ bic: 'ABNANL2A' }, { bic: ['subscriptionPage.errors.bicMismatch'] }],
    ];
    for (const [change, fields] of cases) {
      const res = await owner.post('/api/subscription/mandate', { ...MANDATE, ...change });
      expect([res.statusCode, res.json().code, res.json().fields]).toEqual([422, 'VALIDATION', fields]);
    }
    expect((await owner.post('/api/subscription/mandate', { ...MANDATE, agreed: false })).statusCode).toBe(422);
    const rows = await t.database.db.select().from(sepaMandates).where(eq(sepaMandates.accountId, bistro));
    expect(rows).toHaveLength(0);
  });

  it('stores a mandate with a reference and shows the IBAN masked; a new one revokes the old', async () => {
    const first = await owner.post('/api/subscription/mandate', MANDATE);
    expect(first.statusCode).toBe(200);
    const mandate = first.json().mandate;
    expect(mandate).toMatchObject({
      holder: MANDATE.holder,
      ibanMasked: 'DE89 •••• •••• •••• ••30 00',
      bic: 'COBADEFFXXX',
    });
    expect(mandate.reference).toMatch(/^RM-\d{8}-[A-Z2-9]{10}$/);
    expect(first.body).not.toContain('0532013000');
    const second = await owner.post('/api/subscription/mandate', {
      ...MANDATE,
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
    });
    expect(second.json().mandate.reference).not.toBe(mandate.reference);
    const rows = await t.database.db.select().from(sepaMandates).where(eq(sepaMandates.accountId, bistro));
    expect(rows).toHaveLength(2);
    const inForce = rows.filter((r) => r.revokedAt === null);
    expect(inForce.map((r) => [r.iban, r.bic])).toEqual([['NL91ABNA0417164300', 'ABNANL2A']]);
  });
});

describe('subscribe, cancel, resume', () => {
  it('refuses subscribing without a plan, a mandate or the invoice details', async () => {
    await freshTrial();
    const noPlan = await owner.post('/api/subscription/subscribe');
    expect([noPlan.statusCode, noPlan.json().code]).toEqual([409, 'PLAN_REQUIRED']);
    await owner.put('/api/subscription/plan', { plan: 'fix', billing: 'advance' });
    const noMandate = await owner.post('/api/subscription/subscribe');
    expect([noMandate.statusCode, noMandate.json().code]).toEqual([409, 'MANDATE_REQUIRED']);
    await owner.post('/api/subscription/mandate', MANDATE);
    const noDetails = await owner.post('/api/subscription/subscribe');
    expect([noDetails.statusCode, noDetails.json().code]).toEqual([409, 'INVOICE_DETAILS_REQUIRED']);
    expect((await owner.get('/api/subscription')).json().status).toBe('trial');
  });

  it('refuses cancelling or resuming a trial (ACCOUNT_STATUS)', async () => {
    for (const url of ['/api/subscription/cancel', '/api/subscription/resume']) {
      const res = await owner.post(url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 409, 'ACCOUNT_STATUS']);
    }
  });

  it('subscribes through the status machine: active for one billing period', async () => {
    await owner.put('/api/subscription/invoice-details', INVOICE);
    const res = await owner.post('/api/subscription/subscribe');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', trialEndsAt: null, missing: [] });
    expectNear(res.json().periodEndsAt, later(BILLING_PERIOD_DAYS));
    expect((await owner.get('/api/app/init')).statusCode).toBe(200);
    const again = await owner.post('/api/subscription/subscribe');
    expect([again.statusCode, again.json().code]).toEqual([409, 'ACCOUNT_STATUS']);
    const resume = await owner.post('/api/subscription/resume');
    expect([resume.statusCode, resume.json().code]).toEqual([409, 'ACCOUNT_STATUS']);
  });

  it('cancels to the end of the period and resumes', async () => {
    const cancelled = await owner.post('/api/subscription/cancel');
    expect([cancelled.statusCode, cancelled.json().status]).toEqual([200, 'cancelled']);
    const twice = await owner.post('/api/subscription/cancel');
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ACCOUNT_STATUS']);
    const resumed = await owner.post('/api/subscription/resume');
    expect([resumed.statusCode, resumed.json().status]).toEqual([200, 'active']);
  });
});

describe('codes', () => {
  it('redeems a licence once; unknown, expired and used codes are refused', async () => {
    await freshTrial();
    const db = t.database.db;
    await db.insert(licenseCodes).values([
      { code: 'LIC-GOOD', plan: 'custom', maxEmployees: 80, endsAt: later(365) },
      { code: 'LIC-LATE', plan: 'fix', maxEmployees: 10, redeemableUntil: later(-1) },
      { code: 'LIC-OVER', plan: 'fix', maxEmployees: 10, endsAt: later(-1) },
    ]);
    const unknown = await owner.post('/api/subscription/license', { code: 'nope-nope' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'LICENSE_INVALID']);
    for (const code of ['LIC-LATE', 'lic-over']) {
      const res = await owner.post('/api/subscription/license', { code });
      expect([code, res.statusCode, res.json().code]).toEqual([code, 410, 'LICENSE_EXPIRED']);
    }
    const ok = await owner.post('/api/subscription/license', { code: ' lic-good ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'license', plan: 'custom', maxEmployees: 80, licenseCode: 'LIC-GOOD' });
    expect(new Date(ok.json().periodEndsAt)).toEqual(
      (await db.select().from(licenseCodes).where(eq(licenseCodes.code, 'LIC-GOOD')))[0].endsAt,
    );
    const [code] = await db.select().from(licenseCodes).where(eq(licenseCodes.code, 'LIC-GOOD'));
    expect(code.redeemedBy).toBe(bistro);
    const used = await owner.post('/api/subscription/license', { code: 'LIC-GOOD' });
    expect([used.statusCode, used.json().code]).toEqual([410, 'LICENSE_USED']);
  });

  it('applies a discount to the estimate; unknown, expired and used-up codes are refused', async () => {
    await freshTrial();
    await owner.put('/api/subscription/plan', { plan: 'fix', billing: 'advance' });
    const db = t.database.db;
    await db.insert(discountCodes).values([
      { code: 'TEN', percent: 10, maxUses: 1 },
      { code: 'OLD', percent: 20, validUntil: later(-1) },
    ]);
    const unknown = await owner.post('/api/subscription/discount', { code: 'NOPE' });
    expect([unknown.statusCode, unknown.json().code, unknown.json().data]).toEqual([
      404,
      'DISCOUNT_INVALID',
      { reason: 'unknown' },
    ]);
    const old = await owner.post('/api/subscription/discount', { code: 'OLD' });
    expect([old.statusCode, old.json().data]).toEqual([404, { reason: 'expired' }]);
    const res = await owner.post('/api/subscription/discount', { code: 'ten' });
    expect(res.statusCode).toBe(200);
    const { billableEmployees, estimateCents, discount } = res.json();
    expect(discount).toEqual({ code: 'TEN', percent: 10 });
    expect(estimateCents).toBe(Math.round(400 * billableEmployees * 0.9));
    // Entering it again changes nothing; another account finds it used up.
    expect((await owner.post('/api/subscription/discount', { code: 'TEN' })).statusCode).toBe(200);
    await db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.code, 'TEN'));
    await db.update(accounts).set({ discountCode: null }).where(eq(accounts.id, bistro));
    const usedUp = await owner.post('/api/subscription/discount', { code: 'TEN' });
    expect([usedUp.statusCode, usedUp.json().data]).toEqual([404, { reason: 'usedUp' }]);
  });
});

describe('a super user in shadow', () => {
  it('sees the page but neither gives a mandate, subscribes nor deletes the account', async () => {
    const db = t.database.db;
    onTestFinished(async () => {
      await db.update(users).set({ superUser: false }).where(eq(users.email, 'julia.lang@example.com'));
    });
    await db.update(users).set({ superUser: true }).where(eq(users.email, 'julia.lang@example.com'));
    const su = await signIn(t.app, 'julia.lang@example.com');
    expect((await su.put(`/api/switch/account/${bistro}`, {})).statusCode).toBe(200);
    expect((await su.get('/api/subscription')).statusCode).toBe(200);
    // A visit is read-only until the super user allows changes (docs/product/account-access.md)...
    const readOnly = await su.post('/api/subscription/subscribe');
    expect([readOnly.statusCode, readOnly.json().code]).toEqual([403, 'SHADOW_READ_ONLY']);
    // ...and even then the company's own commitments stay the owner's.
    expect((await su.put('/api/superuser/write', {})).statusCode).toBe(200);
    for (const [res, what] of [
      [await su.post('/api/subscription/mandate', MANDATE), 'mandate'],
      [await su.post('/api/subscription/subscribe'), 'subscribe'],
      [await su.delete('/api/subscription/account', { companyName: 'Bistro Central GmbH' }), 'delete'],
    ] as const)
      expect([what, res.statusCode, res.json().data?.reason]).toEqual([what, 403, 'shadow']);
    expect(await db.select().from(accounts).where(eq(accounts.id, bistro))).toHaveLength(1);
    await db.update(users).set({ superUser: false }).where(eq(users.email, 'julia.lang@example.com'));
  });
});

describe('deleting the account', () => {
  it('lets every foreign key to accounts cascade', async () => {
    const rows = await rowsOf<{ table: string; rule: string }>(
      sql`select conrelid::regclass::text as "table", confdeltype as rule from pg_constraint
          where contype = 'f' and confrelid = 'accounts'::regclass and confdeltype <> 'c'`,
    );
    expect(rows).toEqual([]);
  });

  it('exports everything the account holds, then deletes it with its people; other accounts stay', async () => {
    const db = t.database.db;
    const storeOwner = await signIn(t.app, 'owner@example.com');
    expect((await storeOwner.put(`/api/switch/account/${store}`, {})).statusCode).toBe(200);
    const employee = await signIn(t.app, 'omar.haddad@example.com');
    const bistroBefore = await db.select().from(memberships).where(eq(memberships.accountId, bistro));

    const exported = await storeOwner.get('/api/subscription/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="account-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = JSON.parse(exported.body);
    expect(file.data.accounts.map((a: { id: string }) => a.id)).toEqual([store]);
    expect(file.data.memberships.every((m: { account_id: string }) => m.account_id === store)).toBe(true);
    expect(file.data.memberships.length).toBeGreaterThanOrEqual(4);
    expect(file.data.users.map((u: { email: string }) => u.email)).toContain('julia.lang@example.com');
    for (const table of ['locations', 'duties', 'shifts', 'roster_items', 'hours', 'vacation_requests', 'availability'])
      expect(Array.isArray(file.data[table])).toBe(true);
    expect(file.data.sessions).toBeUndefined();
    expect(exported.body).not.toContain('password_hash');
    expect(exported.body).not.toContain('Bistro Central');

    const wrong = await storeOwner.delete('/api/subscription/account', { companyName: 'Corner Shop' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'CONFIRMATION_MISMATCH']);
    const res = await storeOwner.delete('/api/subscription/account', { companyName: ' corner store b.v. ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();

    expect(await db.select().from(accounts).where(eq(accounts.id, store))).toEqual([]);
    expect(await db.select().from(memberships).where(eq(memberships.accountId, store))).toEqual([]);
    const people = await db.select({ email: users.email }).from(users);
    const emails = people.map((p) => p.email);
    for (const gone of ['nina.berg@example.com', 'omar.haddad@example.com', 'julia.lang@example.com'])
      expect(emails).not.toContain(gone);
    expect(emails).toContain('owner@example.com');
    expect(await db.select().from(memberships).where(eq(memberships.accountId, bistro))).toEqual(bistroBefore);
    // Their sessions ended; the owner's session in the Bistro goes on.
    expect((await storeOwner.get('/api/app/init')).statusCode).toBe(401);
    expect((await employee.get('/api/app/init')).statusCode).toBe(401);
    expect((await owner.get('/api/subscription')).statusCode).toBe(200);
    const mandates = await db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.accountId, store), isNull(sepaMandates.revokedAt)));
    expect(mandates).toEqual([]);
  });
});
