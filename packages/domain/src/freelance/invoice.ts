import type { FreelancerInvoiceStatus } from '@app/contracts';
import { type Member, memberHasRole } from '../policies/member';

/**
 * Freelancer invoices (docs/product/freelance.md), shared by the server and the web: who invoices, who reviews,
 * what an invoice's lines and totals are.
 */

type Who = Pick<Member, 'roles'>;

/** A freelancer invoices their own hours (the role held on the membership itself). */
export const mayInvoiceOwnHours = (m: Who) => m.roles.includes('freelancer');

/** The company's side: owners, managers and accountants see every freelancer's invoices and decide on them. */
export const mayReviewFreelancerInvoices = (m: Who) => memberHasRole(m, 'owner', 'manager', 'accountant');

/** What the reader may do with an invoice in its state: only a submitted one is paid or rejected, by a reviewer. */
export function freelancerInvoiceAbilities(m: Who, invoice: { status: FreelancerInvoiceStatus }) {
  const open = invoice.status === 'submitted' && mayReviewFreelancerInvoices(m);
  return { pay: open, reject: open };
}

export interface InvoiceableHours {
  date: string;
  duty: string | null;
  location: string;
  minutes: number;
}

export interface ComputedLine extends InvoiceableHours {
  amountCents: number;
}

export interface ComputedInvoice {
  lines: ComputedLine[];
  minutes: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** The amount of so many minutes at an hourly rate, in cents, rounded half up to the cent. */
export const amountOf = (minutes: number, rateCents: number) => Math.round((minutes * rateCents) / 60);

/**
 * The invoice of approved hours at one hourly rate: one line per day, duty and planning (hours of one day and duty
 * summed, in date order, then by duty and planning), each line's amount rounded to the cent; the net is the sum of
 * the lines; the VAT (basis points) is rounded once, on the net.
 */
export function computeFreelancerInvoice(
  hours: readonly InvoiceableHours[],
  rateCents: number,
  vatRateBp: number,
): ComputedInvoice {
  const groups = new Map<string, InvoiceableHours>();
  for (const h of hours) {
    const key = JSON.stringify([h.date, h.duty, h.location]);
    const g = groups.get(key);
    if (g) g.minutes += h.minutes;
    else groups.set(key, { date: h.date, duty: h.duty, location: h.location, minutes: h.minutes });
  }
  const lines = [...groups.values()]
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.duty ?? '').localeCompare(b.duty ?? '') ||
        a.location.localeCompare(b.location),
    )
    .map((g) => ({ ...g, amountCents: amountOf(g.minutes, rateCents) }));
  const minutes = lines.reduce((s, l) => s + l.minutes, 0);
  const netCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const vatCents = Math.round((netCents * vatRateBp) / 10_000);
  return { lines, minutes, netCents, vatCents, totalCents: netCents + vatCents };
}

/** A freelancer's invoice number: the year of issue and their own running number, four digits at least. */
export const freelancerInvoiceNumber = (issuedOn: string, seq: number) =>
  `${issuedOn.slice(0, 4)}-${String(seq).padStart(4, '0')}`;

/** Company page (docs/product/company.md): owners and managers edit it (a limited manager too: it is no setting). */
export const mayEditCompanyPage = (m: Who) => memberHasRole(m, 'owner', 'manager');
