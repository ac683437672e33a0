import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { memberships } from './users';

/** A location, called a planning: the roster is built per location. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    zip: text('zip'),
    address: text('address'),
    city: text('city'),
    /** Where the planning is (WGS 84 degrees), for its weather forecast (docs/product/weather.md); null: unknown. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** ongoing or temporary */
    type: text('type').notNull().default('ongoing'),
    clientId: uuid('client_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    budgetCents: integer('budget_cents'),
    projectCode: text('project_code'),
    /** active, inactive, archived, finished */
    status: text('status').notNull().default('active'),
    releasedUntil: date('released_until'),
    /** Weeks in the location's preset template (0 when it has none). */
    presetWeeks: integer('preset_weeks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_account_idx').on(t.accountId)],
);

/** A duty (function): what a person does on an item. */
export const duties = pgTable(
  'duties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#228be6'),
    trashed: boolean('trashed').notNull().default(false),
    restHours: integer('rest_hours').notNull().default(0),
    overrideRateCents: integer('override_rate_cents'),
  },
  (t) => [index('duties_account_idx').on(t.accountId)],
);

/** A shift: a named time window (F, M, S by default). Times are minutes since midnight. */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    startMinutes: integer('start_minutes').notNull(),
    endMinutes: integer('end_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    trashed: boolean('trashed').notNull().default(false),
  },
  (t) => [index('shifts_account_idx').on(t.accountId)],
);

export const shiftLocations = pgTable(
  'shift_locations',
  {
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shiftId, t.locationId] })],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('tags_account_idx').on(t.accountId)],
);

export const costCentres = pgTable(
  'cost_centres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code'),
    name: text('name').notNull(),
    /** The fallback cost centre of the account; cannot be deleted. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('cost_centres_account_idx').on(t.accountId)],
);

/** Which plannings, duties and tags a membership holds. */
export const membershipLocations = pgTable(
  'membership_locations',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.locationId] })],
);

export const membershipDuties = pgTable(
  'membership_duties',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    dutyId: uuid('duty_id')
      .notNull()
      .references(() => duties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.dutyId] })],
);

export const membershipTags = pgTable(
  'membership_tags',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.tagId] })],
);

/**
 * A planning's staffing needs (docs/product/autoroster.md): per weekday (0 = Monday), shift and optional duty, how many
 * people, and the weights of a place left open and of one person too many. Auto-roster staffs a period from them.
 */
export const staffingNeeds = pgTable(
  'staffing_needs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    dutyId: uuid('duty_id').references(() => duties.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    underWeight: integer('under_weight').notNull(),
    overWeight: integer('over_weight').notNull(),
  },
  (t) => [index('staffing_needs_location_idx').on(t.locationId)],
);
