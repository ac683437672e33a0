import type {
  ClientBilling,
  ClientBillingUpdate,
  ClientInvoiceDetail,
  ClientInvoiceDraftRequest,
  ClientInvoiceLine,
  ClientInvoiceSummary,
  ClientInvoicesQuery,
  ClientInvoiceUpdate,
  InvoiceInterval,
  Locale,
  VatCategory,
} from '@app/contracts';
import {
  clientInvoiceAbilitiesOf,
  clientInvoiceNumber,
  clientInvoiceTotals,
  dueDate,
  lineAmount,
  mayManageClientInvoices,
  now,
  periodJustEnded,
  roundQuantity,
  todayIn,
} from '@app/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { accounts, clientBilling, clientInvoiceCounters, clientInvoices, clients, hours } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { formatMailDate } from '../../platform/mail/format';
import { documentEInvoice, documentPdf, formatMoney, type InvoiceDocument } from '../billing/invoice-document';
import { fillLabel, INVOICE_LABELS } from '../billing/labels';
import { billingOf, clientVat, writeDraft } from './drafts';

/**
 * The invoices a company sends its clients (docs/product/invoicing.md): the list and the detail, drafts by hand and
 * by the job, editing a draft's lines, issuing (the number without gaps, taken in the issuing transaction), the PDF
 * and the EN 16931 e-invoice (the subscription's invoice document), and the mail to the client's invoice e-mail.
 * Owners and managers only, with the clients module; another account's invoice answers 404.
 */

type InvoiceRow = typeof clientInvoices.$inferSelect;

const requireManager = (actor: Actor) => requireAllowed(mayManageClientInvoices(actor));

async function invoiceInAccount(db: DbOrTx, accountId: string, id: string, lock = false): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(clientInvoices)
    .where(and(eq(clientInvoices.id, id), eq(clientInvoices.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function clientInAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const summary = (row: InvoiceRow, clientName: string): ClientInvoiceSummary => ({
  id: row.id,
  clientId: row.clientId,
  clientName,
  status: row.status as ClientInvoiceSummary['status'],
  number: row.number,
  issuedOn: row.issuedOn,
  periodFrom: row.periodFrom,
  periodUntil: row.periodUntil,
  netCents: row.netCents,
  totalCents: row.totalCents,
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function listClientInvoices(ctx: AppContext, actor: Actor, query: ClientInvoicesQuery) {
  requireManager(actor);
  const rows = await ctx.db
    .select({ invoice: clientInvoices, clientName: clients.name })
    .from(clientInvoices)
    .innerJoin(clients, eq(clients.id, clientInvoices.clientId))
    .where(
      and(
        eq(clientInvoices.accountId, actor.accountId),
        query.clientId ? eq(clientInvoices.clientId, query.clientId) : undefined,
        query.status ? eq(clientInvoices.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(clientInvoices.periodUntil), desc(clientInvoices.sequence), asc(clients.name));
  return { invoices: rows.map((r) => summary(r.invoice, r.clientName)) };
}

async function detail(db: DbOrTx, actor: Actor, row: InvoiceRow): Promise<ClientInvoiceDetail> {
  const client = await clientInAccount(db, actor.accountId, row.clientId);
  const [held] = await db.select({ n: count() }).from(hours).where(eq(hours.clientInvoiceId, row.id));
  return {
    ...summary(row, client.name),
    lines: row.lines,
    vatCategory: row.vatCategory as VatCategory,
    vatRateBp: row.vatRateBp,
    vatCents: row.vatCents,
    dueOn: row.dueOn,
    sendTo: row.buyer?.email ?? client.invoiceEmail,
    hoursCount: Number(held?.n ?? 0),
    seller: row.seller ? { ...row.seller } : null,
    buyer: row.buyer
      ? {
          name: row.buyer.name,
          address: row.buyer.address,
          country: row.buyer.country,
          vatNumber: row.buyer.vatNumber,
          email: row.buyer.email,
        }
      : null,
    abilities: clientInvoiceAbilitiesOf(actor, {
      status: row.status as ClientInvoiceSummary['status'],
      lineCount: row.lines.length,
    }),
  };
}

export async function getClientInvoice(ctx: AppContext, actor: Actor, id: string): Promise<ClientInvoiceDetail> {
  const row = await invoiceInAccount(ctx.db, actor.accountId, id);
  requireManager(actor);
  return detail(ctx.db, actor, row);
}

/**
 * Tells the account's open invoice lists and pages that these invoices changed (they read again); the app that made
 * the change (`origin`) has read its answer already.
 */
function announce(command: Command, accountId: string, ids: string[], origin?: Actor) {
  command.emit(`account.${accountId}`, 'ClientInvoiceUpdated', { ids }, origin);
}

/** A draft by hand for the client and period (404 for another account's client; one invoice per period). */
export async function draftClientInvoice(ctx: AppContext, actor: Actor, input: ClientInvoiceDraftRequest) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const client = await clientInAccount(tx, actor.accountId, input.clientId);
    requireManager(actor);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId));
    const id = await writeDraft(tx, account, client, { from: input.from, until: input.until });
    if (!id) {
      const [other] = await tx
        .select({ id: clientInvoices.id })
        .from(clientInvoices)
        .where(
          and(
            eq(clientInvoices.clientId, client.id),
            eq(clientInvoices.periodFrom, input.from),
            eq(clientInvoices.periodUntil, input.until),
          ),
        );
      throw new AppError('ERR_INVOICE_EXISTS', { data: { invoice: other?.id ?? '' } });
    }
    await recordActivity(tx, actor, { entity: 'clientInvoice', entityId: id, action: 'create' });
    announce(command, actor.accountId, [id], actor);
    return detail(tx, actor, await invoiceInAccount(tx, actor.accountId, id));
  });
}

/** A draft's lines as the manager left them: known lines keep their kind, new ones are custom; amounts recomputed. */
export async function updateClientInvoice(ctx: AppContext, actor: Actor, id: string, input: ClientInvoiceUpdate) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await invoiceInAccount(tx, actor.accountId, id, true);
    requireManager(actor);
    if (row.status !== 'draft') throw new AppError('ERR_INVOICE_ISSUED');
    const known = new Map(row.lines.map((l) => [l.id, l]));
    let next = row.lines.reduce((m, l) => Math.max(m, Number(l.id.replace(/\D/g, '')) || 0), 0);
    const lines: ClientInvoiceLine[] = input.lines.map((l) => {
      const before = l.id ? known.get(l.id) : undefined;
      const quantity = roundQuantity(l.quantity);
      return {
        id: before?.id ?? `l${++next}`,
        kind: before?.kind ?? 'custom',
        description: l.description,
        quantity,
        unitCents: l.unitCents,
        amountCents: lineAmount(quantity, l.unitCents),
      };
    });
    const totals = clientInvoiceTotals(lines, { category: row.vatCategory as VatCategory, rateBp: row.vatRateBp });
    await tx
      .update(clientInvoices)
      .set({ lines, ...totals, updatedAt: now() })
      .where(eq(clientInvoices.id, id));
    await recordActivity(tx, actor, { entity: 'clientInvoice', entityId: id, action: 'update' });
    announce(command, actor.accountId, [id], actor);
    return detail(tx, actor, await invoiceInAccount(tx, actor.accountId, id));
  });
}

