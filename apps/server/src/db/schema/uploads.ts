import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea } from './avatars';
import { dossierEntries } from './dossiers';
import { memberships } from './users';

/**
 * A file kept in a member's file (docs/product/documents.md): a profile upload field's file (`key` is the field's
 * id, folder `uploads`) or a document in one of the folders. The bytes are kept by the file store: in
 * `upload_contents` by default, in S3-compatible storage when it is configured (`storage` says where).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Whose file it is in. */
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    folder: text('folder').notNull(),
    /** Filed by a manager as an HR document. */
    hr: boolean('hr').notNull().default(false),
    name: text('name').notNull(),
    /** The month a document is for (YYYY-MM), where one is: a payslip's, set by its run. */
    month: text('month'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storage: text('storage').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => memberships.id, { onDelete: 'set null' }),
    /** A dossier entry's attachment: kept apart from the member's documents, gone with its entry. */
    dossierEntryId: uuid('dossier_entry_id').references(() => dossierEntries.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_membership_idx').on(t.membershipId, t.folder), index('uploads_account_idx').on(t.accountId)],
);

/** The bytes of an upload when the database keeps them (the default file store). */
export const uploadContents = pgTable('upload_contents', {
  uploadId: uuid('upload_id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
