import type {
  BillableHoursResponse,
  FreelancerInvoice,
  FreelancerInvoiceCreate,
  FreelancerInvoiceStatus,
  FreelancerInvoicesResponse,
  FreelancerPeriodQuery,
  Locale,
} from '@app/contracts';
import {
  computeFreelancerInvoice,
  freelancerInvoiceAbilities,
  freelancerInvoiceNumber,
  mayInvoiceOwnHours,
  mayReviewFreelancerInvoices,
  now,
  todayIn,
} from '@app/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, duties, freelancerInvoices, hours, locations, memberships, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { LOCALE_TAGS } from '../../platform/mail/format';
import { formatMoney, printedInvoicePdf } from '../billing/invoice-document';
import { fillLabel } from '../billing/labels';
import { FREELANCER_INVOICE_LABELS } from './labels';

/**
 * Freelancer invoices (docs/product/freelance.md): a freelancer's own approved hours of a period become an invoice to
 * the company; the hours point at it and stay locked while it stands; the company's owners, managers and accountants
 * see every invoice and mark it paid (its hours become paid) or reject it (its hours are free to invoice again).
 */

type InvoiceRow = typeof freelancerInvoices.$inferSelect;

const fullName = (u: { fname: string; lname: string; email: string }) =>
  [u.fname, u.lname].filter(Boolean).join(' ') || u.email;

