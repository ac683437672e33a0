import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A vehicle or a piece of equipment the company plans with (docs/product/resources.md): a roster item may carry one,
 * and one resource on two overlapping items is a conflict like a person's.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** vehicle or equipment */
    kind: text('kind').notNull().default('vehicle'),
    /** The type in the company's words (van, bus, forklift, ...). */
    type: text('type'),
    /** Seats of a vehicle, units of equipment; null when it does not matter. */
    capacity: integer('capacity'),
    /** A licence plate or serial number. */
    identifier: text('identifier'),
    notes: text('notes'),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resources_account_idx').on(t.accountId)],
);
