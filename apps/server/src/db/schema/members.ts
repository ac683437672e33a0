import type { ContractRosterRules } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { costCentres } from './catalog';
import { rates } from './settings';
import { memberships } from './users';

/**
 * What the employee page keeps about a member beyond the membership row: the job title and the restrictions of
 * docs/product/members.md (plannings all, own or some; duties). One row per membership, made on first save.
 */
export const memberSettings = pgTable('member_settings', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  jobTitle: text('job_title'),
  /** all, own (the plannings the member holds) or some (the listed ones). */
  planningScope: text('planning_scope').notNull().default('all'),
  scopeLocationIds: uuid('scope_location_ids').array().notNull().default(sql`'{}'::uuid[]`),
  /** Duties the member plans; empty means every duty. */
  scopeDutyIds: uuid('scope_duty_ids').array().notNull().default(sql`'{}'::uuid[]`),
  /** The rate of the settings the member is paid by; a rate in use cannot be deleted. */
  rateId: uuid('rate_id').references(() => rates.id),
  /** public: colleagues find the e-mail and phone numbers in the address book; private: name, job, plannings. */
  contactVisibility: text('contact_visibility').notNull().default('public'),
});

/** The cost centres a member books on. */
export const membershipCostCentres = pgTable(
  'membership_cost_centres',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.costCentreId] })],
);

/**
 * A member's employment contract (docs/product/members.md): from a start date to an optional end, full, part or flex,
 * weekly contract hours, either fixed hours per weekday (Monday first, minutes) or a number of days per week.
 */
export const memberContracts = pgTable(
  'member_contracts',
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
    /** full, part, flex */
    type: text('type').notNull(),
    /** Contract minutes per week. */
    weeklyMinutes: integer('weekly_minutes').notNull().default(0),
    /** fixed (minutes per weekday) or flexible (days per week). */
    schedule: text('schedule').notNull().default('flexible'),
    dayMinutes: integer('day_minutes').array(),
    daysPerWeek: integer('days_per_week'),
    vacationDays: integer('vacation_days').notNull().default(0),
    permanent: boolean('permanent').notNull().default(true),
    /** Both sides have signed the contract (docs/product/members.md): a mark the team sees, set by hand. */
    signed: boolean('signed').notNull().default(false),
    /** A contract template of the settings (kept as its id; templates may be removed without touching contracts). */
    templateId: text('template_id'),
    /** What auto-roster keeps to beyond the hours (docs/product/autoroster.md): consecutive days, weekends, shifts. */
    rosterRules: jsonb('roster_rules').$type<ContractRosterRules>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_contracts_membership_idx').on(t.membershipId, t.startDate)],
);
