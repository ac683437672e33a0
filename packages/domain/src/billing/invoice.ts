import {
  type AccountStatus,
  BILLING_PERIOD_DAYS,
  EU_VAT_RATES_BP,
  type InvoiceLine,
  type VatCategory,
} from '@app/contracts';

/**
 * The pure rules of the subscription's invoices (docs/product/billing.md): which VAT applies, the amounts in whole
 * cents, the invoice number, and which period the billing job invoices next.
 */

export interface VatRule {
  category: VatCategory;
  rateBp: number;
}

export const isEuCountry = (country: string): boolean => country.toUpperCase() in EU_VAT_RATES_BP;

/**
 * The VAT of an invoice: at home the seller's rate; an EU business with a VAT number in another member state pays
 * none (reverse charge, the buyer accounts for it); an EU customer abroad without a VAT number pays the rate of their
 * own country (electronic services are taxed where the customer is); outside the EU there is no EU VAT.
 */
export function vatFor(input: { sellerCountry: string; buyerCountry: string; buyerVatNumber: string | null }): VatRule {
  const seller = input.sellerCountry.toUpperCase();
  const buyer = input.buyerCountry.toUpperCase();
  if (buyer === seller) return { category: 'S', rateBp: EU_VAT_RATES_BP[seller] ?? 0 };
  if (!isEuCountry(buyer)) return { category: 'O', rateBp: 0 };
  if (input.buyerVatNumber?.trim()) return { category: 'AE', rateBp: 0 };
  return { category: 'S', rateBp: EU_VAT_RATES_BP[buyer] };
}

/** `value × parts / 10 000`, rounded half up, for values at or above zero (cents × basis points). */
const ofBasisPoints = (value: number, bp: number) => Math.floor((value * bp + 5000) / 10000);

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * The lines and totals: employees × price, a discount in percent of that (rounded half up to the cent), the net
 * sum, VAT on the net sum (rounded half up, once per invoice) and the total. Everything in integer cents.
 */
export function invoiceAmounts(input: {
  employees: number;
  unitCents: number;
  discountPercent?: number;
  vat: VatRule;
}): InvoiceAmounts {
  const employeesCents = input.employees * input.unitCents;
  const lines: InvoiceLine[] = [
    { kind: 'employees', quantity: input.employees, unitCents: input.unitCents, amountCents: employeesCents },
  ];
  const percent = Math.min(100, Math.max(0, input.discountPercent ?? 0));
  if (percent > 0) {
    const discount = ofBasisPoints(employeesCents, Math.round(percent * 100));
    lines.push({ kind: 'discount', percent, amountCents: -discount });
  }
  const netCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const vatCents = ofBasisPoints(netCents, input.vat.rateBp);
  return { lines, netCents, vatCents, totalCents: netCents + vatCents };
}

/** Invoice numbers run without gaps per calendar year: 2027-000001, 2027-000002, … */
export const invoiceNumber = (year: number, sequence: number): string => `${year}-${String(sequence).padStart(6, '0')}`;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BillingPeriod {
  from: Date;
  until: Date;
}

/** The paid period that ends at `endsAt` (each one is BILLING_PERIOD_DAYS long). */
export const periodEndingAt = (endsAt: Date): BillingPeriod => ({
  from: new Date(endsAt.getTime() - BILLING_PERIOD_DAYS * DAY_MS),
  until: endsAt,
});

/**
 * What the billing job does next for an account: invoice the period running now (billed in advance: the period is
 * invoiced as it starts), invoice the period that just ended (billed afterwards), renew first (in advance: the
 * next period starts, then it is invoiced), or nothing. Invoicing a period twice is prevented by the store (one
 * invoice per account and period start), so `invoiceCurrent` may be answered again and again.
 */
export type BillingStep =
  | { kind: 'none' }
  | { kind: 'invoice'; period: BillingPeriod; thenRenew: boolean }
  | { kind: 'renew' };

export function billingStep(
  account: { status: AccountStatus; billing: string; periodEndsAt: Date | null },
  now: Date,
): BillingStep {
  const end = account.periodEndsAt;
  if (!end || (account.status !== 'active' && account.status !== 'cancelled')) return { kind: 'none' };
  const ended = end <= now;
  if (account.billing === 'arrears') {
    if (!ended) return { kind: 'none' };
    return { kind: 'invoice', period: periodEndingAt(end), thenRenew: account.status === 'active' };
  }
  if (!ended) return { kind: 'invoice', period: periodEndingAt(end), thenRenew: false };
  return account.status === 'active' ? { kind: 'renew' } : { kind: 'none' };
}
