import type { ClientInvoiceLine, InvoiceParty } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { clients } from './clients';
import { memberships } from './users';

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * What a client's invoices are made with beside the client (docs/product/invoicing.md): the invoice address, the
 * country, the hourly price and the days to pay. Kept by the invoicing domain; a client without a row uses the
 * defaults.
 */
export const clientBilling = pgTable('client_billing', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  country: text('country'),
  hourlyRateCents: integer('hourly_rate_cents'),
  paymentDays: integer('payment_days').notNull().default(14),
});

/**
 * An invoice of the company to one of its clients (docs/product/invoicing.md): drafted from approved hours (linked by
 * `hours.client_invoice_id`, which locks them), edited while a draft, then issued: the number (without gaps per
 * account and year, from `client_invoice_counters` in the issuing transaction), the parties and the files are kept
 * as they were sent.
 */
export const clientInvoices = pgTable(
  'client_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** draft or issued */
    status: text('status').notNull().default('draft'),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodUntil: date('period_until', { mode: 'string' }).notNull(),
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    locale: text('locale').notNull().default('en'),
    lines: jsonb('lines').$type<ClientInvoiceLine[]>().notNull().default([]),
    netCents: integer('net_cents').notNull().default(0),
    vatCategory: text('vat_category').notNull().default('S'),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatCents: integer('vat_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    seller: jsonb('seller').$type<InvoiceParty & { registration: string | null }>(),
    buyer: jsonb('buyer').$type<InvoiceParty & { reference: string }>(),
    pdf: bytes('pdf'),
    xml: text('xml'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_invoices_account_idx').on(t.accountId, t.status),
    // One invoice per client and period: the drafting job runs twice and drafts once.
    uniqueIndex('client_invoices_client_period_key').on(t.clientId, t.periodFrom, t.periodUntil),
    uniqueIndex('client_invoices_number_key').on(t.accountId, t.year, t.sequence).where(sql`${t.sequence} is not null`),
  ],
);

/** The last number given per account and year; raised in the issuing transaction (its row lock orders issues). */
export const clientInvoiceCounters = pgTable(
  'client_invoice_counters',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.year] })],
);
