import type { Locale } from '@app/contracts';
import { InvoiceService, type Invoice as UblInvoice } from '@e-invoice-eu/core';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatMailDate, LOCALE_TAGS } from '../../platform/mail/format';
import { ensureFonts } from '../reports/roster-print';
import { fillLabel, INVOICE_LABELS } from './labels';

/**
 * One invoice as a document, whoever sends it: the subscription's invoice to a company (billing) and a company's
 * invoice to its client (invoicing) both become this shape, and from it the printable PDF (pdfmake) and the EN 16931
 * e-invoice (@e-invoice-eu/core: the CII XML, and the PDF turned into Factur-X, PDF/A-3 with that XML inside). The
 * printed layout (`printedInvoicePdf`) is also the freelancers' invoice to the company, which needs no e-invoice.
 */

export interface DocumentParty {
  name: string;
  address: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  vatNumber: string | null;
  email: string | null;
  registration?: string | null;
}

export interface DocumentLine {
  description: string;
  /** A plain quantity (hours may have decimals); null: the line has no quantity (shown as the amount only). */
  quantity: number | null;
  /** UN/ECE rec. 20 unit: C62 (one), HUR (hour). */
  unitCode: 'C62' | 'HUR';
  unitCents: number;
  amountCents: number;
}

export interface InvoiceDocument {
  number: string;
  locale: Locale;
  issuedOn: string;
  dueOn: string;
  /** The billing period, both days included. */
  periodFrom: string;
  periodUntil: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  /** BT-10: what the buyer knows the invoice by (their customer number, else our id). */
  buyerReference: string;
  lines: DocumentLine[];
  /** Allowances on the whole document (a discount), as positive amounts with their description. */
  allowances: { description: string; amountCents: number }[];
  netCents: number;
  vatCategory: string;
  vatRateBp: number;
  vatCents: number;
  totalCents: number;
  /** The payment terms in words (printed below the totals and written to the e-invoice). */
  note: string;
  /** 59 SEPA direct debit under a mandate; 58 SEPA transfer to the seller's IBAN; 30 a transfer. */
  payment: { code: '59'; mandate: string; iban: string } | { code: '58'; iban: string } | { code: '30' };
}

export const formatMoney = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
const percent = (bp: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 2 }).format(bp / 100);
const quantityText = (q: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 2 }).format(q);
/** Cents as the e-invoice writes amounts: a plain decimal with two places. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * An invoice as printed, every text already worded and formatted by the caller: the one layout of the subscription's,
 * the clients' and the freelancers' invoices.
 */
export interface PrintedInvoice {
  title: string;
  seller: { name: string /** Address lines, e-mail, VAT number, each already worded. */; lines: string[] };
  /** The label above the buyer ("Customer", "Bill to"). */
  buyerLabel: string;
  buyer: { name: string; lines: string[] };
  /** Number, date, period: label and value, the first value in bold. */
  meta: [string, string][];
  /** Column heads: the description, then the right-aligned ones. */
  columns: [string, ...string[]];
  rows: string[][];
  /** Net, VAT, total: label and value; the last row in bold. */
  totals: [string, string][];
  /** Paragraphs below the totals (reverse charge, payment terms). */
  notes: string[];
  footer: string;
}

