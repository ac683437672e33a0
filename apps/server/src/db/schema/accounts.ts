import type { AccountSettings } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  companyName: text('company_name'),
  /** free, trial, active, expired, cancelled, deleted, license */
  status: text('status').notNull().default('trial'),
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
  agreements: jsonb('agreements').$type<{ dpa?: string | null }>().notNull().default({}),
  demo: boolean('demo').notNull().default(false),
  beta: boolean('beta').notNull().default(false),
  special: boolean('special').notNull().default(false),
  setupComplete: boolean('setup_complete').notNull().default(true),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
