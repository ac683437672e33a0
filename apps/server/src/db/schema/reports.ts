import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Saved reports (accountants, registered hours) and lists (planners, planned items): a name, labels, the filters,
 * the download fields and the grouping (docs/product/reports.md, "Reports and downloads"). Shared by
 * the account's members who may use that kind; `createdBy` remembers who saved it.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** report or list */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    labels: text('labels').array().notNull().default([]),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    fields: text('fields').array().notNull().default([]),
    /** employee, client or planning */
    grouping: text('grouping').notNull().default('employee'),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_reports_account_kind_idx').on(t.accountId, t.kind, t.name)],
);

/**
 * Big downloads made by the `reports.export` job: the request, progress, and the file once done. Only the member
 * who asked fetches it; files older than a day are removed by the job's pruning.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    locale: text('locale').notNull().default('en'),
    /** queued, running, done, failed */
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    lines: integer('lines').notNull().default(0),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_files_membership_idx').on(t.membershipId, t.createdAt)],
);