/** The printable layout (pdfmake, like the printed roster). */
export async function printedInvoicePdf(d: PrintedInvoice): Promise<Buffer> {
  ensureFonts();
  const last = d.totals.length - 1;
  const body: Content[] = [
    {
      columns: [
        { text: d.seller.name, style: 'seller' },
        { text: d.title, style: 'title', alignment: 'right' },
      ],
    },
    { text: d.seller.lines.join('\n'), style: 'small', margin: [0, 2, 0, 18] },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: d.buyerLabel, style: 'label' },
            { text: d.buyer.name, bold: true },
            ...d.buyer.lines.map((text) => ({ text })),
          ],
        },
        {
          width: 'auto',
          table: {
            body: d.meta.map(([label, value], i) => [
              { text: label, style: 'label' },
              { text: value, bold: i === 0 },
            ]),
          },
          layout: 'noBorders',
        },
      ],
      margin: [0, 0, 0, 24],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', ...d.columns.slice(1).map(() => 'auto' as const)],
        body: [
          d.columns.map((text, i) => ({ text, style: 'th', alignment: i === 0 ? 'left' : 'right' })),
          ...d.rows.map((row) =>
            row.map((text, i) => ({ text, alignment: i === 0 ? ('left' as const) : ('right' as const) })),
          ),
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
            body: d.totals.map(([label, value], i) => [
              { text: label, bold: i === last },
              { text: value, bold: i === last, alignment: 'right' },
            ]),
          },
          layout: 'lightHorizontalLines',
        },
      ],
    },
    ...d.notes.map((text) => ({ text, margin: [0, 16, 0, 0] }) as Content),
  ];
  const heading = `${d.title} ${d.meta[0]?.[1] ?? ''}`.trim();
  const definition: TDocumentDefinitions = {
    info: { title: heading, author: d.seller.name, subject: heading },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 72],
    content: body,
    footer: { text: d.footer, style: 'small', alignment: 'center', margin: [48, 24, 48, 0] },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: {
      seller: { fontSize: 14, bold: true },
      title: { fontSize: 20, bold: true },
      small: { fontSize: 8, color: '#555555' },
      label: { color: '#555555' },
      th: { bold: true },
    },
  };
  return pdfmake.createPdf(definition).getBuffer();
}

