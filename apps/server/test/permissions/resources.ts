/**
 * Vehicles and equipment for the permission table (docs/product/resources.md): a fresh row per call, so a delete
 * deletes one of its own.
 */
import { resources } from '../../src/db/schema';
import type { Fixture } from './fixture';

let serial = 0;

/** A fresh resource of the account (the Bistro unless told). */
export async function resourceOf(fx: Fixture, accountId = fx.bistro.id): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(resources)
    .values({ accountId, name: `Table van ${serial++}`, kind: 'vehicle' })
    .returning({ id: resources.id });
  return row.id;
}
