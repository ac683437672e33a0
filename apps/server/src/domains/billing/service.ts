import {
  type AccountStatus,
  INVOICE_DEBIT_DAYS,
  type InvoiceDetail,
  type InvoiceListResponse,
  type InvoiceSummary,
  LOCALES,
  type Locale,
  PLAN_LIST_PRICE_CENTS,
  type PlanType,
} from '@app/contracts';
import {
  addDays,
  type BillingPeriod,
  billingStep,
  now as clockNow,
  invoiceAmounts,
  invoiceNumber,
  localizedPath,
  mayViewInvoices,
  planPrice,
  todayIn,
  transitionAccount,
  vatFor,
} from '@app/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { accounts, discountCodes, invoiceCounters, invoices, memberships, sepaMandates, users } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { formatMailDate, LOCALE_TAGS } from '../../platform/mail/format';
import type { MailRequest } from '../../platform/mail/mailer';
import { serverSecret, signValue, verifySigned } from '../../platform/secret';
import { countBillableEmployees } from '../subscription/billable';
import { eInvoice, type InvoiceRow, invoicePdf, maskIban, paymentNote, periodDates } from './documents';

/**
 * The subscription's invoices (docs/product/billing.md). The billing job (`runBilling`) invoices each paying
 * account's period once (one invoice per account and period start), numbers it without gaps per calendar year,
 * renews the period through the account's status machine, then makes the PDF and the e-invoice and mails them.
 */

const SIGN_PURPOSE = 'invoice';
/** How many periods one run catches up for an account the job missed for a while. */
const MAX_STEPS = 24;

type AccountRow = typeof accounts.$inferSelect;

/** The account holder: the data controller's membership, else the earliest owner. */
async function holderOf(db: DbOrTx, account: AccountRow) {
  const rows = await db
    .select({ id: memberships.id, email: users.email, locale: users.locale, fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, account.id),
        sql`${memberships.roles} @> array['owner']::text[]`,
        eq(memberships.status, 'active'),
      ),
    )
    .orderBy(asc(memberships.createdAt));
  const holder = rows.find((r) => r.id === account.dataControllerId) ?? rows[0];
  if (!holder) return null;
  return {
    email: holder.email,
    locale: (LOCALES as readonly string[]).includes(holder.locale) ? (holder.locale as Locale) : 'en',
    name: [holder.fname, holder.lname].filter(Boolean).join(' ') || holder.email,
  };
}

const mandateOf = async (db: DbOrTx, accountId: string) =>
  (
    await db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.accountId, accountId), isNull(sepaMandates.revokedAt)))
      .orderBy(desc(sepaMandates.createdAt))
      .limit(1)
  )[0] ?? null;

/**
 * The next running number of the year. The counter row is raised inside the caller's transaction and stays locked
 * until it ends: concurrent invoices wait their turn, and a rollback gives the number back (no gaps).
 */
export async function takeInvoiceNumber(tx: Tx, year: number): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return counter.last;
}

