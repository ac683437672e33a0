import { date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { rosterItems } from './roster';
import { memberships } from './users';

/** A member's sickness: from a date, open until an end is set (docs/product/absence.md). */
export const sicknessRecords = pgTable(
  'sickness_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    notes: text('notes'),
    reportedBy: uuid('reported_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sickness_records_member_idx').on(t.membershipId, t.startDate),
    index('sickness_records_account_idx').on(t.accountId, t.startDate),
  ],
);

/** The roster items a record put the sick flag on, so ending or removing it takes the flag off them again. */
export const sicknessRecordItems = pgTable(
  'sickness_record_items',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => sicknessRecords.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rosterItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.itemId] }), index('sickness_record_items_item_idx').on(t.itemId)],
);
