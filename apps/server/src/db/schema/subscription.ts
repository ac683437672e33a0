import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Licence codes an operator hands out (docs/product/subscription.md): each names a plan and a maximum of employees,
 * may end (or not), may be redeemed until a date, and is redeemed once. Operator data, not a company's: no foreign
 * key to `accounts` (a redeemed code stays used after the account is deleted), so row-level security leaves it global
 * like `users` (db/rls.ts).
 */
export const licenseCodes = pgTable('license_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Upper case letters, digits and dashes. */
  code: text('code').notNull().unique(),
  /** fix, flex, legacy, custom */
  plan: text('plan').notNull(),
  maxEmployees: integer('max_employees').notNull(),
  /** When the licence ends once redeemed; null: a licence without end. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** Until when the code may be redeemed; null: any time. */
  redeemableUntil: timestamp('redeemable_until', { withTimezone: true }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  /** The account that redeemed it (no foreign key: see above). */
  redeemedBy: uuid('redeemed_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Discount codes: a percentage off every period's price, valid until a date, for a number of accounts. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    percent: integer('percent').notNull(),
    /** Until when the code may be entered; null: any time. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** How many accounts may enter it; null: any number. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discount_codes_percent', sql`${t.percent} between 1 and 100`)],
);
