import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/** A chat channel: two people (single) or a titled group (docs/product/chats.md). */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** single or group */
    type: text('type').notNull(),
    title: text('title'),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_channels_account_idx').on(t.accountId)],
);

/** Who takes part in a channel; `deletedAt` is set when they left or were removed (participantsWithTrashed). */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** creator or member */
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.membershipId] }),
    index('chat_participants_membership_idx').on(t.membershipId),
  ],
);

/**
 * A line of a conversation: a message, or a system line (created, joined, left). The id grows with every line,
 * so history pages backwards by keyset on (channel, id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** message, created, joined or left */
    kind: text('kind').notNull().default('message'),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_channel_id_idx').on(t.channelId, t.id)],
);

/** A message's state for one recipient: received (their app got it) and read. An unread chat is one unread here. */
export const chatStatuses = pgTable(
  'chat_statuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_statuses_message_member_key').on(t.messageId, t.membershipId),
    index('chat_statuses_unread_idx').on(t.membershipId, t.channelId).where(sql`${t.readAt} is null`),
  ],
);