/** A draft goes; its hours are free to be invoiced again (the link is cleared by the foreign key). */
export async function deleteClientInvoice(ctx: AppContext, actor: Actor, id: string) {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await invoiceInAccount(tx, actor.accountId, id, true);
    requireManager(actor);
    if (row.status !== 'draft') throw new AppError('ERR_INVOICE_ISSUED');
    await tx.update(hours).set({ clientInvoiceId: null }).where(eq(hours.clientInvoiceId, id));
    await tx.delete(clientInvoices).where(eq(clientInvoices.id, id));
    await recordActivity(tx, actor, { entity: 'clientInvoice', entityId: id, action: 'delete' });
    announce(command, actor.accountId, [id], actor);
  });
}

/**
 * The next number of the account's year. The counter row is raised in the issuing transaction and stays locked until
 * it ends: concurrent issues wait their turn, and a rolled-back issue gives its number back (no gaps, no repeats).
 */
export async function takeClientInvoiceNumber(tx: Tx, accountId: string, year: number): Promise<number> {
  const [counter] = await tx
    .insert(clientInvoiceCounters)
    .values({ accountId, year, last: 1 })
    .onConflictDoUpdate({
      target: [clientInvoiceCounters.accountId, clientInvoiceCounters.year],
      set: { last: sql`${clientInvoiceCounters.last} + 1` },
    })
    .returning({ last: clientInvoiceCounters.last });
  return counter.last;
}

/** The document of an issued invoice (the shared invoice document of billing). */
function documentOf(row: InvoiceRow): InvoiceDocument {
  const locale = row.locale as Locale;
  if (!row.seller || !row.buyer || !row.number || !row.issuedOn || !row.dueOn) throw new AppError('CONFLICT');
  const note = fillLabel(INVOICE_LABELS[locale].noMandate, {
    amount: formatMoney(row.totalCents, locale),
    date: formatMailDate(row.dueOn, locale),
  });
  return {
    number: row.number,
    locale,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    periodFrom: row.periodFrom,
    periodUntil: row.periodUntil,
    seller: row.seller,
    buyer: row.buyer,
    buyerReference: row.buyer.reference,
    lines: row.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitCode: l.kind === 'hours' || l.kind === 'premium' ? 'HUR' : 'C62',
      unitCents: l.unitCents,
      amountCents: l.amountCents,
    })),
    allowances: [],
    netCents: row.netCents,
    vatCategory: row.vatCategory,
    vatRateBp: row.vatRateBp,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    note,
    payment: { code: '30' },
  };
}

