import { z } from 'zod';
import { CalendarDate, dateRange, line, text } from './inputs';

/**
 * Freelancer invoices (docs/product/freelance.md): a freelancer turns their own approved hours of a period into an
 * invoice to the company; the company's owners, managers and accountants see it, mark it paid or reject it. Hours
 * on an invoice that is not rejected are locked (ERR_HOURS_INVOICED).
 */

export const FREELANCER_INVOICE_STATUSES = ['submitted', 'paid', 'rejected'] as const;
export const FreelancerInvoiceStatus = z.enum(FREELANCER_INVOICE_STATUSES);
export type FreelancerInvoiceStatus = z.infer<typeof FreelancerInvoiceStatus>;

/** One invoice covers at most this many days. */
export const FREELANCER_INVOICE_MAX_DAYS = 92;
/** The highest hourly rate a freelancer may charge, in cents. */
export const FREELANCER_RATE_MAX_CENTS = 100_000;

export const FreelancerPeriodQuery = dateRange(
  z.object({ from: CalendarDate, until: CalendarDate }),
  FREELANCER_INVOICE_MAX_DAYS,
);
export type FreelancerPeriodQuery = z.infer<typeof FreelancerPeriodQuery>;

/** One line of an invoice: the hours of one day and one duty. */
export const FreelancerInvoiceLine = z.object({
  date: z.string(),
  duty: z.string().nullable(),
  location: z.string(),
  minutes: z.number().int(),
  amountCents: z.number().int(),
});
export type FreelancerInvoiceLine = z.infer<typeof FreelancerInvoiceLine>;

/** An approved line of hours the freelancer may still invoice. */
export const BillableHours = z.object({
  id: z.string(),
  date: z.string(),
  duty: z.string().nullable(),
  location: z.string(),
  minutes: z.number().int(),
});
export type BillableHours = z.infer<typeof BillableHours>;

export const BillableHoursResponse = z.object({
  hours: z.array(BillableHours),
  /** What the freelancer's profile holds, to start the form with. */
  vatId: z.string().nullable(),
  rateCents: z.number().int().nullable(),
});
export type BillableHoursResponse = z.infer<typeof BillableHoursResponse>;

export const FreelancerInvoiceCreate = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    /** The approved hours to invoice (as the billable list answered them). */
    hours: z.array(z.uuid()).min(1, 'freelance.errors.noHours').max(500),
    vatId: line(40).min(1, 'validation.required'),
    rateCents: z.number().int().min(1).max(FREELANCER_RATE_MAX_CENTS),
    /** VAT charged, in basis points (1900 = 19 %); 0 for small businesses and reverse charge. */
    vatRateBp: z.number().int().min(0).max(10_000).default(0),
  }),
  FREELANCER_INVOICE_MAX_DAYS,
);
export type FreelancerInvoiceCreate = z.infer<typeof FreelancerInvoiceCreate>;

export const FreelancerInvoice = z.object({
  id: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  from: z.string(),
  until: z.string(),
  freelancer: z.object({ id: z.string(), name: z.string() }),
  vatId: z.string(),
  rateCents: z.number().int(),
  vatRateBp: z.number().int(),
  minutes: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  status: FreelancerInvoiceStatus,
  rejectReason: z.string().nullable(),
  lines: z.array(FreelancerInvoiceLine),
  /** What the reader may do with it now. */
  can: z.object({ pay: z.boolean(), reject: z.boolean() }),
});
export type FreelancerInvoice = z.infer<typeof FreelancerInvoice>;

export const FreelancerInvoicesResponse = z.object({
  invoices: z.array(FreelancerInvoice),
  /** The reader invoices their own hours (a freelancer); otherwise they review the company's. */
  own: z.boolean(),
});
export type FreelancerInvoicesResponse = z.infer<typeof FreelancerInvoicesResponse>;

export const FreelancerInvoiceParams = z.object({ id: z.uuid() });

export const FreelancerInvoiceReject = z.object({ reason: text(500).min(1, 'validation.required') });
export type FreelancerInvoiceReject = z.infer<typeof FreelancerInvoiceReject>;