/** Writes one invoice for the period, taking the next number of its year in the same transaction. */
async function createInvoice(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  account: AccountRow,
  period: BillingPeriod,
  at: Date,
): Promise<void> {
  const { seller, creditor, timeZone } = { ...ctx.config.billing, timeZone: ctx.config.billing.seller.timeZone };
  const holder = await holderOf(tx, account);
  const settings = accountSettings(account.settings);
  const employees = await countBillableEmployees(tx, account.id);
  // The same price and discount the subscription page estimates (docs/product/subscription.md).
  const unitCents =
    planPrice({
      plan: account.plan as PlanType | null,
      maxEmployees: account.maxEmployees,
      priceCents: account.priceCents,
    }) ?? PLAN_LIST_PRICE_CENTS;
  const [discount] = account.discountCode
    ? await tx
        .select({ percent: discountCodes.percent })
        .from(discountCodes)
        .where(eq(discountCodes.code, account.discountCode))
    : [];
  const vat = vatFor({
    sellerCountry: seller.country,
    buyerCountry: settings.country,
    buyerVatNumber: account.vatNumber,
  });
  const amounts = invoiceAmounts({ employees, unitCents, vat, discountPercent: discount?.percent ?? 0 });
  const mandate = await mandateOf(tx, account.id);
  const issuedOn = todayIn(timeZone, at);
  const year = Number(issuedOn.slice(0, 4));
  const sequence = await takeInvoiceNumber(tx, year);
  await tx.insert(invoices).values({
    accountId: account.id,
    number: invoiceNumber(year, sequence),
    year,
    sequence,
    issuedOn,
    periodStart: period.from,
    periodEnd: period.until,
    locale: holder?.locale ?? 'en',
    employees,
    unitCents,
    lines: amounts.lines,
    netCents: amounts.netCents,
    vatCategory: vat.category,
    vatRateBp: vat.rateBp,
    vatCents: amounts.vatCents,
    totalCents: amounts.totalCents,
    seller: {
      name: seller.name,
      address: seller.address,
      country: seller.country,
      vatNumber: seller.vatId || null,
      email: seller.email || null,
      registration: seller.registration || null,
    },
    buyer: {
      name: account.companyName || account.name,
      address: account.invoiceAddress ?? '',
      country: settings.country,
      vatNumber: account.vatNumber || null,
      email: account.invoiceEmail ?? holder?.email ?? null,
    },
    mandateId: mandate?.id ?? null,
    mandateReference: mandate?.reference ?? null,
    creditorId: mandate ? creditor.id : null,
    dueOn: addDays(issuedOn, INVOICE_DEBIT_DAYS),
    createdAt: at,
  });
}

/** Renews the paid period through the status machine (its answer sets every status column). */
async function renew(tx: Tx, account: AccountRow, at: Date): Promise<boolean> {
  const move = transitionAccount(
    { status: account.status as AccountStatus, trialEndsAt: account.trialEndsAt, periodEndsAt: account.periodEndsAt },
    { type: 'renew' },
    at,
  );
  if (!move.ok || !move.changed) return false;
  await tx
    .update(accounts)
    .set({
      status: move.life.status,
      trialEndsAt: move.life.trialEndsAt,
      periodEndsAt: move.life.periodEndsAt,
      ...(move.life.status !== account.status ? { statusChangedAt: at } : {}),
    })
    .where(eq(accounts.id, account.id));
  return true;
}

/**
 * One account's billing, step by step, each in its own transaction under the account's row lock: invoice the
 * period that is due, renew, and again until nothing is due. Answers how many invoices it wrote.
 */
export async function billAccount(ctx: AppContext, db: Db, accountId: string, at: Date) {
  let created = 0;
  for (let i = 0; i < MAX_STEPS; i++) {
    // A job's write on the handle it was given (the owner's: it spans accounts), no member acting.
    const progressed = await runCommand({ ...ctx, db }, null, async ({ tx }) => {
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account) return false;
      const step = billingStep(
        { status: account.status as AccountStatus, billing: account.billing, periodEndsAt: account.periodEndsAt },
        at,
      );
      if (step.kind === 'none') return false;
      if (step.kind === 'renew') return renew(tx, account, at);
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.accountId, account.id), eq(invoices.periodStart, step.period.from)));
      if (!existing) {
        await createInvoice(tx, ctx, account, step.period, at);
        created++;
      }
      return step.thenRenew ? renew(tx, account, at) : false;
    });
    if (!progressed) break;
  }
  return created;
}

/** The files of an invoice, made from its row (the same row always makes the same documents). */
export async function renderInvoice(ctx: Pick<AppContext, 'config'>, db: DbOrTx, row: InvoiceRow) {
  const [mandate] = row.mandateId
    ? await db.select({ iban: sepaMandates.iban }).from(sepaMandates).where(eq(sepaMandates.id, row.mandateId))
    : [];
  const debit = mandate ?? null;
  const note = paymentNote(row, debit);
  const timeZone = ctx.config.billing.seller.timeZone;
  const printable = await invoicePdf(row, note, timeZone);
  return eInvoice(row, printable, note, timeZone, debit);
}

