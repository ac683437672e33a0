import { CLIENT_INVOICE_PAYMENT_DAYS, type ClientInvoiceLine, LOCALES, type Locale } from '@app/contracts';
import {
  type BillableHours,
  clientInvoiceTotals,
  draftLines,
  type NamedPremium,
  premiumRulesOf,
  vatFor,
} from '@app/domain';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type accounts,
  clientBilling,
  clientInvoices,
  type clients,
  duties,
  hours,
  locations,
  memberships,
  premiums,
  premiumTags,
  projects,
  rosterItems,
  users,
} from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { holidayDatesBetween } from '../settings/holidays';
import { lineWords } from './labels';

/**
 * Drafting a client's invoice from approved hours (docs/product/invoicing.md): which hours are the client's, what
 * they come to, and the draft row that holds them (the hours point at it and are locked while they do).
 */

type ClientRow = typeof clients.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** A client's invoicing settings, or the defaults when it has none yet. */
export async function billingOf(db: DbOrTx, client: Pick<ClientRow, 'id' | 'accountId'>) {
  const [row] = await db.select().from(clientBilling).where(eq(clientBilling.clientId, client.id));
  return (
    row ?? {
      clientId: client.id,
      accountId: client.accountId,
      address: '',
      country: null,
      hourlyRateCents: null,
      paymentDays: CLIENT_INVOICE_PAYMENT_DAYS,
    }
  );
}

/** The language invoices are written in: the account holder's (the earliest active owner's). */
async function invoiceLocale(db: DbOrTx, accountId: string): Promise<Locale> {
  const [owner] = await db
    .select({ locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        sql`${memberships.roles} @> array['owner']::text[]`,
        eq(memberships.status, 'active'),
      ),
    )
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return owner && (LOCALES as readonly string[]).includes(owner.locale) ? (owner.locale as Locale) : 'en';
}

/** The VAT between the company and the client (the client's country: its settings, else its VAT prefix, else home). */
export function clientVat(account: AccountRow, client: ClientRow, country: string | null) {
  const sellerCountry = accountSettings(account.settings).country;
  const prefix = client.vatNumber ? client.vatNumber.slice(0, 2).toUpperCase() : null;
  const buyerCountry = country ?? (prefix && /^[A-Z]{2}$/.test(prefix) ? (prefix === 'EL' ? 'GR' : prefix) : null);
  return vatFor({ sellerCountry, buyerCountry: buyerCountry ?? sellerCountry, buyerVatNumber: client.vatNumber });
}

/**
 * The client's approved hours of the period not on an invoice yet: hours of a duty its project made (the project's
 * client), else of a planning the client owns. With what pricing them needs.
 */
async function billableHoursOf(tx: Tx, client: ClientRow, from: string, until: string, clientRate: number | null) {
  const rows = await tx
    .select({
      id: hours.id,
      date: hours.date,
      from: hours.fromMinutes,
      until: hours.untilMinutes,
      breakMinutes: hours.breakMinutes,
      minutes: hours.minutes,
      tagIds: hours.tagIds,
      sick: rosterItems.sick,
      projectName: projects.name,
      projectRate: projects.overrideRateCents,
      applyPremiums: projects.applyPremiums,
      travelCents: projects.travelAllowanceCents,
      locationName: locations.name,
      dutyName: duties.name,
    })
    .from(hours)
    .innerJoin(locations, eq(locations.id, hours.locationId))
    .leftJoin(rosterItems, eq(rosterItems.id, hours.itemId))
    .leftJoin(projects, eq(projects.id, rosterItems.projectId))
    .leftJoin(duties, eq(duties.id, hours.dutyId))
    .where(
      and(
        eq(hours.accountId, client.accountId),
        eq(hours.status, 'approved'),
        isNull(hours.clientInvoiceId),
        gte(hours.date, from),
        lte(hours.date, until),
        sql`coalesce(${projects.clientId}, ${locations.clientId}) = ${client.id}`,
      ),
    )
    .orderBy(asc(hours.date), asc(hours.fromMinutes))
    .for('update', { of: hours });
  return rows.map(
    (r): BillableHours => ({
      id: r.id,
      date: r.date,
      from: r.from,
      until: r.until,
      breakMinutes: r.breakMinutes,
      minutes: r.minutes,
      tagIds: r.tagIds,
      // The item's `hour.billable` (the roster's hour of an item: its sickness percentage when it has one).
      billablePercent: r.sick?.percentage ?? 100,
      group: r.projectName ?? r.locationName,
      dutyName: r.dutyName,
      rateCents: r.projectRate ?? clientRate,
      applyPremiums: r.applyPremiums ?? true,
      travelCents: r.travelCents,
    }),
  );
}

async function premiumsOf(db: DbOrTx, accountId: string): Promise<NamedPremium[]> {
  const rows = await db
    .select()
    .from(premiums)
    .where(and(eq(premiums.accountId, accountId), eq(premiums.active, true)));
  if (!rows.length) return [];
  const tags = await db
    .select()
    .from(premiumTags)
    .where(sql`${premiumTags.premiumId} in ${rows.map((r) => r.id)}`);
  const rules = premiumRulesOf(rows, tags);
  return rules.map((rule, i) => ({ ...rule, name: rows[i].name }));
}

/**
 * Writes the draft of the client's invoice for the period, with the lines its approved hours come to, and links
 * those hours to it. Answers null when the client has an invoice for the period already.
 */
export async function writeDraft(
  tx: Tx,
  account: AccountRow,
  client: ClientRow,
  period: { from: string; until: string },
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: clientInvoices.id })
    .from(clientInvoices)
    .where(
      and(
        eq(clientInvoices.clientId, client.id),
        eq(clientInvoices.periodFrom, period.from),
        eq(clientInvoices.periodUntil, period.until),
      ),
    );
  if (existing) return null;
  const billing = await billingOf(tx, client);
  const locale = await invoiceLocale(tx, account.id);
  const worked = await billableHoursOf(tx, client, period.from, period.until, billing.hourlyRateCents);
  const holidays = worked.length
    ? await holidayDatesBetween(tx, account.id, period.from, period.until)
    : new Set<string>();
  const drafted = draftLines(worked, await premiumsOf(tx, account.id), new Set(holidays), lineWords(locale));
  const lines: ClientInvoiceLine[] = drafted.map((l, i) => ({ ...l, id: `l${i + 1}` }));
  const vat = clientVat(account, client, billing.country);
  const totals = clientInvoiceTotals(lines, vat);
  const [row] = await tx
    .insert(clientInvoices)
    .values({
      accountId: account.id,
      clientId: client.id,
      periodFrom: period.from,
      periodUntil: period.until,
      locale,
      lines,
      vatCategory: vat.category,
      vatRateBp: vat.rateBp,
      ...totals,
    })
    .onConflictDoNothing()
    .returning({ id: clientInvoices.id });
  if (!row) return null;
  if (worked.length)
    await tx
      .update(hours)
      .set({ clientInvoiceId: row.id })
      .where(
        and(
          eq(hours.accountId, account.id),
          sql`${hours.id} in ${worked.map((h) => h.id)}`,
          isNull(hours.clientInvoiceId),
        ),
      );
  return row.id;
}