/** The printable invoice of a document, worded in its language. */
export function documentPdf(doc: InvoiceDocument): Promise<Buffer> {
  const { locale } = doc;
  const l = INVOICE_LABELS[locale];
  const date = (d: string) => formatMailDate(d, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return printedInvoicePdf({
    title: l.title,
    seller: { name: doc.seller.name, lines: [doc.seller.address, doc.seller.email ?? ''] },
    buyerLabel: l.customer,
    buyer: {
      name: doc.buyer.name,
      lines: [doc.buyer.address, ...(doc.buyer.vatNumber ? [`${l.vatNumber}: ${doc.buyer.vatNumber}`] : [])],
    },
    meta: [
      [l.number, doc.number],
      [l.date, date(doc.issuedOn)],
      [l.period, `${date(doc.periodFrom)} – ${date(doc.periodUntil)}`],
    ],
    columns: [l.description, l.quantity, l.unitPrice, l.amount],
    rows: [
      ...doc.lines.map((line) => [
        line.description,
        line.quantity === null ? '' : quantityText(line.quantity, locale),
        line.quantity === null ? '' : money(line.unitCents),
        money(line.amountCents),
      ]),
      ...doc.allowances.map((a) => [a.description, '', '', money(-a.amountCents)]),
    ],
    totals: [
      [l.net, money(doc.netCents)],
      [fillLabel(l.vat, { rate: percent(doc.vatRateBp, locale) }), money(doc.vatCents)],
      [l.total, money(doc.totalCents)],
    ],
    notes: [
      ...(doc.vatCategory === 'AE' ? [l.reverseCharge] : []),
      ...(doc.vatCategory === 'O' ? [l.outsideScope] : []),
      doc.note,
    ],
    footer: [
      doc.seller.name,
      doc.seller.vatNumber ? `${l.vatNumber} ${doc.seller.vatNumber}` : '',
      doc.seller.registration ? `${l.registration}: ${doc.seller.registration}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
  });
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
function documentUbl(doc: InvoiceDocument): UblInvoice {
  const exemption =
    doc.vatCategory === 'AE'
      ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE', 'cbc:TaxExemptionReason': 'Reverse charge' }
      : doc.vatCategory === 'O'
        ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-O', 'cbc:TaxExemptionReason': 'Not subject to VAT' }
        : {};
  const linesTotal = doc.lines.reduce((s, l) => s + l.amountCents, 0);
  const allowanceTotal = doc.allowances.reduce((s, a) => s + a.amountCents, 0);
  // The seller may name several tax schemes (a list), the buyer one.
  const party = (p: DocumentParty, seller: boolean, extra: object = {}) => {
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
  const payment = doc.payment;
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issuedOn,
      'cbc:DueDate': doc.dueOn,
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': doc.note,
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': doc.buyerReference,
      'cac:InvoicePeriod': { 'cbc:StartDate': doc.periodFrom, 'cbc:EndDate': doc.periodUntil },
      'cac:AccountingSupplierParty': {
        'cac:Party': party(doc.seller, true, {
          'cac:Contact': { 'cbc:ElectronicMail': doc.seller.email ?? undefined },
        }),
      },
      'cac:AccountingCustomerParty': { 'cac:Party': party(doc.buyer, false) },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.periodFrom },
      'cac:PaymentMeans': [
        payment.code === '59'
          ? {
              'cbc:PaymentMeansCode': '59',
              'cbc:PaymentID': doc.number,
              'cac:PaymentMandate': {
                'cbc:ID': payment.mandate,
                'cac:PayerFinancialAccount': { 'cbc:ID': payment.iban },
              },
            }
          : payment.code === '58'
            ? {
                'cbc:PaymentMeansCode': '58',
                'cbc:PaymentID': doc.number,
                'cac:PayeeFinancialAccount': { 'cbc:ID': payment.iban },
              }
            : { 'cbc:PaymentMeansCode': '30', 'cbc:PaymentID': doc.number },
      ],
      'cac:PaymentTerms': { 'cbc:Note': doc.note },
      ...(doc.allowances.length
        ? {
            'cac:AllowanceCharge': doc.allowances.map((a) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReasonCode': '95',
              'cbc:AllowanceChargeReason': 'Discount',
              'cbc:Amount': decimal(a.amountCents),
              'cbc:Amount@currencyID': 'EUR',
              'cac:TaxCategory': vat(doc.vatCategory, doc.vatRateBp),
            })),
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': decimal(doc.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': decimal(doc.netCents),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': decimal(doc.vatCents),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': { ...vat(doc.vatCategory, doc.vatRateBp), ...exemption },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': decimal(linesTotal),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': decimal(doc.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': decimal(doc.totalCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        ...(doc.allowances.length
          ? { 'cbc:AllowanceTotalAmount': decimal(allowanceTotal), 'cbc:AllowanceTotalAmount@currencyID': 'EUR' }
          : {}),
        'cbc:PayableAmount': decimal(doc.totalCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': doc.lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(l.quantity ?? 1),
        'cbc:InvoicedQuantity@unitCode': l.quantity === null ? 'C62' : l.unitCode,
        'cbc:LineExtensionAmount': decimal(l.amountCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': l.description.slice(0, 200) || '-',
          'cac:ClassifiedTaxCategory': vat(doc.vatCategory, doc.vatRateBp),
        },
        'cac:Price': {
          'cbc:PriceAmount': decimal(l.quantity === null ? l.amountCents : l.unitCents),
          'cbc:PriceAmount@currencyID': 'EUR',
        },
      })),
    },
  };
  return invoice as unknown as UblInvoice;
}

/** The CII XML (EN 16931) and the Factur-X PDF (the printable PDF with that XML inside, PDF/A-3). */
export async function documentEInvoice(doc: InvoiceDocument, pdf: Buffer): Promise<{ xml: string; pdf: Buffer }> {
  // The library reports through a logger and throws a bare "validation failed": keep what it said for the error.
  const said: string[] = [];
  const service = new InvoiceService({ log: () => undefined, warn: () => undefined, error: (m) => said.push(m) });
  const input = () => structuredClone(documentUbl(doc));
  try {
    const cii = (await service.generate(input(), { format: 'CII', lang: doc.locale, noWarnings: true })) as string;
    const facturX = await service.generate(input(), {
      format: 'Factur-X-EN16931',
      lang: doc.locale,
      noWarnings: true,
      pdf: { buffer: new Uint8Array(pdf), filename: `${doc.number}.pdf`, mimetype: 'application/pdf' },
    });
    return { xml: cii, pdf: Buffer.from(facturX as Uint8Array) };
  } catch (error) {
    throw new Error(`e-invoice ${doc.number}: ${(error as Error).message} ${said.join('; ')}`.slice(0, 2000));
  }
}
