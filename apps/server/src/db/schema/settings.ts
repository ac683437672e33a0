import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { tags } from './catalog';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An hourly wage: gross amount per hour and the factor that converts it into the company's cost. */
export const rates = pgTable(
  'rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hourlyCents: integer('hourly_cents').notNull(),
    /** Hundredths: 125 is a factor of 1.25. */
    factor: integer('factor').notNull().default(100),
  },
  (t) => [index('rates_account_idx').on(t.accountId)],
);

/** A surcharge in percent on some weekdays, in a time window, for some tags, or on holidays. */
export const premiums = pgTable(
  'premiums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    percent: integer('percent').notNull(),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    weekdays: integer('weekdays').array().notNull().default([]),
    fromMinutes: integer('from_minutes'),
    untilMinutes: integer('until_minutes'),
    holidays: boolean('holidays').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('premiums_account_idx').on(t.accountId)],
);

export const premiumTags = pgTable(
  'premium_tags',
  {
    premiumId: uuid('premium_id')
      .notNull()
      .references(() => premiums.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.premiumId, t.tagId] })],
);

/** The account's own days off besides the public holidays of its region (company party, closing days). */
export const accountHolidays = pgTable(
  'account_holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('account_holidays_account_date_idx').on(t.accountId, t.date)],
);

/** A contract template (doc or docx), kept in the database like every other upload. */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    /** doc or docx, from the file's content. */
    format: text('format').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contract_templates_account_idx').on(t.accountId)],
);
