/** Sickness rows for the permission table: fresh records written straight into the table, one per request. */
import { sicknessRecords } from '../../src/db/schema';
import type { Fixture } from './fixture';

/** A one-day sickness record of the Bistro's staff member (nobody of the table), on a fresh date. */
export async function staffSickness(fx: Fixture): Promise<string> {
  const date = fx.nextDate();
  const [row] = await fx.t.database.db
    .insert(sicknessRecords)
    .values({ accountId: fx.bistro.id, membershipId: fx.bistro.staff, startDate: date, endDate: date })
    .returning();
  return row.id;
}

/** A one-day sickness record in Corner Store. */
export async function foreignSickness(fx: Fixture): Promise<string> {
  const date = fx.nextDate();
  const [row] = await fx.t.database.db
    .insert(sicknessRecords)
    .values({ accountId: fx.store.id, membershipId: fx.store.member, startDate: date, endDate: date })
    .returning();
  return row.id;
}
