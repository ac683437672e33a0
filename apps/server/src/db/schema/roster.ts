import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { costCentres, duties, locations, shifts } from './catalog';
import { projects } from './clients';
import { resources } from './resources';
import { memberships } from './users';

/**
 * A roster item: one duty of one day at a location, assigned to a member or open. Times are local minutes since
 * midnight (an end not after the start runs overnight); `startAt`/`endAt` are the instants they mean in the
 * account's time zone, kept for overlap checks (an exclusion constraint in migration 0002 forbids two timed items
 * of one member from overlapping).
 */
export const rosterItems = pgTable(
  'roster_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    dutyId: uuid('duty_id').references(() => duties.id, { onDelete: 'set null' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    fromMinutes: integer('from_minutes'),
    untilMinutes: integer('until_minutes'),
    breakMinutes: integer('break_minutes').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    notes: text('notes'),
    internal: text('internal'),
    /** signout, sick or null */
    flag: text('flag'),
    /** Sickness: percentage 0-100 (step 5), cost in cents, payroll code. */
    sick: jsonb('sick').$type<{ percentage: number; cost: number | null; code: string | null } | null>(),
    /** Conflict codes found after the fact (availability changed, duty taken away, ...). */
    conflicts: text('conflicts').array().notNull().default(sql`'{}'::text[]`),
    /** A placeholder signed into by an employee that waits for the planner's confirmation. */
    pendingConfirmation: boolean('pending_confirmation').notNull().default(false),
    /** The project whose schedule made this duty (docs/product/clients.md); null for items planned by hand. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The vehicle or equipment the item carries (docs/product/resources.md). */
    resourceId: uuid('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** driver or passenger of its vehicle, as its project says (docs/product/resources.md); null: neither. */
    travelRole: text('travel_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roster_items_location_date_idx').on(t.locationId, t.date),
    index('roster_items_membership_date_idx').on(t.membershipId, t.date),
    index('roster_items_account_idx').on(t.accountId),
    index('roster_items_project_date_idx').on(t.projectId, t.date),
    index('roster_items_resource_date_idx').on(t.resourceId, t.date),
  ],
);

/** An employee's application for an open item, when the account says employees must apply. */
export const itemApplications = pgTable(
  'item_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rosterItems.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** null while undecided; true accepted; false denied. */
    accepted: boolean('accepted'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('item_applications_item_member_key').on(t.itemId, t.membershipId)],
);

/** A message attached to an item. */
export const itemMessages = pgTable(
  'item_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rosterItems.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_messages_item_idx').on(t.itemId)],
);

/** A day note of a location (at most 500 characters). */
export const dayNotes = pgTable(
  'day_notes',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.date] })],
);

/** A comment on a roster date of a location. */
export const dayComments = pgTable(
  'day_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('day_comments_location_date_idx').on(t.locationId, t.date)],
);

/** A location's preset template: up to four weeks of items by day index (0 = Monday of week 1). */
export const presetItems = pgTable(
  'preset_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    dayIndex: integer('day_index').notNull(),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    dutyId: uuid('duty_id').references(() => duties.id, { onDelete: 'set null' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    fromMinutes: integer('from_minutes'),
    untilMinutes: integer('until_minutes'),
    breakMinutes: integer('break_minutes').notNull().default(0),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    notes: text('notes'),
  },
  (t) => [index('preset_items_location_idx').on(t.locationId)],
);

/**
 * Availability of a member on a date: available, limited (with a window), vacation (with a status), unavailable
 * or wish.
 */
export const availability = pgTable(
  'availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    type: text('type').notNull(),
    startMinutes: integer('start_minutes'),
    endMinutes: integer('end_minutes'),
    /** vacation: requested, approved, denied */
    status: text('status'),
    note: text('note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('availability_member_date_key').on(t.membershipId, t.date),
    index('availability_account_date_idx').on(t.accountId, t.date),
  ],
);

/** Default availability per weekday (0 = Monday ... 6 = Sunday). */
export const availabilityDefaults = pgTable(
  'availability_defaults',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    type: text('type').notNull(),
    startMinutes: integer('start_minutes'),
    endMinutes: integer('end_minutes'),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.weekday] })],
);

/** A member's calendar subscription: only the hash of the secret in the URL is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A planning's calendar feed, made by someone who plans it: every duty of the planning on released days. It stops
 * answering when its maker no longer plans that planning (docs/product/roster.md).
 */
export const planningFeeds = pgTable(
  'planning_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('planning_feeds_member_location_key').on(t.membershipId, t.locationId)],
);

/**
 * A planning's wall screen: today's duties for a screen in the staff room, opened by a secret address instead of a
 * session. One per planning; renewing replaces the secret (docs/product/wall-screen.md).
 */
export const wallScreens = pgTable('wall_screens', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  locationId: uuid('location_id')
    .notNull()
    .unique()
    .references(() => locations.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every roster change: who, when, what, before and after. Kept 30 days. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_account_at_idx').on(t.accountId, t.at)],
);

/**
 * A planning's 7-day forecast as the weather provider gave it on one day (docs/product/weather.md): read once per
 * planning and day, whichever instance asks first.
 */
export const weatherForecasts = pgTable(
  'weather_forecasts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The day (in the account's time zone) the forecast was fetched on. */
    fetchedOn: date('fetched_on').notNull(),
    /** Where it was fetched for: a moved planning fetches again. */
    latitude: text('latitude').notNull(),
    longitude: text('longitude').notNull(),
    days: jsonb('days')
      .$type<{ date: string; code: number; min: number; max: number; precipitation: number }[]>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.fetchedOn] })],
);
