/** Dossier rows for the permission table: fresh entries written straight into the table, one per request. */
import { now } from '@app/domain';
import { dossierEntries, uploadContents, uploads } from '../../src/db/schema';
import { pdf } from '../files';
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

/** A file on a fresh entry of this account (the Bistro's staff member, or Corner Store's member). */
export async function entryAttachment(fx: Fixture, foreign = false): Promise<string> {
  const entryId = foreign ? await foreignEntry(fx) : await staffEntry(fx);
  const db = fx.t.database.db;
  const [row] = await db
    .insert(uploads)
    .values({
      accountId: foreign ? fx.store.id : fx.bistro.id,
      membershipId: foreign ? fx.store.member : fx.bistro.staff,
      key: 'dossier:entry',
      folder: 'others',
      hr: true,
      name: 'minutes.pdf',
      mime: 'application/pdf',
      size: 400,
      sha256: '',
      storage: 'database',
      dossierEntryId: entryId,
      createdAt: now(),
    })
    .returning({ id: uploads.id, accountId: uploads.accountId });
  await db.insert(uploadContents).values({ uploadId: row.id, accountId: row.accountId, content: pdf() });
  return row.id;
}