/** An invoice of the account (404 otherwise), locked when asked. */
async function invoiceInAccount(db: DbOrTx, accountId: string, id: string, lock = false): Promise<InvoiceRow> {
  const q = db
    .select()
    .from(freelancerInvoices)
    .where(and(eq(freelancerInvoices.id, id), eq(freelancerInvoices.accountId, accountId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The freelancer reads their own invoices, the company's reviewers every one. */
function requireReader(actor: Actor, row: InvoiceRow) {
  requireAllowed(row.membershipId === actor.membershipId || mayReviewFreelancerInvoices(actor));
}

const present = (actor: Actor, row: InvoiceRow, freelancer: string): FreelancerInvoice => ({
  id: row.id,
  number: row.number,
  issuedOn: row.issuedOn,
  from: row.periodFrom,
  until: row.periodUntil,
  freelancer: { id: row.membershipId, name: freelancer },
  vatId: row.vatId,
  rateCents: row.rateCents,
  vatRateBp: row.vatRateBp,
  minutes: row.minutes,
  netCents: row.netCents,
  vatCents: row.vatCents,
  totalCents: row.totalCents,
  status: row.status as FreelancerInvoiceStatus,
  rejectReason: row.rejectReason,
  lines: row.lines,
  can: freelancerInvoiceAbilities(actor, { status: row.status as FreelancerInvoiceStatus }),
});

async function rowsWithNames(db: DbOrTx, accountId: string, where = sql`true`) {
  return db
    .select({ invoice: freelancerInvoices, fname: users.fname, lname: users.lname, email: users.email })
    .from(freelancerInvoices)
    .innerJoin(memberships, eq(memberships.id, freelancerInvoices.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(freelancerInvoices.accountId, accountId), where))
    .orderBy(desc(freelancerInvoices.createdAt), desc(freelancerInvoices.seq));
}

/** `GET /api/freelancer-invoices`: the reviewer's list of every invoice, or the freelancer's own. */
export async function listInvoices(ctx: AppContext, actor: Actor): Promise<FreelancerInvoicesResponse> {
  const reviewer = mayReviewFreelancerInvoices(actor);
  requireAllowed(reviewer || mayInvoiceOwnHours(actor));
  const rows = await rowsWithNames(
    ctx.db,
    actor.accountId,
    reviewer ? undefined : eq(freelancerInvoices.membershipId, actor.membershipId),
  );
  return { own: !reviewer, invoices: rows.map((r) => present(actor, r.invoice, fullName(r))) };
}

export async function getInvoice(ctx: AppContext, actor: Actor, id: string): Promise<FreelancerInvoice> {
  const [row] = await rowsWithNames(ctx.db, actor.accountId, eq(freelancerInvoices.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  requireReader(actor, row.invoice);
  return present(actor, row.invoice, fullName(row));
}

/** The freelancer's approved hours in the period that are on no invoice and not paid. */
function billableWhere(actor: Actor, period: FreelancerPeriodQuery) {
  return and(
    eq(hours.accountId, actor.accountId),
    eq(hours.membershipId, actor.membershipId),
    eq(hours.status, 'approved'),
    eq(hours.paid, false),
    isNull(hours.freelancerInvoiceId),
    gte(hours.date, period.from),
    lte(hours.date, period.until),
  );
}

const hoursColumns = {
  id: hours.id,
  date: hours.date,
  minutes: hours.minutes,
  duty: duties.name,
  location: locations.name,
};

/** `GET /api/freelancer-invoices/billable`: what the freelancer may invoice for the period, and their profile's terms. */
export async function billableHours(
  ctx: AppContext,
  actor: Actor,
  period: FreelancerPeriodQuery,
): Promise<BillableHoursResponse> {
  requireAllowed(mayInvoiceOwnHours(actor));
  const rows = await ctx.db
    .select(hoursColumns)
    .from(hours)
    .innerJoin(locations, eq(locations.id, hours.locationId))
    .leftJoin(duties, eq(duties.id, hours.dutyId))
    .where(billableWhere(actor, period))
    .orderBy(asc(hours.date), asc(hours.fromMinutes));
  const [me] = await ctx.db
    .select({ vatId: memberships.vatId, rateCents: memberships.rateCents })
    .from(memberships)
    .where(eq(memberships.id, actor.membershipId));
  return { hours: rows, vatId: me?.vatId ?? null, rateCents: me?.rateCents ?? null };
}

/**
 * `POST /api/freelancer-invoices`: the asked hours, locked, must be the freelancer's own (404 otherwise, as another's
 * are not theirs to name), approved, unpaid, in the period (CONFLICT otherwise) and on no invoice
 * (ERR_HOURS_INVOICED); the number is the freelancer's next.
 */
export async function createInvoice(
  ctx: AppContext,
  actor: Actor,
  input: FreelancerInvoiceCreate,
): Promise<FreelancerInvoice> {
  requireAllowed(mayInvoiceOwnHours(actor));
  const ids = [...new Set(input.hours)];
  return runCommand(ctx, actor, async ({ tx }) => {
    // One invoice at a time per freelancer: their numbers run without gaps.
    const [me] = await tx
      .select({ membership: memberships, fname: users.fname, lname: users.lname, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, actor.membershipId))
      .for('update', { of: memberships });
    const locked = await tx
      .select()
      .from(hours)
      .where(and(eq(hours.accountId, actor.accountId), inArray(hours.id, ids)))
      .for('update');
    if (locked.length !== ids.length || locked.some((h) => h.membershipId !== actor.membershipId))
      throw new AppError('NOT_FOUND');
    const invoiced = locked.filter((h) => h.freelancerInvoiceId !== null).length;
    if (invoiced > 0) throw new AppError('ERR_HOURS_INVOICED', { data: { count: invoiced } });
    if (locked.some((h) => h.paid)) throw new AppError('ERR_HOURS_PAID');
    const outside = locked.filter((h) => h.status !== 'approved' || h.date < input.from || h.date > input.until).length;
    if (outside > 0) throw new AppError('CONFLICT', { data: { count: outside } });
    const lines = await tx
      .select({ ...hoursColumns })
      .from(hours)
      .innerJoin(locations, eq(locations.id, hours.locationId))
      .leftJoin(duties, eq(duties.id, hours.dutyId))
      .where(inArray(hours.id, ids));
    const computed = computeFreelancerInvoice(lines, input.rateCents, input.vatRateBp);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId));
    const [{ last }] = await tx
      .select({ last: max(freelancerInvoices.seq) })
      .from(freelancerInvoices)
      .where(eq(freelancerInvoices.membershipId, actor.membershipId));
    const seq = (last ?? 0) + 1;
    const issuedOn = todayIn(actor.settings.timeZone);
    const m = me.membership;
    const [row] = await tx
      .insert(freelancerInvoices)
      .values({
        accountId: actor.accountId,
        membershipId: actor.membershipId,
        seq,
        number: freelancerInvoiceNumber(issuedOn, seq),
        issuedOn,
        locale: actor.locale,
        periodFrom: input.from,
        periodUntil: input.until,
        sellerName: fullName(me),
        sellerAddress: [m.address, [m.zip, m.city].filter(Boolean).join(' ')].filter(Boolean).join('\n'),
        vatId: input.vatId,
        buyerName: account.companyName || account.name,
        buyerAddress: account.invoiceAddress ?? '',
        buyerVatNumber: account.vatNumber,
        rateCents: input.rateCents,
        vatRateBp: input.vatRateBp,
        minutes: computed.minutes,
        netCents: computed.netCents,
        vatCents: computed.vatCents,
        totalCents: computed.totalCents,
        lines: computed.lines,
        createdAt: now(),
      })
      .returning();
    await tx.update(hours).set({ freelancerInvoiceId: row.id, updatedAt: now() }).where(inArray(hours.id, ids));
    // The next invoice starts from what the freelancer charged now.
    if (m.vatId !== input.vatId)
      await tx.update(memberships).set({ vatId: input.vatId }).where(eq(memberships.id, m.id));
    await recordActivity(tx, actor, {
      entity: 'freelancerInvoice',
      entityId: row.id,
      action: 'create',
      after: { number: row.number, totalCents: row.totalCents, hours: ids.length },
    });
    return present(actor, row, fullName(me));
  });
}

/** Paid or rejected: a reviewer's decision on a submitted invoice (CONFLICT once decided). */
async function decide(
  ctx: AppContext,
  actor: Actor,
  id: string,
  status: 'paid' | 'rejected',
  reason: string | null,
): Promise<FreelancerInvoice> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const row = await invoiceInAccount(tx, actor.accountId, id, true);
    requireAllowed(mayReviewFreelancerInvoices(actor));
    if (row.status !== 'submitted') throw new AppError('CONFLICT', { data: { status: row.status } });
    const at = now();
    await tx
      .update(freelancerInvoices)
      .set({ status, rejectReason: reason, decidedBy: actor.membershipId, decidedAt: at })
      .where(eq(freelancerInvoices.id, id));
    if (status === 'paid')
      await tx.update(hours).set({ paid: true, updatedAt: at }).where(eq(hours.freelancerInvoiceId, id));
    else
      await tx.update(hours).set({ freelancerInvoiceId: null, updatedAt: at }).where(eq(hours.freelancerInvoiceId, id));
    await recordActivity(tx, actor, {
      entity: 'freelancerInvoice',
      entityId: id,
      action: status === 'paid' ? 'pay' : 'reject',
      ...(reason ? { after: { reason } } : {}),
    });
  });
  return getInvoice(ctx, actor, id);
}

export const payInvoice = (ctx: AppContext, actor: Actor, id: string) => decide(ctx, actor, id, 'paid', null);
export const rejectInvoice = (ctx: AppContext, actor: Actor, id: string, reason: string) =>
  decide(ctx, actor, id, 'rejected', reason);

const shortDate = (date: string, locale: Locale) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
};