async function renderFiles(row: InvoiceRow) {
  const doc = documentOf(row);
  return documentEInvoice(doc, await documentPdf(doc));
}

/** Writes the client's mail (PDF and XML attached) through the outbox, in the command's transaction. */
async function mailInvoice(ctx: AppContext, command: Command, row: InvoiceRow, files: { pdf: Buffer; xml: string }) {
  const to = row.buyer?.email;
  if (!to || !row.number) throw new AppError('ERR_INVOICE_NO_EMAIL');
  const locale = row.locale as Locale;
  await ctx.mailer.send(command, {
    to,
    locale,
    accountId: row.accountId,
    template: 'clientInvoice',
    params: {
      name: row.buyer?.name ?? '',
      company: row.seller?.name ?? '',
      number: row.number,
      period: `${formatMailDate(row.periodFrom, locale)} – ${formatMailDate(row.periodUntil, locale)}`,
      total: formatMoney(row.totalCents, locale),
      due: row.dueOn ? formatMailDate(row.dueOn, locale) : '',
      // Whom to ask: the company's invoice e-mail, else its address on the web.
      link: row.seller?.email ? `mailto:${row.seller.email}` : ctx.config.publicUrl,
    },
    attachments: [
      { fileName: `${row.number}.pdf`, contentType: 'application/pdf', content: files.pdf },
      { fileName: `${row.number}.xml`, contentType: 'application/xml', content: Buffer.from(files.xml) },
    ],
  });
  await command.tx.update(clientInvoices).set({ sentAt: now() }).where(eq(clientInvoices.id, row.id));
}

/**
 * Issues a draft: the parties as they are now, the VAT, the date, and the next number of the account's year, in one
 * transaction under the invoice's row lock; its hours are marked billed. Then the files are made and, when the client
 * has an invoice e-mail, mailed.
 */
export async function issueClientInvoice(ctx: AppContext, actor: Actor, id: string): Promise<ClientInvoiceDetail> {
  const issued = await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await invoiceInAccount(tx, actor.accountId, id, true);
    requireManager(actor);
    if (row.status !== 'draft') throw new AppError('ERR_INVOICE_ISSUED');
    if (!row.lines.length) throw new AppError('ERR_INVOICE_EMPTY');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId));
    const client = await clientInAccount(tx, actor.accountId, row.clientId);
    const billing = await billingOf(tx, client);
    const settings = accountSettings(account.settings);
    const vat = clientVat(account, client, billing.country);
    const totals = clientInvoiceTotals(row.lines, vat);
    const issuedOn = todayIn(settings.timeZone);
    const year = Number(issuedOn.slice(0, 4));
    const sequence = await takeClientInvoiceNumber(tx, actor.accountId, year);
    const [updated] = await tx
      .update(clientInvoices)
      .set({
        status: 'issued',
        number: clientInvoiceNumber(year, sequence),
        year,
        sequence,
        issuedOn,
        dueOn: dueDate(issuedOn, billing.paymentDays),
        vatCategory: vat.category,
        vatRateBp: vat.rateBp,
        ...totals,
        seller: {
          name: account.companyName || account.name,
          address: account.invoiceAddress ?? '',
          country: settings.country,
          vatNumber: account.vatNumber || null,
          email: account.invoiceEmail || null,
          registration: account.registrationNumber || null,
        },
        buyer: {
          name: client.name,
          address: billing.address,
          country: billing.country ?? settings.country,
          vatNumber: client.vatNumber || null,
          email: client.invoiceEmail || null,
          reference: client.number || client.id,
        },
        issuedBy: actor.membershipId,
        updatedAt: now(),
      })
      .where(eq(clientInvoices.id, id))
      .returning();
    await tx.update(hours).set({ billed: true }).where(eq(hours.clientInvoiceId, id));
    await recordActivity(tx, actor, { entity: 'clientInvoice', entityId: id, action: 'issue' });
    announce(command, actor.accountId, [id], actor);
    return updated;
  });
  const files = await renderFiles(issued);
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [row] = await tx
      .update(clientInvoices)
      .set({ pdf: files.pdf, xml: files.xml })
      .where(eq(clientInvoices.id, id))
      .returning();
    if (row.buyer?.email) {
      await mailInvoice(ctx, command, row, files);
      announce(command, actor.accountId, [id], actor);
    }
  });
  return detail(ctx.db, actor, await invoiceInAccount(ctx.db, actor.accountId, id));
}

