import type { ProfileTemplate, ProfileValue } from '@app/contracts';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/** The account's profile template (docs/product/profiles.md); an account without a row uses the default. */
export const profileTemplates = pgTable('profile_templates', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  template: jsonb('template').$type<ProfileTemplate>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's answers to the template's own fields (mapped fields live in the member's columns). */
export const profileValues = pgTable('profile_values', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, ProfileValue>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
