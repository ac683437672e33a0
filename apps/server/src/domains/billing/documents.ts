import type { Locale } from '@app/contracts';
import type { invoices } from '../../db/schema';
import { formatMailDate } from '../../platform/mail/format';
import { documentEInvoice, documentPdf, formatMoney, type InvoiceDocument } from './invoice-document';
import { fillLabel, INVOICE_LABELS, type InvoiceLabels } from './labels';

/**
 * An invoice's files (docs/product/billing.md): the PDF a person reads (pdfmake, like the printed roster) and the
 * EN 16931 e-invoice made from the same row by @e-invoice-eu/core: the CII XML on its own, and the PDF turned into
 * Factur-X (PDF/A-3 with that XML inside), which German businesses must be able to receive. The row becomes the
 * shared invoice document (`invoice-document.ts`), which the clients' invoices use as well.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/** The last day of the period, included: the period runs up to (not including) its end instant. */
export const periodDates = (row: Pick<InvoiceRow, 'periodStart' | 'periodEnd'>, timeZone: string) => {
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return { from: day(row.periodStart), until: day(new Date(row.periodEnd.getTime() - 1)) };
};

/** An IBAN as the pre-notification shows it: the country and check digits and the last four characters. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/** The text of the direct debit's pre-notification (or how to pay without a mandate), in the invoice's language. */
export function paymentNote(
  row: InvoiceRow,
  debit: { iban: string } | null,
  labels: InvoiceLabels = INVOICE_LABELS[row.locale as Locale],
): string {
  const locale = row.locale as Locale;
  const params = {
    amount: formatMoney(row.totalCents, locale),
    date: formatMailDate(row.dueOn, locale),
    iban: debit ? maskIban(debit.iban) : '',
    mandate: row.mandateReference ?? '',
    creditor: row.creditorId ?? '',
  };
  return fillLabel(row.mandateReference && debit ? labels.preNotification : labels.noMandate, params);
}

/** The subscription's invoice row as the shared invoice document. */
export function documentOf(
  row: InvoiceRow,
  note: string,
  timeZone: string,
  debit: { iban: string } | null,
): InvoiceDocument {
  const locale = row.locale as Locale;
  const l = INVOICE_LABELS[locale];
  const { from, until } = periodDates(row, timeZone);
  const date = (d: string) => formatMailDate(d, locale);
  return {
    number: row.number,
    locale,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    periodFrom: from,
    periodUntil: until,
    seller: row.seller,
    buyer: row.buyer,
    buyerReference: row.accountId,
    lines: row.lines
      .filter((line) => line.kind === 'employees')
      .map((line) => ({
        description: fillLabel(l.employeesLine, { from: date(from), until: date(until) }),
        quantity: line.kind === 'employees' ? line.quantity : null,
        unitCode: 'C62' as const,
        unitCents: line.kind === 'employees' ? line.unitCents : line.amountCents,
        amountCents: line.amountCents,
      })),
    allowances: row.lines
      .filter((line) => line.kind === 'discount')
      .map((line) => ({
        description: fillLabel(l.discountLine, { percent: String(line.kind === 'discount' ? line.percent : 0) }),
        amountCents: -line.amountCents,
      })),
    netCents: row.netCents,
    vatCategory: row.vatCategory,
    vatRateBp: row.vatRateBp,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    note,
    payment:
      debit && row.mandateReference ? { code: '59', mandate: row.mandateReference, iban: debit.iban } : { code: '30' },
  };
}

/** The printable invoice. */
export async function invoicePdf(row: InvoiceRow, note: string, timeZone: string): Promise<Buffer> {
  return documentPdf(documentOf(row, note, timeZone, null));
}

/** The CII XML (EN 16931) and the Factur-X PDF (the printable PDF with that XML inside, PDF/A-3). */
export async function eInvoice(
  row: InvoiceRow,
  pdf: Buffer,
  note: string,
  timeZone: string,
  debit: { iban: string } | null,
): Promise<{ xml: string; pdf: Buffer }> {
  return documentEInvoice(documentOf(row, note, timeZone, debit), pdf);
}
