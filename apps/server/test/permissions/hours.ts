/**
 * Hours rows for the permission table: past planned items and hours written straight into the tables (the roster
 * refuses past days), each on a day of its own so no two of one person overlap.
 */
import { addDays, now } from '@app/domain';
import { hours, rosterItems } from '../../src/db/schema';
import type { Fixture } from './fixture';

let n = 0;
/** A fresh past day: from a fixed Monday long before the test clock, one day further back each call. */
const pastDate = () => addDays('2026-06-01', -n++);

/** A past planned item of the member at a location (their home planning by default), 09:00-17:00. */
export async function pastItem(fx: Fixture, member: string, location: string, accountId = fx.bistro.id) {
  const [row] = await fx.t.database.db
    .insert(rosterItems)
    .values({
      accountId,
      locationId: location,
      date: pastDate(),
      membershipId: member,
      dutyId: accountId === fx.bistro.id ? fx.bistro.service : fx.store.duty,
      fromMinutes: 9 * 60,
      untilMinutes: 17 * 60,
      breakMinutes: 30,
    })
    .returning({ id: rosterItems.id });
  return row.id;
}

/** Hours of the member at a location, in a status. */
export async function hoursRow(
  fx: Fixture,
  member: string,
  location: string,
  status: 'pending' | 'approved' = 'pending',
  accountId = fx.bistro.id,
) {
  const at = now();
  const [row] = await fx.t.database.db
    .insert(hours)
    .values({
      accountId,
      membershipId: member,
      locationId: location,
      date: pastDate(),
      fromMinutes: 9 * 60,
      untilMinutes: 17 * 60,
      breakMinutes: 30,
      minutes: 450,
      status,
      createdBy: member,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: hours.id });
  return row.id;
}

/** Hours of the Bistro's Headquarter employee (supervised by the sample supervisor). */
export const staffHours = (fx: Fixture, status: 'pending' | 'approved' = 'pending') =>
  hoursRow(fx, fx.bistro.staff, fx.bistro.hq, status);

export const foreignHours = (fx: Fixture, status: 'pending' | 'approved' = 'pending') =>
  hoursRow(fx, fx.store.member, fx.store.location, status, fx.store.id);