/** `GET /api/freelancer-invoices/{id}/pdf`: the invoice as the freelancer issued it, in its language. */
export async function invoicePdfFile(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ fileName: string; content: Buffer }> {
  const row = await invoiceInAccount(ctx.db, actor.accountId, id);
  requireReader(actor, row);
  const locale = (row.locale in LOCALE_TAGS ? row.locale : 'en') as Locale;
  const l = FREELANCER_INVOICE_LABELS[locale];
  const tag = LOCALE_TAGS[locale];
  const money = (cents: number) => formatMoney(cents, locale);
  const hoursText = (minutes: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minutes / 60);
  const content = await printedInvoicePdf({
    title: l.title,
    seller: { name: row.sellerName, lines: [row.sellerAddress, `${l.vatId}: ${row.vatId}`].filter(Boolean) },
    buyerLabel: l.billTo,
    buyer: {
      name: row.buyerName,
      lines: [row.buyerAddress, ...(row.buyerVatNumber ? [`${l.vatNumber}: ${row.buyerVatNumber}`] : [])].filter(
        Boolean,
      ),
    },
    meta: [
      [l.number, row.number],
      [l.date, shortDate(row.issuedOn, locale)],
      [l.period, `${shortDate(row.periodFrom, locale)} – ${shortDate(row.periodUntil, locale)}`],
    ],
    columns: [l.day, l.hours, l.rate, l.amount],
    rows: row.lines.map((line) => [
      `${shortDate(line.date, locale)} · ${line.duty ?? l.noDuty} · ${line.location}`,
      hoursText(line.minutes),
      money(row.rateCents),
      money(line.amountCents),
    ]),
    totals: [
      [l.net, money(row.netCents)],
      [
        fillLabel(l.vat, {
          rate: new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }).format(row.vatRateBp / 100),
        }),
        money(row.vatCents),
      ],
      [l.total, money(row.totalCents)],
    ],
    notes: [],
    footer: [row.sellerName, `${l.vatId} ${row.vatId}`].join(' · '),
  });
  return { fileName: `invoice-${row.number}.pdf`, content };
}
