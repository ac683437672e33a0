import { now as clockNow } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appState } from '../../db/schema';

/**
 * Records the running version. When it differs from the stored one, the update time moves to now, so clients that
 * loaded an older version see the update banner. Answers the stored update time.
 */
export async function recordVersion(
  db: Db,
  version: string,
  now = clockNow(),
): Promise<{ updated: Date; changed: boolean }> {
  const [row] = await db.select().from(appState).where(eq(appState.key, 'version'));
  if (row && row.value === version) return { updated: row.updatedAt, changed: false };
  await db
    .insert(appState)
    .values({ key: 'version', value: version, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: version, updatedAt: now } });
  return { updated: now, changed: true };
}

export async function updatedAt(db: Db): Promise<Date> {
  const [row] = await db.select().from(appState).where(eq(appState.key, 'version'));
  return row?.updatedAt ?? new Date(0);
}
