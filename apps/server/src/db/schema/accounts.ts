import type { AccountAgreements, AccountSettings } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  /** free, trial, active, expired, cancelled, deleted, license, demo: moved only by `transitionAccount` (domain). */
  status: text('status').notNull().default('trial'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** fix, flex, legacy, custom */
  plan: text('plan'),
  maxEmployees: integer('max_employees'),
  invoiceAddress: text('invoice_address'),
  vatNumber: text('vat_number'),
  registrationNumber: text('registration_number'),
  licenseCode: text('license_code'),
  discountCode: text('discount_code'),
  /** Membership that acts as data controller (DPA). */
  dataControllerId: uuid('data_controller_id'),
  industry: text('industry'),
  modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
  settings: jsonb('settings').$type<Partial<AccountSettings>>().notNull().default({}),
  /** Free-form configuration read by optional features (customer profile, help text). */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  /** The terms and the data-processing agreement accepted at sign-up: version, when, by whom. */
  agreements: jsonb('agreements').$type<AccountAgreements>().notNull().default({}),
  demo: boolean('demo').notNull().default(false),
  beta: boolean('beta').notNull().default(false),
  special: boolean('special').notNull().default(false),
  setupComplete: boolean('setup_complete').notNull().default(true),
  /** End of the trial, or of a demo account's life. */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** End of the paid period (active, cancelled) or of the licence (license; null: no end). */
  periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
  /** Price per active employee per billing period in euro cents; null: the plan's list price. */
  priceCents: integer('price_cents'),
  /** advance or arrears: a period is invoiced when it starts, or when it has ended. */
  billing: text('billing').notNull().default('advance'),
  /** Where invoices are mailed; null: the account holder's address. */
  invoiceEmail: text('invoice_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A SEPA direct-debit mandate the owner gave for the subscription. One is in force at a time (revokedAt null); a
 * changed bank account revokes the old one, so the debits already exported keep the mandate they were made under.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    holder: text('holder').notNull(),
    /** Electronic format, no spaces, upper case. */
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    /** The mandate reference the bank sees on every debit; unique per creditor. */
    reference: text('reference').notNull().unique(),
    /** The day the holder signed (agreed to) the mandate: ISO date. */
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    /** Whether a debit under it was already sent: the first is FRST, the rest RCUR. */
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sepa_mandates_account_idx').on(t.accountId)],
);
