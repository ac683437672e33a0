import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { rosterItems } from './roster';
import { memberships } from './users';

/**
 * An employee's offer of one of their duties (docs/product/swaps.md): given to whoever may work it (`give`), or
 * swapped for a colleague's duty (`swap`, with `wantedItemId` and `toMembershipId`). One offer waits per duty at a
 * time. A deleted duty takes its offers with it; a changed one withdraws them.
 */
export const swapOffers = pgTable(
  'swap_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** give or swap */
    kind: text('kind').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rosterItems.id, { onDelete: 'cascade' }),
    offeredBy: uuid('offered_by')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    wantedItemId: uuid('wanted_item_id').references(() => rosterItems.id, { onDelete: 'cascade' }),
    /** A swap: the colleague asked (the wanted duty's holder). */
    toMembershipId: uuid('to_membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    /** open, pending, approved, denied, declined, withdrawn (expired is read, never stored). */
    status: text('status').notNull().default('open'),
    /** Who accepted. */
    takenBy: uuid('taken_by').references(() => memberships.id, { onDelete: 'set null' }),
    /** The rules the acceptance breaks (why it waits for a planner). */
    breaks: text('breaks').array().notNull().default(sql`'{}'::text[]`),
    /** Colleagues who declined a gift: it no longer shows to them. */
    declinedBy: uuid('declined_by').array().notNull().default(sql`'{}'::uuid[]`),
    /** The planner's message with the decision. */
    message: text('message'),
    decidedBy: uuid('decided_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting offer per duty: two offers at once cannot both be written.
    uniqueIndex('swap_offers_waiting_item_key').on(t.itemId).where(sql`${t.status} in ('open', 'pending')`),
    index('swap_offers_account_status_idx').on(t.accountId, t.status),
    index('swap_offers_wanted_item_idx').on(t.wantedItemId),
  ],
);