const shareUrl = (ctx: AppContext, secret: string, row: Pick<InvoiceRow, 'id' | 'locale'>) =>
  `${ctx.config.publicUrl}${localizedPath('invoiceDownload', row.locale as Locale, {
    id: row.id,
    hash: signValue(secret, SIGN_PURPOSE, row.id),
  })}`;

/** Makes the files of invoices that have none yet, then mails each invoice once (with its files attached). */
export async function completeInvoices(ctx: AppContext, db: Db): Promise<void> {
  const pending = await db
    .select()
    .from(invoices)
    .where(or(isNull(invoices.pdf), isNull(invoices.mailedAt)))
    .orderBy(asc(invoices.year), asc(invoices.sequence))
    .limit(200);
  if (!pending.length) return;
  const secret = await serverSecret(db, ctx.config);
  for (const row of pending) {
    let files = row.pdf && row.xml ? { pdf: row.pdf, xml: row.xml } : null;
    if (!files) {
      const made = await renderInvoice(ctx, db, row);
      await runCommand({ ...ctx, db }, null, async ({ tx }) => {
        await tx
          .update(invoices)
          .set({ pdf: made.pdf, xml: made.xml })
          .where(and(eq(invoices.id, row.id), isNull(invoices.pdf)));
      });
      files = made;
    }
    const { pdf, xml } = files;
    // Marked mailed and its mail written in one command under the row lock: the invoice is mailed exactly once
    // (the outbox delivers it, retried for days).
    await runCommand({ ...ctx, db }, null, async (command) => {
      const tx = command.tx;
      const [fresh] = await tx
        .select({ mailedAt: invoices.mailedAt })
        .from(invoices)
        .where(eq(invoices.id, row.id))
        .for('update');
      if (!fresh || fresh.mailedAt) return;
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
      const holder = account ? await holderOf(tx, account) : null;
      const to = row.buyer.email ?? holder?.email;
      await tx.update(invoices).set({ mailedAt: clockNow() }).where(eq(invoices.id, row.id));
      if (to) {
        const locale = row.locale as Locale;
        const { from, until } = periodDates(row, ctx.config.billing.seller.timeZone);
        const [mandate] = row.mandateId
          ? await tx.select({ iban: sepaMandates.iban }).from(sepaMandates).where(eq(sepaMandates.id, row.mandateId))
          : [];
        const mail: MailRequest = {
          to,
          locale,
          accountId: row.accountId,
          template: 'invoice',
          params: {
            name: holder?.name ?? row.buyer.name,
            number: row.number,
            period: `${formatMailDate(from, locale)} – ${formatMailDate(until, locale)}`,
            total: new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(
              row.totalCents / 100,
            ),
            payment: paymentNote(row, mandate ?? null),
            link: shareUrl(ctx, secret, row),
          },
          attachments: [
            { fileName: `${row.number}.pdf`, contentType: 'application/pdf', content: pdf },
            { fileName: `${row.number}.xml`, contentType: 'application/xml', content: Buffer.from(xml) },
          ],
        };
        await ctx.mailer.send(command, mail);
      }
    });
  }
}

/**
 * The billing job: every account that pays (active, or cancelled within its period) and whose period is due gets
 * its invoice; then the files and the mails. Runs as the owner (it spans accounts by design). Answers how many
 * invoices it wrote.
 */
export async function runBilling(ctx: AppContext, db: Db = ctx.db, at: Date = clockNow()): Promise<number> {
  const due = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        inArray(accounts.status, ['active', 'cancelled']),
        sql`${accounts.periodEndsAt} is not null`,
        or(eq(accounts.billing, 'advance'), sql`${accounts.periodEndsAt} <= ${at.toISOString()}`),
      ),
    );
  let created = 0;
  for (const { id } of due) created += await billAccount(ctx, db, id, at);
  await completeInvoices(ctx, db);
  return created;
}

