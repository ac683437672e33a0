import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/**
 * One dated entry of a member's dossier: a talk, review, warning or note (docs/product/dossiers.md). Its files are
 * uploads pointing here (`uploads.dossier_entry_id`), so they changed no column of this one.
 */
export const dossierEntries = pgTable(
  'dossier_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    entryDate: date('entry_date').notNull(),
    text: text('text').notNull(),
    shared: boolean('shared').notNull().default(false),
    authorId: uuid('author_id').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dossier_entries_member_idx').on(t.accountId, t.membershipId, t.entryDate)],
);
