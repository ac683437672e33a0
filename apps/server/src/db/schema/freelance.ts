import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/** One line of a freelancer's invoice as it was issued: one day and one duty. */
export interface FreelancerInvoiceLineRow {
  date: string;
  duty: string | null;
  location: string;
  minutes: number;
  amountCents: number;
}

/**
 * A freelancer's invoice to the company for their own approved hours of a period (docs/product/freelance.md). The
 * hours it covers point at it (`hours.freelancer_invoice_id`) while it is not rejected: they cannot be invoiced
 * twice nor changed. Numbers run per freelancer without gaps (`{year}-{seq}`). Amounts are integer cents.
 */
export const freelancerInvoices = pgTable(
  'freelancer_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    seq: integer('seq').notNull(),
    issuedOn: date('issued_on').notNull(),
    /** The language the invoice is written in: the freelancer's when they issued it. */
    locale: text('locale').notNull().default('en'),
    periodFrom: date('period_from').notNull(),
    periodUntil: date('period_until').notNull(),
    /** The freelancer as they bill: name, address, VAT ID; the company as billed. */
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull().default(''),
    vatId: text('vat_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address').notNull().default(''),
    buyerVatNumber: text('buyer_vat_number'),
    rateCents: integer('rate_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    minutes: integer('minutes').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    lines: jsonb('lines').$type<FreelancerInvoiceLineRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** submitted, paid or rejected */
    status: text('status').notNull().default('submitted'),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => memberships.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('freelancer_invoices_number_key').on(t.membershipId, t.seq),
    index('freelancer_invoices_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * The company page (docs/product/company.md): what the company tells its staff. One row per account; its files
 * are uploads in the folder `company`.
 */
export const companyPages = pgTable('company_pages', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  addresses: text('addresses').notNull().default(''),
  contacts: text('contacts').notNull().default(''),
  rules: text('rules').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => memberships.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
