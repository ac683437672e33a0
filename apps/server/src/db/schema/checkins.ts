import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { locations } from './catalog';
import { hours } from './hours';
import { rosterItems } from './roster';
import { memberships } from './users';

/**
 * Where a planning is on the map, for check-ins (docs/product/checkins.md: check-ins work only with full addresses).
 * Set by the geocoder when the address is saved or geocoded again, or by a manager directly ("use my position").
 */
export const locationCoordinates = pgTable('location_coordinates', {
  locationId: uuid('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** geocoder or manual */
  source: text('source').notNull(),
  /** The address the geocoder read ("street, zip city"), so a changed address shows the coordinates are stale. */
  address: text('address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A check-in on a planned duty (docs/product/checkins.md: check-in then check-out; no check-in again for the same
 * duty). One row per item at most; open while `checkedOutAt` is null. `checkoutKind`: self, supervisor or auto.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rosterItems.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    /** Metres from the planning when checking in (null: no position was asked for). */
    distanceMeters: integer('distance_meters'),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkoutKind: text('checkout_kind'),
    checkedOutBy: uuid('checked_out_by').references(() => memberships.id, { onDelete: 'set null' }),
    /** The hours line the check-out registered or found on the item. */
    hoursId: uuid('hours_id').references(() => hours.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('checkins_item_key').on(t.itemId),
    index('checkins_account_open_idx').on(t.accountId, t.checkedOutAt),
    index('checkins_membership_idx').on(t.membershipId),
  ],
);
