import { BILLING_PERIOD_DAYS, INVOICE_DEBIT_DAYS, PLANS } from '@app/contracts';
import { addDays, estimatePeriodCents, now, todayIn } from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { FACTURX_XSD, painXsd, pdfText, xmllint } from '../../../test/standards';
import {
  accounts,
  discountCodes,
  invoiceCounters,
  invoices,
  memberships,
  outbox,
  outboxAttachments,
  sepaMandates,
} from '../../db/schema';
import { rosterIds } from '../roster/testkit';
import { countBillableEmployees } from '../subscription/billable';
import { exportDirectDebits } from './sepa';
import { billAccount, runBilling, takeInvoiceNumber } from './service';

/**
 * The billing job and its documents (docs/product/billing.md): one invoice per period, numbers without gaps, VAT,
 * the PDF read back, the e-invoice XML and the pain.008 file checked against the standards' XSD schemas.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let bistro: string;
let store: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await rosterIds(t.database.db);
  bistro = ids.bistro;
  store = ids.store;
});
afterAll(() => t.dispose());

const db = () => t.database.db;

async function reset() {
  await db().delete(invoices);
  await db().delete(invoiceCounters);
  await db().delete(sepaMandates);
  await db().delete(outbox);
  await db()
    .update(accounts)
    .set({ status: 'trial', periodEndsAt: null, billing: 'advance', vatNumber: null, priceCents: null });
}

async function subscribe(
  accountId: string,
  over: Partial<typeof accounts.$inferInsert> = {},
  mandate: Partial<typeof sepaMandates.$inferInsert> | null = {},
) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  await db()
    .update(accounts)
    .set({
      status: 'active',
      periodEndsAt: new Date(now().getTime() + 20 * DAY),
      invoiceAddress: 'Hauptstraße 5\n10115 Berlin',
      invoiceEmail: `billing-${account.name.split(' ')[0].toLowerCase()}@example.com`,
      settings: { ...account.settings, country: 'DE' },
      ...over,
    })
    .where(eq(accounts.id, accountId));
  if (mandate)
    await db()
      .insert(sepaMandates)
      .values({
        accountId,
        holder: account.name,
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        reference: `RST-${accountId.slice(0, 8)}`,
        signedOn: todayIn('Europe/Berlin'),
        ...mandate,
      });
}

const invoicesOf = (accountId: string) =>
  db().select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(asc(invoices.sequence));

describe('the billing job', () => {
  beforeEach(reset);

  it('invoices the running period of an account billed in advance once, however often it runs', async () => {
    await subscribe(bistro);
    expect(await runBilling(t.ctx, db())).toBe(1);
    expect(await runBilling(t.ctx, db())).toBe(0);
    await billAccount(t.ctx, db(), bistro, now());
    const [invoice, ...more] = await invoicesOf(bistro);
    expect(more).toHaveLength(0);
    const employees = await countBillableEmployees(db(), bistro);
    expect(employees).toBeGreaterThan(0);
    const year = Number(todayIn('Europe/Berlin').slice(0, 4));
    expect(invoice).toMatchObject({
      number: `${year}-000001`,
      employees,
      // The Bistro's plan (flex), at its list price, as the subscription page estimates it.
      unitCents: PLANS.flex.priceCents,
      netCents: employees * (PLANS.flex.priceCents ?? 0),
      vatCategory: 'S',
      vatRateBp: 1900,
      dueOn: addDays(todayIn('Europe/Berlin'), INVOICE_DEBIT_DAYS),
      mandateReference: `RST-${bistro.slice(0, 8)}`,
      creditorId: 'DE98ZZZ09999999999',
    });
    expect(invoice.totalCents).toBe(invoice.netCents + invoice.vatCents);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, bistro));
    expect(invoice.periodEnd.getTime()).toBe(account.periodEndsAt?.getTime());
    expect(invoice.periodEnd.getTime() - invoice.periodStart.getTime()).toBe(BILLING_PERIOD_DAYS * DAY);
    expect(invoice.pdf?.length).toBeGreaterThan(1000);
    expect(invoice.mailedAt).not.toBeNull();
  });

  it('takes the negotiated price and the account’s discount code off every line, as the page estimates', async () => {
    await db().insert(discountCodes).values({ code: 'BILL10', percent: 10, validUntil: null, maxUses: 5 });
    await subscribe(bistro, { priceCents: 350, discountCode: 'BILL10' });
    await runBilling(t.ctx, db());
    const [invoice] = await invoicesOf(bistro);
    const employees = await countBillableEmployees(db(), bistro);
    expect(invoice.unitCents).toBe(350);
    expect(invoice.netCents).toBe(estimatePeriodCents(350, employees, 10));
    expect(invoice.lines).toContainEqual(expect.objectContaining({ kind: 'discount', percent: 10 }));
    await db().update(accounts).set({ discountCode: null });
    await db().delete(discountCodes);
  });

  it('counts active members with access, not inactive ones or those without login access', async () => {
    const before = await countBillableEmployees(db(), bistro);
    const [someone] = await db()
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.accountId, bistro),
          eq(memberships.status, 'active'),
          eq(memberships.access, 'yes'),
          // An owner is never billed, so taking an owner's access would change nothing.
          sql`not ('owner' = any(${memberships.roles}))`,
        ),
      )
      .limit(1);
    await db().update(memberships).set({ access: 'no' }).where(eq(memberships.id, someone.id));
    expect(await countBillableEmployees(db(), bistro)).toBe(before - 1);
    await db().update(memberships).set({ access: 'yes' }).where(eq(memberships.id, someone.id));
  });

  it('uses the account’s own price when it has one', async () => {
    await subscribe(bistro, { priceCents: 250 });
    await runBilling(t.ctx, db());
    const [invoice] = await invoicesOf(bistro);
    expect(invoice.unitCents).toBe(250);
  });

  it('renews an ended period billed in advance and invoices the new one', async () => {
    const at = now();
    await subscribe(bistro, { periodEndsAt: new Date(at.getTime() - DAY) });
    expect(await runBilling(t.ctx, db(), at)).toBe(1);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, bistro));
    expect(account.periodEndsAt?.getTime()).toBe(at.getTime() + BILLING_PERIOD_DAYS * DAY);
    const [invoice] = await invoicesOf(bistro);
    expect(invoice.periodStart.getTime()).toBe(at.getTime());
  });

  it('invoices the ended period of an account billed afterwards, then renews it', async () => {
    const at = now();
    const ended = new Date(at.getTime() - 2 * DAY);
    await subscribe(store, { billing: 'arrears', periodEndsAt: ended });
    expect(await runBilling(t.ctx, db(), at)).toBe(1);
    expect(await runBilling(t.ctx, db(), at)).toBe(0);
    const [invoice] = await invoicesOf(store);
    expect(invoice.periodEnd.getTime()).toBe(ended.getTime());
    const [account] = await db().select().from(accounts).where(eq(accounts.id, store));
    expect(account.status).toBe('active');
    expect(account.periodEndsAt?.getTime()).toBe(at.getTime() + BILLING_PERIOD_DAYS * DAY);
  });

  it('bills nobody on trial or expired', async () => {
    await subscribe(bistro, { status: 'trial' });
    await subscribe(store, { status: 'expired' }, null);
    expect(await runBilling(t.ctx, db())).toBe(0);
  });

  it('reverse-charges an EU business abroad with a VAT number', async () => {
    const [account] = await db().select().from(accounts).where(eq(accounts.id, bistro));
    await subscribe(bistro, { vatNumber: 'NL123456789B01', settings: { ...account.settings, country: 'NL' } });
    await runBilling(t.ctx, db());
    const [invoice] = await invoicesOf(bistro);
    expect(invoice).toMatchObject({ vatCategory: 'AE', vatRateBp: 0, vatCents: 0 });
    expect(invoice.totalCents).toBe(invoice.netCents);
    expect(xmllint(invoice.xml ?? '', FACTURX_XSD).output).toContain('validates');
    expect(invoice.xml).toContain('VATEX-EU-AE');
  });

  it('mails the invoice to the invoice address with the PDF and the XML attached', async () => {
    await subscribe(bistro);
    await runBilling(t.ctx, db());
    const mails = await db().select().from(outbox).where(eq(outbox.template, 'invoice'));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('billing-bistro@example.com');
    const [invoice] = await invoicesOf(bistro);
    expect(mails[0].text).toContain(invoice.number);
    expect(mails[0].text).toMatch(/\/i\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}/);
    const files = await db().select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, mails[0].id));
    expect(files.map((f) => f.fileName).sort()).toEqual([`${invoice.number}.pdf`, `${invoice.number}.xml`]);
    await runBilling(t.ctx, db());
    expect(await db().select().from(outbox).where(eq(outbox.template, 'invoice'))).toHaveLength(1);
  });
});

describe('invoice numbers', () => {
  beforeEach(reset);

  it('give a rolled-back number back: no gaps', async () => {
    expect(await db().transaction((tx) => takeInvoiceNumber(tx, 2031))).toBe(1);
    await expect(
      db().transaction(async (tx) => {
        expect(await takeInvoiceNumber(tx, 2031)).toBe(2);
        throw new Error('the invoice failed');
      }),
    ).rejects.toThrow('the invoice failed');
    expect(await db().transaction((tx) => takeInvoiceNumber(tx, 2031))).toBe(2);
  });

  it('start again at 1 in a new year', async () => {
    await db().transaction((tx) => takeInvoiceNumber(tx, 2031));
    expect(await db().transaction((tx) => takeInvoiceNumber(tx, 2032))).toBe(1);
  });

  it('stay without gaps when many transactions take numbers at once and some roll back', async () => {
    const fails = Array.from({ length: 24 }, (_, i) => i % 3 === 1);
    const taken = await Promise.all(
      fails.map((fail) =>
        db()
          .transaction(async (tx) => {
            const n = await takeInvoiceNumber(tx, 2033);
            if (fail) throw new Error('rolled back');
            return n;
          })
          .catch(() => null),
      ),
    );
    const kept = taken.filter((n): n is number => n !== null).sort((a, b) => a - b);
    expect(kept).toEqual(Array.from({ length: fails.filter((f) => !f).length }, (_, i) => i + 1));
    const [counter] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, 2033));
    expect(counter.last).toBe(kept.length);
  });

  it('run on across accounts in the order invoices are made', async () => {
    await subscribe(bistro);
    await subscribe(store);
    await runBilling(t.ctx, db());
    const all = await db().select({ n: invoices.number }).from(invoices).orderBy(asc(invoices.number));
    const year = Number(todayIn('Europe/Berlin').slice(0, 4));
    expect(all.map((r) => r.n)).toEqual([`${year}-000001`, `${year}-000002`]);
  });
});

describe('the documents', () => {
  beforeAll(async () => {
    await reset();
    await subscribe(bistro, { priceCents: 399, companyName: 'Bistro Central GmbH' });
    await runBilling(t.ctx, db());
  });

  it('the PDF names the number, the lines and the totals, and carries the e-invoice (Factur-X)', async () => {
    const [invoice] = await invoicesOf(bistro);
    const { text, attachments } = await pdfText(invoice.pdf as Buffer);
    const euro = (cents: number) =>
      new Intl.NumberFormat(
        invoice.locale === 'de'
          ? 'de-DE'
          : `${invoice.locale}-${invoice.locale === 'en' ? 'GB' : invoice.locale.toUpperCase()}`,
        {
          style: 'currency',
          currency: 'EUR',
        },
      ).format(cents / 100);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Bistro Central GmbH');
    expect(text).toContain(String(invoice.employees));
    for (const cents of [invoice.unitCents, invoice.netCents, invoice.vatCents, invoice.totalCents])
      expect(text).toContain(euro(cents));
    expect(text).toContain('RST-');
    expect(attachments).toContain('factur-x.xml');
    expect(invoice.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the XML validates against the EN 16931 (Factur-X / CII) schema and holds the required terms', async () => {
    const [invoice] = await invoicesOf(bistro);
    const xml = invoice.xml ?? '';
    const result = xmllint(xml, FACTURX_XSD);
    expect(result.output).toContain('validates');
    expect(result.ok).toBe(true);
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`.replace('ram:ID', 'ram:ID'));
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain(`<ram:GrandTotalAmount>${(invoice.totalCents / 100).toFixed(2)}</ram:GrandTotalAmount>`);
    expect(xml).toContain(`<ram:DirectDebitMandateID>${invoice.mandateReference}</ram:DirectDebitMandateID>`);
  });

  it('a schema check fails on a broken document (the check is real)', () => {
    expect(
      xmllint(
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
        FACTURX_XSD,
      ).ok,
    ).toBe(false);
  });
});

describe('the direct debits for the bank (pain.008)', () => {
  beforeEach(async () => {
    await reset();
  });

  it('exports the due debits once, FRST for a new mandate and RCUR after, valid against the ISO 20022 schema', async () => {
    await subscribe(bistro);
    await subscribe(store, {}, { reference: 'RST-STORE-1', used: true });
    await runBilling(t.ctx, db());
    const due = addDays(todayIn('Europe/Berlin'), INVOICE_DEBIT_DAYS);
    expect(await exportDirectDebits(t.ctx, db(), addDays(due, -1))).toBeNull();
    const file = await exportDirectDebits(t.ctx, db(), due);
    expect(file?.count).toBe(2);
    const xml = file?.xml ?? '';
    const check = xmllint(xml, painXsd());
    expect(check.output).toContain('validates');
    expect(check.ok).toBe(true);
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain('<SeqTp>RCUR</SeqTp>');
    expect(xml).toContain('<MndtId>RST-STORE-1</MndtId>');
    expect(xml).toContain(`<ReqdColltnDt>${due}</ReqdColltnDt>`);
    const totals = (await db().select().from(invoices)).reduce((s, i) => s + i.totalCents, 0);
    expect(xml).toContain(`<CtrlSum>${(totals / 100).toFixed(2)}</CtrlSum>`);
    // Exported: not again; the new mandate is used now.
    expect(await exportDirectDebits(t.ctx, db(), due)).toBeNull();
    const [mandate] = await db().select().from(sepaMandates).where(eq(sepaMandates.accountId, bistro));
    expect(mandate.used).toBe(true);
  });

  it('leaves out invoices without a mandate or whose mandate was revoked', async () => {
    await subscribe(bistro, {}, null);
    await subscribe(store, {}, { revokedAt: now() });
    await runBilling(t.ctx, db());
    expect(await exportDirectDebits(t.ctx, db(), '2050-01-01')).toBeNull();
  });
});
