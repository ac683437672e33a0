/** Dossier rows for the permission table: fresh entries written straight into the table, one per request. */
import { dossierEntries } from '../../src/db/schema';
import type { Fixture } from './fixture';

export const dossierBody = (fx: Fixture) => ({ kind: 'talk', date: fx.nextDate(), text: 'Yearly talk', shared: false });

/** An unshared entry in the dossier of the Bistro's staff member (nobody of the table). */
export async function staffEntry(fx: Fixture): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(dossierEntries)
    .values({
      accountId: fx.bistro.id,
      membershipId: fx.bistro.staff,
      kind: 'note',
      entryDate: fx.nextDate(),
      text: 'x',
    })
    .returning();
  return row.id;
}

/** An entry in Corner Store. */
export async function foreignEntry(fx: Fixture): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(dossierEntries)
    .values({
      accountId: fx.store.id,
      membershipId: fx.store.member,
      kind: 'note',
      entryDate: fx.nextDate(),
      text: 'x',
    })
    .returning();
  return row.id;
}
