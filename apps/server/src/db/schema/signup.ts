import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Demo companies started, by address, so one address starts at most DEMO_STARTS_PER_DAY a day on every instance.
 * A row goes with its demo account.
 */
export const demoStarts = pgTable(
  'demo_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('demo_starts_ip_idx').on(t.ip, t.at)],
);