const summary = (row: InvoiceRow, timeZone: string): InvoiceSummary => {
  const { from, until } = periodDates(row, timeZone);
  return {
    id: row.id,
    number: row.number,
    issuedOn: row.issuedOn,
    periodFrom: from,
    periodUntil: until,
    employees: row.employees,
    netCents: row.netCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    currency: 'EUR',
    debitExported: row.debitExportedAt !== null,
  };
};

const summaryColumns = {
  id: invoices.id,
  accountId: invoices.accountId,
  number: invoices.number,
  issuedOn: invoices.issuedOn,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  employees: invoices.employees,
  netCents: invoices.netCents,
  vatCents: invoices.vatCents,
  totalCents: invoices.totalCents,
  debitExportedAt: invoices.debitExportedAt,
};

/** The account's invoices, newest first: owners only. */
export async function listInvoices(ctx: AppContext, actor: Actor): Promise<InvoiceListResponse> {
  requireAllowed(mayViewInvoices(actor));
  const rows = await ctx.db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.accountId, actor.accountId))
    .orderBy(desc(invoices.year), desc(invoices.sequence));
  const timeZone = ctx.config.billing.seller.timeZone;
  return { invoices: rows.map((r) => summary(r as InvoiceRow, timeZone)) };
}

/** One invoice of the actor's account (another account's answers 404, as a missing one), then the owner check. */
async function ownInvoice(ctx: AppContext, actor: Actor, id: string): Promise<InvoiceRow> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.accountId, actor.accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  requireAllowed(mayViewInvoices(actor));
  return row;
}

export async function getInvoice(ctx: AppContext, actor: Actor, id: string): Promise<InvoiceDetail> {
  const row = await ownInvoice(ctx, actor, id);
  const [mandate] = row.mandateId
    ? await ctx.db.select({ iban: sepaMandates.iban }).from(sepaMandates).where(eq(sepaMandates.id, row.mandateId))
    : [];
  const secret = await serverSecret(ctx.owner, ctx.config);
  return {
    ...summary(row, ctx.config.billing.seller.timeZone),
    lines: row.lines,
    vatCategory: row.vatCategory,
    vatRateBp: row.vatRateBp,
    seller: row.seller,
    buyer: row.buyer,
    debit:
      mandate && row.mandateReference && row.creditorId
        ? {
            mandateReference: row.mandateReference,
            creditorId: row.creditorId,
            ibanMasked: maskIban(mandate.iban),
            dueOn: row.dueOn,
          }
        : null,
    shareUrl: shareUrl(ctx, secret, row),
  };
}

export interface InvoiceFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** The stored file, made now (and kept) when the job has not got to it yet. */
async function fileOf(ctx: AppContext, row: InvoiceRow, kind: 'pdf' | 'xml'): Promise<InvoiceFile> {
  let pdf = row.pdf;
  let xml = row.xml;
  if (!pdf || !xml) {
    const made = await renderInvoice(ctx, ctx.db, row);
    pdf = made.pdf;
    xml = made.xml;
    // Keeping the made files is the server's own work, whoever asked (the owner or a shared link).
    await runCommand(ctx, null, async ({ tx }) => {
      await tx
        .update(invoices)
        .set({ pdf: made.pdf, xml: made.xml })
        .where(and(eq(invoices.id, row.id), isNull(invoices.pdf)));
    });
  }
  return kind === 'pdf'
    ? { fileName: `${row.number}.pdf`, contentType: 'application/pdf', content: pdf }
    : { fileName: `${row.number}.xml`, contentType: 'application/xml', content: Buffer.from(xml) };
}

export async function invoiceFile(ctx: AppContext, actor: Actor, id: string, kind: 'pdf' | 'xml') {
  return fileOf(ctx, await ownInvoice(ctx, actor, id), kind);
}

/** The public signed link: the PDF for whoever holds the link; a wrong hash answers 404 like a missing invoice. */
export async function sharedInvoicePdf(ctx: AppContext, id: string, hash: string): Promise<InvoiceFile> {
  const secret = await serverSecret(ctx.db, ctx.config);
  if (!verifySigned(secret, SIGN_PURPOSE, id, hash)) throw new AppError('NOT_FOUND');
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return fileOf(ctx, row, 'pdf');
}
