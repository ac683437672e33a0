import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/**
 * The answer of a create sent with an `Idempotency-Key` (platform/idempotency.ts), written in the create's own
 * transaction: a committed create always has its key, so the same key again answers this instead of creating twice.
 * A key is the member's own (another member's equal key is another row); kept a day, then pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** The path called (with its ids), so the key sent to another call is told apart. */
    route: text('route').notNull(),
    /** SHA-256 of the request's body and query, so the key sent with other content is told apart. */
    bodyHash: text('body_hash').notNull(),
    status: integer('status').notNull(),
    /** The answer's JSON as the route answered it. */
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.membershipId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_membership_idx').on(t.membershipId),
  ],
);
