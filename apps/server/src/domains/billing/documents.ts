import type { Locale } from '@app/contracts';
import { InvoiceService, type Invoice as UblInvoice } from '@e-invoice-eu/core';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { invoices } from '../../db/schema';
import { formatMailDate, LOCALE_TAGS } from '../../platform/mail/format';
import { ensureFonts } from '../reports/roster-print';
import { fillLabel, INVOICE_LABELS, type InvoiceLabels } from './labels';

/**
 * An invoice's files (docs/product/billing.md): the PDF a person reads (pdfmake, like the printed roster) and the
 * EN 16931 e-invoice made from the same row by @e-invoice-eu/core: the CII XML on its own, and the PDF turned into
 * Factur-X (PDF/A-3 with that XML inside), which German businesses must be able to receive.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
const percent = (bp: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 2 }).format(bp / 100);
/** Cents as the e-invoice writes amounts: a plain decimal with two places. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

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
    amount: money(row.totalCents, locale),
    date: formatMailDate(row.dueOn, locale),
    iban: debit ? maskIban(debit.iban) : '',
    mandate: row.mandateReference ?? '',
    creditor: row.creditorId ?? '',
  };
  return fillLabel(row.mandateReference && debit ? labels.preNotification : labels.noMandate, params);
}

/** The printable invoice. */
export async function invoicePdf(row: InvoiceRow, note: string, timeZone: string): Promise<Buffer> {
  ensureFonts();
  const locale = row.locale as Locale;
  const l = INVOICE_LABELS[locale];
  const { from, until } = periodDates(row, timeZone);
  const date = (d: string) => formatMailDate(d, locale);
  const lineText = (line: InvoiceRow['lines'][number]) =>
    line.kind === 'employees'
      ? fillLabel(l.employeesLine, { from: date(from), until: date(until) })
      : fillLabel(l.discountLine, { percent: String(line.percent) });
  const body: Content[] = [
    {
      columns: [
        { text: row.seller.name, style: 'seller' },
        { text: l.title, style: 'title', alignment: 'right' },
      ],
    },
    { text: `${row.seller.address}\n${row.seller.email ?? ''}`, style: 'small', margin: [0, 2, 0, 18] },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: l.customer, style: 'label' },
            { text: row.buyer.name, bold: true },
            { text: row.buyer.address },
            ...(row.buyer.vatNumber ? [{ text: `${l.vatNumber}: ${row.buyer.vatNumber}` }] : []),
          ],
        },
        {
          width: 'auto',
          table: {
            body: [
              [
                { text: l.number, style: 'label' },
                { text: row.number, bold: true },
              ],
              [{ text: l.date, style: 'label' }, date(row.issuedOn)],
              [{ text: l.period, style: 'label' }, `${date(from)} – ${date(until)}`],
            ],
          },
          layout: 'noBorders',
        },
      ],
      margin: [0, 0, 0, 24],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [l.description, l.quantity, l.unitPrice, l.amount].map((text, i) => ({
            text,
            style: 'th',
            alignment: i === 0 ? 'left' : 'right',
          })),
          ...row.lines.map((line) => [
            lineText(line),
            { text: line.kind === 'employees' ? String(line.quantity) : '', alignment: 'right' as const },
            {
              text: line.kind === 'employees' ? money(line.unitCents, locale) : '',
              alignment: 'right' as const,
            },
            { text: money(line.amountCents, locale), alignment: 'right' as const },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      margin: [0, 12, 0, 0],
      columns: [
        { width: '*', text: '' },
        {
          width: 'auto',
          table: {
            body: [
              [l.net, { text: money(row.netCents, locale), alignment: 'right' }],
              [
                fillLabel(l.vat, { rate: percent(row.vatRateBp, locale) }),
                { text: money(row.vatCents, locale), alignment: 'right' },
              ],
              [
                { text: l.total, bold: true },
                { text: money(row.totalCents, locale), bold: true, alignment: 'right' },
              ],
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ],
    },
    ...(row.vatCategory === 'AE' ? [{ text: l.reverseCharge, margin: [0, 16, 0, 0] } as Content] : []),
    ...(row.vatCategory === 'O' ? [{ text: l.outsideScope, margin: [0, 16, 0, 0] } as Content] : []),
    { text: note, margin: [0, 16, 0, 0] },
  ];
  const doc: TDocumentDefinitions = {
    info: { title: `${l.title} ${row.number}`, author: row.seller.name, subject: `${l.title} ${row.number}` },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 72],
    content: body,
    footer: {
      text: [
        row.seller.name,
        row.seller.vatNumber ? `${l.vatNumber} ${row.seller.vatNumber}` : '',
        row.seller.registration ? `${l.registration}: ${row.seller.registration}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      style: 'small',
      alignment: 'center',
      margin: [48, 24, 48, 0],
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: {
      seller: { fontSize: 14, bold: true },
      title: { fontSize: 20, bold: true },
      small: { fontSize: 8, color: '#555555' },
      label: { color: '#555555' },
      th: { bold: true },
    },
  };
  return pdfmake.createPdf(doc).getBuffer();
}

const vat = (category: string, rateBp: number) => ({
  'cbc:ID': category,
  'cbc:Percent': decimal(rateBp),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' as const },
});

/** Splits a free-text address into the lines EN 16931 has: street, post code and city (best effort). */
function postalAddress(address: string, country: string) {
  const lines = address
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const last = lines.length > 1 ? lines[lines.length - 1] : '';
  const m = /^(\S*\d\S*)\s+(.+)$/.exec(last);
  return {
    ...(lines[0] ? { 'cbc:StreetName': lines[0] } : {}),
    ...(m ? { 'cbc:CityName': m[2], 'cbc:PostalZone': m[1] } : last ? { 'cbc:CityName': last } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country },
  };
}

/** The invoice in the library's UBL-shaped input (EN 16931 business terms). */
export function ublInvoice(row: InvoiceRow, note: string, timeZone: string, debit: { iban: string } | null) {
  const { from, until } = periodDates(row, timeZone);
  const exemption =
    row.vatCategory === 'AE'
      ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE', 'cbc:TaxExemptionReason': 'Reverse charge' }
      : row.vatCategory === 'O'
        ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-O', 'cbc:TaxExemptionReason': 'Not subject to VAT' }
        : {};
  const lines = row.lines.filter((l) => l.kind === 'employees');
  const allowances = row.lines.filter((l) => l.kind === 'discount');
  const linesTotal = lines.reduce((s, l) => s + l.amountCents, 0);
  const allowanceTotal = -allowances.reduce((s, l) => s + l.amountCents, 0);
  // The seller may name several tax schemes (a list), the buyer one.
  const party = (p: InvoiceRow['buyer'], seller: boolean, extra: object = {}) => {
    const scheme = p.vatNumber ? { 'cbc:CompanyID': p.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } : null;
    return {
      'cbc:EndpointID': p.email ?? 'invoice@invalid.test',
      'cbc:EndpointID@schemeID': 'EM',
      'cac:PostalAddress': postalAddress(p.address, p.country),
      ...(scheme ? { 'cac:PartyTaxScheme': seller ? [scheme] : scheme } : {}),
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name },
      ...extra,
    };
  };
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': row.number,
      'cbc:IssueDate': row.issuedOn,
      'cbc:DueDate': row.dueOn,
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': note,
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': row.accountId,
      'cac:InvoicePeriod': { 'cbc:StartDate': from, 'cbc:EndDate': until },
      'cac:AccountingSupplierParty': {
        'cac:Party': party(row.seller, true, {
          'cac:Contact': { 'cbc:ElectronicMail': row.seller.email ?? undefined },
        }),
      },
      'cac:AccountingCustomerParty': { 'cac:Party': party(row.buyer, false) },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': from },
      'cac:PaymentMeans': [
        debit && row.mandateReference
          ? {
              'cbc:PaymentMeansCode': '59',
              'cbc:PaymentID': row.number,
              'cac:PaymentMandate': {
                'cbc:ID': row.mandateReference,
                'cac:PayerFinancialAccount': { 'cbc:ID': debit.iban },
              },
            }
          : { 'cbc:PaymentMeansCode': '30', 'cbc:PaymentID': row.number },
      ],
      'cac:PaymentTerms': { 'cbc:Note': note },
      ...(allowances.length
        ? {
            'cac:AllowanceCharge': allowances.map((a) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReasonCode': '95',
              'cbc:AllowanceChargeReason': 'Discount',
              'cbc:Amount': decimal(-a.amountCents),
              'cbc:Amount@currencyID': 'EUR',
              'cac:TaxCategory': vat(row.vatCategory, row.vatRateBp),
            })),
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': decimal(row.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': decimal(row.netCents),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': decimal(row.vatCents),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': { ...vat(row.vatCategory, row.vatRateBp), ...exemption },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': decimal(linesTotal),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': decimal(row.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': decimal(row.totalCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        ...(allowances.length
          ? { 'cbc:AllowanceTotalAmount': decimal(allowanceTotal), 'cbc:AllowanceTotalAmount@currencyID': 'EUR' }
          : {}),
        'cbc:PayableAmount': decimal(row.totalCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(l.kind === 'employees' ? l.quantity : 1),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': decimal(l.amountCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': 'Subscription: active employees',
          'cac:ClassifiedTaxCategory': vat(row.vatCategory, row.vatRateBp),
        },
        'cac:Price': {
          'cbc:PriceAmount': decimal(l.kind === 'employees' ? l.unitCents : l.amountCents),
          'cbc:PriceAmount@currencyID': 'EUR',
        },
      })),
    },
  };
  return invoice as unknown as UblInvoice;
}

/** The CII XML (EN 16931) and the Factur-X PDF (the printable PDF with that XML inside, PDF/A-3). */
export async function eInvoice(
  row: InvoiceRow,
  pdf: Buffer,
  note: string,
  timeZone: string,
  debit: { iban: string } | null,
): Promise<{ xml: string; pdf: Buffer }> {
  // The library reports through a logger and throws a bare "validation failed": keep what it said for the error.
  const said: string[] = [];
  const service = new InvoiceService({ log: () => undefined, warn: () => undefined, error: (m) => said.push(m) });
  const input = () => structuredClone(ublInvoice(row, note, timeZone, debit));
  try {
    const cii = (await service.generate(input(), { format: 'CII', lang: row.locale, noWarnings: true })) as string;
    const facturX = await service.generate(input(), {
      format: 'Factur-X-EN16931',
      lang: row.locale,
      noWarnings: true,
      pdf: { buffer: new Uint8Array(pdf), filename: `${row.number}.pdf`, mimetype: 'application/pdf' },
    });
    return { xml: cii, pdf: Buffer.from(facturX as Uint8Array) };
  } catch (error) {
    throw new Error(`e-invoice ${row.number}: ${(error as Error).message} ${said.join('; ')}`.slice(0, 2000));
  }
}
