import type { ClientInvoiceLine, ClientInvoiceStatus, InvoiceInterval } from '@app/contracts';
import type { VatRule } from '../billing/invoice';
import { type PremiumRule, premiumMinutes, spanMinutes } from '../hours/cost';
import { type Member, memberHasRole } from '../policies/member';
import { weekStart } from '../roster/period';
import { addDays, addMonths } from '../roster/time';

/**
 * The pure rules of the invoices a company sends its clients (docs/product/invoicing.md): which period a client's
 * interval invoices next, what approved hours come to (billable percent, rate, premiums, travel allowance), the
 * line and invoice amounts in whole cents, and who may do what with an invoice.
 */

/** Managers and owners keep the client invoices (money leaves the planners' hands here). */
export const mayManageClientInvoices = (member: Pick<Member, 'roles'>): boolean =>
  memberHasRole(member, 'owner', 'manager');

export interface ClientInvoiceAbilities {
  edit: boolean;
  issue: boolean;
  remove: boolean;
  download: boolean;
  send: boolean;
}

/** A draft is edited, issued or deleted; an issued invoice is fixed: downloaded and mailed. */
export function clientInvoiceAbilitiesOf(
  member: Pick<Member, 'roles'>,
  invoice: { status: ClientInvoiceStatus; lineCount: number },
): ClientInvoiceAbilities {
  const may = mayManageClientInvoices(member);
  const draft = invoice.status === 'draft';
  return {
    edit: may && draft,
    issue: may && draft && invoice.lineCount > 0,
    remove: may && draft,
    download: may && !draft,
    send: may && !draft,
  };
}

/** 4-week periods count from this Monday. */
const FOUR_WEEKS_ANCHOR = '2024-01-01';

/**
 * The period of a client's interval that ended last before `today` (both days included): the week (Monday to
 * Sunday), the calendar month, or the 28-day block (counted from Monday 2024-01-01) before the one holding today.
 * A manual interval has no period: its invoices are drafted by hand.
 */
