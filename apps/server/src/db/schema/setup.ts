import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The setup wizard's draft of an account (docs/product/setup.md): the step the owner is on and the input of each
 * step so far, so a reload or another device resumes it. Removed when the setup is completed.
 */
export const setupDrafts = pgTable('setup_drafts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  step: text('step').notNull().default('welcome'),
  /** Each step's input by step name, as its contract (`@app/contracts` setup) reads it. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
