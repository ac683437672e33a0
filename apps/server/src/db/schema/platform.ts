import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships, users } from './users';

const attachmentBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A signed-in browser. The id is the SHA-256 of the cookie token, so a database leak yields no sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    locale: text('locale').notNull().default('en'),
    /** A super user acting inside an account that is not theirs. */
    shadow: boolean('shadow').notNull().default(false),
    /** The super user confirmed write access for this visit; a shadow session is read-only until then. */
    shadowWrite: boolean('shadow_write').notNull().default(false),
    mobile: boolean('mobile').notNull().default(false),
    /** none, verify or setup: what two-factor step remains before the session is complete. */
    twoFactor: text('two_factor').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_membership_idx').on(t.membershipId)],
);

/** Single-use, expiring codes sent by e-mail: reset, confirm, invitation. Only the hash is stored. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId)],
);

/** Login attempts, for throttling across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Every mail the product writes, and the queue that delivers them (a transactional outbox): a row is written in the
 * transaction of the change it tells about and worked off by the mail worker (platform/mail/worker.ts). Without SMTP
 * the outbox keeps them. A deleted account's mails go with it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    locale: text('locale').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /**
     * kept (no SMTP), queued (due at `dueAt`), sending (claimed by a worker until `dueAt`, its lease), sent, failed
     * (given up: refused for good, or still undelivered after the retry period; an owner may resend it).
     */
    status: text('status').notNull(),
    /** Tries so far, counted when a worker claims the row (an interrupted delivery counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last try failed (kept until the mail is sent). */
    error: text('error'),
    /** `<{id}@{host of PUBLIC_URL}>`: every try sends the same Message-ID, so a receiver drops a repeat. */
    messageId: text('message_id'),
    /** Queued: when the next try is due. Sending: when the worker's lease runs out and another may take it. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the worker delivering it: only that worker may mark the outcome. */
    leaseId: uuid('lease_id'),
    /** When it was queued (again, by a resend): the retry period counts from here. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    // What the worker polls for every few seconds: only the rows still to deliver are in it.
    index('outbox_due_idx').on(t.dueAt).where(sql`${t.status} in ('queued', 'sending')`),
    // What an owner's "mail delivery" page lists: mails that failed at least once and are not sent.
    index('outbox_undelivered_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.error} is not null and ${t.status} in ('queued', 'sending', 'failed')`),
  ],
);

/** Files attached to an outbox mail (the printed roster for staff without access). */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: attachmentBytes('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId)],
);

/** Small shared key/value state, e.g. the deployed version and when it changed. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
