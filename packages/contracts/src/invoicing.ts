import { z } from 'zod';
import { InvoiceParty, VatCategory } from './billing';
import { InvoiceInterval } from './clients';
import { CalendarDate, dateRange, line, matching, text } from './inputs';

/**
 * The invoices a company sends its clients (docs/product/invoicing.md): drafted from approved billable hours per the
 * client's interval, reviewed and edited by a manager, issued with a number without gaps, sent as PDF and EN 16931
 * e-invoice to the client's invoice e-mail. Amounts are integer euro cents; quantities have up to two decimals.
 */

export const CLIENT_INVOICE_STATUSES = ['draft', 'issued'] as const;
export const ClientInvoiceStatus = z.enum(CLIENT_INVOICE_STATUSES);
export type ClientInvoiceStatus = z.infer<typeof ClientInvoiceStatus>;

/** hours, premium and travel come from approved hours; custom is a line the manager added. */
export const CLIENT_INVOICE_LINE_KINDS = ['hours', 'premium', 'travel', 'custom'] as const;
export const ClientInvoiceLineKind = z.enum(CLIENT_INVOICE_LINE_KINDS);

/** At most this many lines on one invoice; a quantity at most this much. */
export const CLIENT_INVOICE_LINES_MAX = 200;
export const CLIENT_INVOICE_QUANTITY_MAX = 100_000;
/** A period drafted by hand spans at most this many days. */
export const CLIENT_INVOICE_PERIOD_MAX_DAYS = 93;
/** Days a client has to pay, unless the client's invoicing settings say otherwise. */
export const CLIENT_INVOICE_PAYMENT_DAYS = 14;

const Cents = z.number().int().min(0).max(100_000_000);
const Quantity = z
  .number()
  .min(0)
  .max(CLIENT_INVOICE_QUANTITY_MAX)
  .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, { message: 'validation.twoDecimals' });

export const ClientInvoiceLine = z.object({
  id: z.string(),
  kind: ClientInvoiceLineKind,
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});
export type ClientInvoiceLine = z.infer<typeof ClientInvoiceLine>;

/** A line as the manager sends it: an existing line keeps its id (and kind); a new line has none. */
export const ClientInvoiceLineInput = z.object({
  id: line(64).optional(),
  description: line(300).min(1),
  quantity: Quantity,
  unitCents: Cents,
});
export type ClientInvoiceLineInput = z.infer<typeof ClientInvoiceLineInput>;

export const ClientInvoiceUpdate = z.object({
  lines: z.array(ClientInvoiceLineInput).max(CLIENT_INVOICE_LINES_MAX),
});
export type ClientInvoiceUpdate = z.infer<typeof ClientInvoiceUpdate>;

/** A draft by hand (a client with the manual interval, or a period the job did not cover). */
export const ClientInvoiceDraftRequest = dateRange(
  z.object({
    clientId: z.uuid(),
    from: CalendarDate,
    until: CalendarDate,
  }),
  CLIENT_INVOICE_PERIOD_MAX_DAYS,
);
export type ClientInvoiceDraftRequest = z.infer<typeof ClientInvoiceDraftRequest>;

export const ClientInvoiceIdParams = z.object({ id: z.uuid() });

export const ClientInvoicesQuery = z.object({
  clientId: z.uuid().optional(),
  status: ClientInvoiceStatus.optional(),
});
export type ClientInvoicesQuery = z.infer<typeof ClientInvoicesQuery>;

export const ClientInvoiceAbilities = z.object({
  edit: z.boolean(),
  issue: z.boolean(),
  remove: z.boolean(),
  download: z.boolean(),
  send: z.boolean(),
});

export const ClientInvoiceSummary = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  status: ClientInvoiceStatus,
  /** null until issued. */
  number: z.string().nullable(),
  issuedOn: z.string().nullable(),
  periodFrom: z.string(),
  periodUntil: z.string(),
  netCents: z.number().int(),
  totalCents: z.number().int(),
  /** When it was last mailed to the client; null: never. */
  sentAt: z.string().nullable(),
});
export type ClientInvoiceSummary = z.infer<typeof ClientInvoiceSummary>;

export const ClientInvoicesResponse = z.object({ invoices: z.array(ClientInvoiceSummary) });
export type ClientInvoicesResponse = z.infer<typeof ClientInvoicesResponse>;

export const ClientInvoiceDetail = ClientInvoiceSummary.extend({
  lines: z.array(ClientInvoiceLine),
  vatCategory: VatCategory,
  vatRateBp: z.number().int(),
  vatCents: z.number().int(),
  dueOn: z.string().nullable(),
  /** Where the mail goes: the client's invoice e-mail (null: none set, it cannot be sent). */
  sendTo: z.string().nullable(),
  /** How many lines of approved hours the invoice holds (locked while it does). */
  hoursCount: z.number().int(),
  seller: InvoiceParty.nullable(),
  buyer: InvoiceParty.nullable(),
  abilities: ClientInvoiceAbilities,
});
export type ClientInvoiceDetail = z.infer<typeof ClientInvoiceDetail>;

/** What a client's invoices are made with, beside the client itself (kept by the invoicing domain). */
export const ClientBilling = z.object({
  clientId: z.string(),
  interval: InvoiceInterval,
  address: z.string(),
  /** ISO 3166-1 alpha-2; null: the company's own country. */
  country: z.string().nullable(),
  /** The hourly price for the client's hours when neither the project nor the duty names one. */
  hourlyRateCents: z.number().int().nullable(),
  paymentDays: z.number().int(),
});
export type ClientBilling = z.infer<typeof ClientBilling>;

export const ClientBillingUpdate = z.object({
  address: text(500),
  country: matching(/^[A-Z]{2}$/).nullable(),
  hourlyRateCents: Cents.nullable(),
  paymentDays: z.number().int().min(0).max(120),
});
export type ClientBillingUpdate = z.infer<typeof ClientBillingUpdate>;

/** The drafting job's answer when run by hand (e2e controls) and its typed payload. */
export const ClientInvoiceRunResponse = z.object({ drafted: z.number().int() });