/** The stored files of an issued invoice (made now and kept when missing). A draft has none yet. */
async function filesOf(ctx: AppContext, actor: Actor, row: InvoiceRow) {
  if (row.status !== 'issued') throw new AppError('CONFLICT', { data: { status: row.status } });
  if (row.pdf && row.xml) return { pdf: row.pdf, xml: row.xml };
  const made = await renderFiles(row);
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.update(clientInvoices).set({ pdf: made.pdf, xml: made.xml }).where(eq(clientInvoices.id, row.id));
  });
  return made;
}

export async function clientInvoiceFile(ctx: AppContext, actor: Actor, id: string, kind: 'pdf' | 'xml') {
  const row = await invoiceInAccount(ctx.db, actor.accountId, id);
  requireManager(actor);
  const files = await filesOf(ctx, actor, row);
  const name = row.number ?? row.id;
  return kind === 'pdf'
    ? { fileName: `${name}.pdf`, contentType: 'application/pdf', content: files.pdf }
    : { fileName: `${name}.xml`, contentType: 'application/xml', content: Buffer.from(files.xml) };
}

/** Mails an issued invoice (again) to the client's invoice e-mail. */
export async function sendClientInvoice(ctx: AppContext, actor: Actor, id: string): Promise<ClientInvoiceDetail> {
  const row = await invoiceInAccount(ctx.db, actor.accountId, id);
  requireManager(actor);
  if (row.status !== 'issued') throw new AppError('CONFLICT', { data: { status: row.status } });
  if (!row.buyer?.email) throw new AppError('ERR_INVOICE_NO_EMAIL');
  const files = await filesOf(ctx, actor, row);
  await runCommand(ctx, actor, async (command) => {
    const fresh = await invoiceInAccount(command.tx, actor.accountId, id, true);
    await mailInvoice(ctx, command, fresh, files);
    await recordActivity(command.tx, actor, { entity: 'clientInvoice', entityId: id, action: 'send' });
    announce(command, actor.accountId, [id], actor);
  });
  return detail(ctx.db, actor, await invoiceInAccount(ctx.db, actor.accountId, id));
}

const presentBilling = (b: Awaited<ReturnType<typeof billingOf>>, interval: InvoiceInterval): ClientBilling => ({
  clientId: b.clientId,
  interval,
  address: b.address,
  country: b.country,
  hourlyRateCents: b.hourlyRateCents,
  paymentDays: b.paymentDays,
});

export async function getClientBilling(ctx: AppContext, actor: Actor, clientId: string): Promise<ClientBilling> {
  const client = await clientInAccount(ctx.db, actor.accountId, clientId);
  requireManager(actor);
  return presentBilling(await billingOf(ctx.db, client), client.invoiceInterval as InvoiceInterval);
}

export async function updateClientBilling(
  ctx: AppContext,
  actor: Actor,
  clientId: string,
  input: ClientBillingUpdate,
): Promise<ClientBilling> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const client = await clientInAccount(tx, actor.accountId, clientId);
    requireManager(actor);
    const values = { ...input, country: input.country?.toUpperCase() ?? null };
    const [row] = await tx
      .insert(clientBilling)
      .values({ clientId, accountId: actor.accountId, ...values })
      .onConflictDoUpdate({ target: clientBilling.clientId, set: values })
      .returning();
    await recordActivity(tx, actor, { entity: 'clientBilling', entityId: clientId, action: 'update' });
    return presentBilling(row, client.invoiceInterval as InvoiceInterval);
  });
}

/**
 * The drafting job: for every active client of an account with the clients module whose interval is not manual, the
 * draft of the period that ended last (once: a second run finds it). Each client in its own transaction. Answers
 * how many drafts it wrote.
 */
export async function draftDueInvoices(ctx: AppContext, db: Db = ctx.db, at: Date = now()): Promise<number> {
  const candidates = await db
    .select({ client: clients, account: accounts })
    .from(clients)
    .innerJoin(accounts, eq(accounts.id, clients.accountId))
    .where(
      and(
        eq(clients.archived, false),
        inArray(clients.invoiceInterval, ['weekly', 'monthly', '4weeks']),
        sql`${accounts.modules} @> array['clients']::text[]`,
        inArray(accounts.status, ['free', 'trial', 'active', 'cancelled', 'license']),
      ),
    );
  let drafted = 0;
  for (const { client, account } of candidates) {
    const today = todayIn(accountSettings(account.settings).timeZone, at);
    const period = periodJustEnded(client.invoiceInterval as InvoiceInterval, today);
    if (!period) continue;
    const id = await runCommand({ ...ctx, db }, null, async (command) => {
      const written = await writeDraft(command.tx, account, client, period);
      if (written) announce(command, account.id, [written]);
      return written;
    });
    if (id) drafted++;
  }
  return drafted;
}