export function periodJustEnded(interval: InvoiceInterval, today: string): { from: string; until: string } | null {
  switch (interval) {
    case 'weekly': {
      const from = addDays(weekStart(today), -7);
      return { from, until: addDays(from, 6) };
    }
    case 'monthly': {
      const first = `${today.slice(0, 8)}01`;
      return { from: addMonths(first, -1), until: addDays(first, -1) };
    }
    case '4weeks': {
      const days = Math.floor(
        (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${FOUR_WEEKS_ANCHOR}T00:00:00Z`)) / 864e5,
      );
      const blockStart = addDays(FOUR_WEEKS_ANCHOR, Math.floor(days / 28) * 28);
      return { from: addDays(blockStart, -28), until: addDays(blockStart, -1) };
    }
    case 'manual':
      return null;
  }
}

/** Half up to whole cents, for amounts of either sign. */
const roundCents = (value: number) => Math.sign(value) * Math.floor(Math.abs(value) + 0.5 + 1e-9);

/** A quantity kept to two decimals (hours 7.25). */
export const roundQuantity = (q: number) => Math.round(q * 100 + (q >= 0 ? 1e-9 : -1e-9)) / 100;

/** quantity × unit price, rounded half up to the cent. */
export const lineAmount = (quantity: number, unitCents: number): number =>
  roundCents((Math.round(quantity * 100) * unitCents) / 100);

/** One line of approved hours, with what invoicing needs to price it. */
export interface BillableHours {
  id: string;
  date: string;
  from: number;
  until: number;
  breakMinutes: number;
  /** Worked minutes (measured on instants). */
  minutes: number;
  tagIds: readonly string[];
  /** The item's `hour.billable` percent: the share of the time the client pays (100 unless the item says less). */
  billablePercent: number;
  /** The project (or, without one, the planning) the hours are for: lines are grouped by it. */
  group: string;
  dutyName: string | null;
  /** The hourly price the client pays; null: none known (the line is drafted at 0 for the manager to price). */
  rateCents: number | null;
  applyPremiums: boolean;
  /** Travel allowance per worked shift; null or 0: none. */
  travelCents: number | null;
}

export interface InvoiceWords {
  hours: (group: string, duty: string | null) => string;
  premium: (group: string, name: string, percent: number) => string;
  travel: (group: string) => string;
}

export interface NamedPremium extends PremiumRule {
  name: string;
}

/**
 * The draft's lines from approved hours: per group (project or planning), duty and rate one line of billable
 * hours (worked minutes × billable percent, to two decimals of an hour) at the rate; per group, premium and rate one
 * line of the premium's billable hours at rate × percent; per group one travel line (shifts × allowance). Amounts
 * are quantity × price rounded half up to the cent, so every line reads the same on paper and in the e-invoice.
 */
export function draftLines(
  hours: readonly BillableHours[],
  premiums: readonly NamedPremium[],
  holidays: ReadonlySet<string>,
  words: InvoiceWords,
): Omit<ClientInvoiceLine, 'id'>[] {
  const hourGroups = new Map<string, { group: string; duty: string | null; rate: number; minutes: number }>();
  const premiumGroups = new Map<string, { group: string; premium: NamedPremium; rate: number; minutes: number }>();
  const travel = new Map<string, { group: string; unit: number; count: number }>();
  for (const h of hours) {
    const share = Math.min(100, Math.max(0, h.billablePercent)) / 100;
    const rate = h.rateCents ?? 0;
    const key = JSON.stringify([h.group, h.dutyName, rate]);
    const entry = hourGroups.get(key) ?? { group: h.group, duty: h.dutyName, rate, minutes: 0 };
    entry.minutes += h.minutes * share;
    hourGroups.set(key, entry);
    if (h.applyPremiums) {
      const span = spanMinutes(h.from, h.until);
      const scale = span > 0 ? h.minutes / span : 0;
      for (const p of premiums) {
        const counted = premiumMinutes(p, h, (d) => holidays.has(d));
        if (!counted) continue;
        const pKey = JSON.stringify([h.group, p.id, rate]);
        const pe = premiumGroups.get(pKey) ?? { group: h.group, premium: p, rate, minutes: 0 };
        pe.minutes += counted * scale * share;
        premiumGroups.set(pKey, pe);
      }
    }
    if (h.travelCents && share > 0) {
      const tKey = JSON.stringify([h.group, h.travelCents]);
      const te = travel.get(tKey) ?? { group: h.group, unit: h.travelCents, count: 0 };
      te.count += 1;
      travel.set(tKey, te);
    }
  }
  const lines: Omit<ClientInvoiceLine, 'id'>[] = [];
  for (const g of hourGroups.values()) {
    const quantity = roundQuantity(g.minutes / 60);
    if (quantity <= 0) continue;
    lines.push({
      kind: 'hours',
      description: words.hours(g.group, g.duty),
      quantity,
      unitCents: g.rate,
      amountCents: lineAmount(quantity, g.rate),
    });
  }
  for (const p of premiumGroups.values()) {
    const quantity = roundQuantity(p.minutes / 60);
    if (quantity <= 0) continue;
    const unit = roundCents((p.rate * p.premium.percent) / 100);
    lines.push({
      kind: 'premium',
      description: words.premium(p.group, p.premium.name, p.premium.percent),
      quantity,
      unitCents: unit,
      amountCents: lineAmount(quantity, unit),
    });
  }
  for (const t of travel.values())
    lines.push({
      kind: 'travel',
      description: words.travel(t.group),
      quantity: t.count,
      unitCents: t.unit,
      amountCents: lineAmount(t.count, t.unit),
    });
  return lines;
}

/** The net sum of the lines, VAT on it once (half up) and the total. */
export function clientInvoiceTotals(
  lines: readonly Pick<ClientInvoiceLine, 'amountCents'>[],
  vat: VatRule,
): { netCents: number; vatCents: number; totalCents: number } {
  const netCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const vatCents = roundCents((netCents * vat.rateBp) / 10000);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** The number an issued invoice carries: the year and its running number in the account, `2027-0001`. */
export const clientInvoiceNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(4, '0')}`;

/** The invoices' business day: drafts are due `days` after issue. */
export const dueDate = (issuedOn: string, days: number) => addDays(issuedOn, days);
