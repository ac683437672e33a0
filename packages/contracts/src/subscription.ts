import { z } from 'zod';
import { AccountStatus, PlanType } from './enums';
import { email, line, matching, name, text } from './inputs';

/**
 * The owner's subscription (docs/product/subscription.md): the plan, how it is billed, the invoice details, the SEPA
 * direct-debit mandate, licence and discount codes, cancelling, resuming and deleting the account. Money is euro
 * cents per active employee per billing period (30 days). Field errors are catalog keys the web words.
 */

export interface PlanDefinition {
  key: PlanType;
  /** List price per billable employee per 30 days in euro cents; null: negotiated, set on the account. */
  priceCents: number | null;
  /** Most active employees the plan allows; null: negotiated, set on the account. */
  maxEmployees: number | null;
  /** Whether an owner may choose it on the page (legacy stays with accounts that have it; custom is negotiated). */
  selectable: boolean;
}

/** The plans as data: one place for prices and maxima, read by the page, the plan limit and the billing. */
export const PLANS: Record<PlanType, PlanDefinition> = {
  fix: { key: 'fix', priceCents: 400, maxEmployees: 50, selectable: true },
  flex: { key: 'flex', priceCents: 500, maxEmployees: 250, selectable: true },
  legacy: { key: 'legacy', priceCents: 300, maxEmployees: 100, selectable: false },
  custom: { key: 'custom', priceCents: null, maxEmployees: null, selectable: false },
};

export const BILLING_MODES = ['advance', 'arrears'] as const;
export const BillingMode = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof BillingMode>;

/** The plans an owner may choose on the page. */
export const SelectablePlan = z.enum(['fix', 'flex']);

export const PlanRequest = z.object({ plan: SelectablePlan, billing: BillingMode });
export type PlanRequest = z.infer<typeof PlanRequest>;

export const INVOICE_ADDRESS_MAX_LENGTH = 500;
export const VAT_NUMBER_MAX_LENGTH = 20;
export const REGISTRATION_NUMBER_MAX_LENGTH = 40;

export const InvoiceDetailsRequest = z.object({
  invoiceAddress: text(INVOICE_ADDRESS_MAX_LENGTH).min(1),
  /** Checked per country by `vatNumberProblem` (packages/domain); empty: none (a company without one). */
  vatNumber: line(VAT_NUMBER_MAX_LENGTH),
  registrationNumber: line(REGISTRATION_NUMBER_MAX_LENGTH),
  /** Empty: invoices go to the account holder's address. */
  invoiceEmail: z.union([z.literal(''), email()]),
});
export type InvoiceDetailsRequest = z.infer<typeof InvoiceDetailsRequest>;

/** IBAN and BIC as typed (spaces allowed); checked with ibantools by `bankAccountProblems` (packages/domain). */
export const MandateRequest = z.object({
  holder: name(70),
  iban: matching(/^[A-Za-z0-9 ]{5,42}$/, 'subscriptionPage.errors.iban', { trim: true, max: 42 }),
  bic: matching(/^[A-Za-z0-9 ]{8,14}$/, 'subscriptionPage.errors.bic', { trim: true, max: 14 }),
  /** The owner agreed to the mandate text shown in their language. */
  agreed: z.literal(true),
});
export type MandateRequest = z.infer<typeof MandateRequest>;

export const CODE_MAX_LENGTH = 40;
export const CodeRequest = z.object({
  code: matching(/^[A-Za-z0-9-]{1,40}$/, 'subscriptionPage.errors.code', { trim: true, case: 'upper', max: 40 }),
});
export type CodeRequest = z.infer<typeof CodeRequest>;

export const DeleteAccountRequest = z.object({
  /** The company name typed again, as the last check before everything is gone. */
  companyName: name(200),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const MandateView = z.object({
  holder: z.string(),
  /** Only the country, check digits and the last four characters: "DE89 •••• •••• •••• ••30 00". */
  ibanMasked: z.string(),
  bic: z.string(),
  reference: z.string(),
  signedOn: z.string(),
});
export type MandateView = z.infer<typeof MandateView>;

export const SubscriptionResponse = z.object({
  companyName: z.string(),
  status: AccountStatus,
  trialEndsAt: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  plan: PlanType.nullable(),
  billing: BillingMode,
  /** The effective price per billable employee per period (the account's negotiated price, else the plan's). */
  priceCents: z.number().int().nullable(),
  /** The effective maximum of active employees (null: none). */
  maxEmployees: z.number().int().nullable(),
  /** Counted as the billing counts them (`countBillableEmployees`). */
  billableEmployees: z.number().int(),
  /** Estimated amount of the next period, discount applied, VAT not included. */
  estimateCents: z.number().int().nullable(),
  discount: z.object({ code: z.string(), percent: z.number().int() }).nullable(),
  licenseCode: z.string().nullable(),
  invoice: z.object({
    invoiceAddress: z.string(),
    vatNumber: z.string(),
    registrationNumber: z.string(),
    invoiceEmail: z.string(),
    country: z.string().nullable(),
  }),
  mandate: MandateView.nullable(),
  creditor: z.object({ name: z.string(), id: z.string() }),
  /** What subscribing still needs: a chosen plan, a mandate in force, the invoice details. */
  missing: z.array(z.enum(['plan', 'mandate', 'invoiceDetails'])),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const DeleteAccountResponse = z.object({ deleted: z.literal(true) });
