import type { InvoiceLine, InvoiceParty, VatCategory } from '@app/contracts';
import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, sepaMandates } from './accounts';

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The subscription's invoices (docs/product/billing.md): one per account and billing period (the unique period
 * start makes the billing job idempotent), numbered without gaps per calendar year through `invoice_counters` in the
 * same transaction. What the customer was sent is kept as it was: the amounts, the parties, the PDF (Factur-X:
 * PDF/A-3 with the CII XML inside) and the XML.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 2027-000001: the year and the running number within it. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The language the PDF and the mail were written in (the account holder's). */
    locale: text('locale').notNull(),
    employees: integer('employees').notNull(),
    unitCents: integer('unit_cents').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    netCents: integer('net_cents').notNull(),
    vatCategory: text('vat_category').$type<VatCategory>().notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    seller: jsonb('seller').$type<InvoiceParty & { registration: string | null }>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    /** The mandate the amount is debited under (null: none on file when the invoice was made). */
    mandateId: uuid('mandate_id').references(() => sepaMandates.id, { onDelete: 'set null' }),
    mandateReference: text('mandate_reference'),
    creditorId: text('creditor_id'),
    /** The day the direct debit is collected (the pre-notification names it). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** When the debit went to the bank in a pain.008 file; null: still due. */
    debitExportedAt: timestamp('debit_exported_at', { withTimezone: true }),
    /**
     * The files are made right after the invoice's transaction (PDF rendering holds no database connection): null
     * until then; the next run of the job makes whatever a crash left out, then mails the invoice once.
     */
    pdf: bytes('pdf'),
    xml: text('xml'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_account_period_idx').on(t.accountId, t.periodStart),
    index('invoices_account_idx').on(t.accountId, t.issuedOn),
    uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence),
  ],
);

/**
 * The last invoice number given per calendar year. Raised in the invoice's own transaction (its row lock orders
 * concurrent jobs), so a rolled-back invoice gives its number back and the numbers stay without gaps. It belongs
 * to the seller, not to any company: no account_id, outside the tenant wall.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
