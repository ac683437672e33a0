import { z } from 'zod';

/**
 * Invoices of the subscription (docs/product/billing.md): one per account and billing period, numbered without gaps
 * per calendar year, as PDF and as an EN 16931 e-invoice. Amounts are integer euro cents; VAT rates basis points.
 */

/** S: standard rate; AE: reverse charge (EU business abroad); O: outside the scope of EU VAT. */
export const VAT_CATEGORIES = ['S', 'AE', 'O'] as const;
export const VatCategory = z.enum(VAT_CATEGORIES);
export type VatCategory = z.infer<typeof VatCategory>;

export const InvoiceLine = z.discriminatedUnion('kind', [
  /** Active employees × the price per employee for the period. */
  z.object({
    kind: z.literal('employees'),
    quantity: z.number().int(),
    unitCents: z.number().int(),
    amountCents: z.number().int(),
  }),
  /** A discount in percent of the employees' line (an amount below zero). */
  z.object({ kind: z.literal('discount'), percent: z.number(), amountCents: z.number().int() }),
]);
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceParty = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof InvoiceParty>;

export const InvoiceSummary = z.object({
  id: z.string(),
  number: z.string(),
  /** ISO date the invoice was issued. */
  issuedOn: z.string(),
  /** The billing period, as ISO dates (the last day included). */
  periodFrom: z.string(),
  periodUntil: z.string(),
  employees: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.literal('EUR'),
  /** Whether the direct debit was handed to the bank (the SEPA export). */
  debitExported: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceListResponse = z.object({ invoices: z.array(InvoiceSummary) });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

export const InvoiceDetail = InvoiceSummary.extend({
  lines: z.array(InvoiceLine),
  vatCategory: VatCategory,
  vatRateBp: z.number().int(),
  seller: InvoiceParty.extend({ registration: z.string().nullable() }),
  buyer: InvoiceParty,
  /** The direct debit: the pre-notification tells the amount, the day and the mandate. Null: no mandate on file. */
  debit: z
    .object({
      mandateReference: z.string(),
      creditorId: z.string(),
      /** The account's IBAN with all but the last four characters hidden. */
      ibanMasked: z.string(),
      /** The day the amount is collected (ISO date). */
      dueOn: z.string(),
    })
    .nullable(),
  /** The signed public link to the PDF (`/i/{id}/{hash}`), for the account's bookkeeping. */
  shareUrl: z.string(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;
