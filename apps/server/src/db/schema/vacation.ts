import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/** A counted date of a request, as stored: half days and minutes. */
export interface StoredVacationDate {
  date: string;
  days: number;
  minutes: number;
  skipped: string | null;
}

/**
 * A vacation request (docs/product/vacation.md): a range of dates, full day or half, its compensation, and its
 * state. The counted dates are kept as they were counted when it was made (contracts and holidays may change
 * later; the approved days stay what was approved).
 */
export const vacationRequests = pgTable(
  'vacation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** full, morning, afternoon */
    duration: text('duration').notNull(),
    /** paid, timeForTime, unpaid */
    compensation: text('compensation').notNull(),
    note: text('note'),
    /** pending, approved, denied, withdrawn, removed */
    status: text('status').notNull().default('pending'),
    /** Vacation days counted, in halves (3 days = 6). */
    halfDays: integer('half_days').notNull(),
    minutes: integer('minutes').notNull(),
    dates: jsonb('dates').$type<StoredVacationDate[]>().notNull(),
    message: text('message'),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => memberships.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('vacation_requests_member_idx').on(t.membershipId, t.startDate),
    index('vacation_requests_account_idx').on(t.accountId, t.status, t.startDate),
  ],
);

/** A manual credit or debit of vacation days for a year, with its reason. */
export const vacationAdjustments = pgTable(
  'vacation_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** Signed half days: a credit adds, a debit subtracts. */
    halfDays: integer('half_days').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vacation_adjustments_member_idx').on(t.membershipId, t.year)],
);

/** A manual correction of a time-for-time balance, in signed minutes, with its reason. */
export const balanceCorrections = pgTable(
  'balance_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    minutes: integer('minutes').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('balance_corrections_member_idx').on(t.membershipId, t.date)],
);
