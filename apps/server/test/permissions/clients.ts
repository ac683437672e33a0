/**
 * Clients and projects for the permission table (docs/product/clients.md): fresh rows written straight into the
 * tables, so every call meets a row of its own (a delete deletes a fresh one).
 */
import { toRRule } from '@app/domain';
import { clients, projects } from '../../src/db/schema';
import type { Fixture } from './fixture';

let serial = 0;

/** A fresh client of the account (the Bistro unless told). */
export async function clientOf(fx: Fixture, accountId = fx.bistro.id): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(clients)
    .values({ accountId, name: `Table client ${serial++}` })
    .returning({ id: clients.id });
  return row.id;
}

/** A fresh one-off project of a fresh client at the planning (Headquarter unless told; Corner Store's for foreign). */
export async function projectOf(fx: Fixture, foreign = false, locationId = fx.bistro.hq): Promise<string> {
  const accountId = foreign ? fx.store.id : fx.bistro.id;
  const date = fx.nextDate();
  const [row] = await fx.t.database.db
    .insert(projects)
    .values({
      accountId,
      clientId: await clientOf(fx, accountId),
      locationId: foreign ? fx.store.location : locationId,
      name: `Table project ${serial++}`,
      startDate: date,
      schedule: [{ from: '08:00', until: '12:00', break: 0, people: 1, dutyId: null }],
      rrule: toRRule({ frequency: 'once', interval: 1, weekdays: [], position: null }, date),
    })
    .returning({ id: projects.id });
  return row.id;
}

/** A project body at the planning (Headquarter: within the restricted planner's restriction). */
export const projectBody = async (fx: Fixture, locationId = fx.bistro.hq, clientId?: string) => {
  const date = fx.nextDate();
  return {
    name: 'Table project',
    clientId: clientId ?? (await clientOf(fx)),
    locationId,
    startDate: date,
    schedule: [{ from: '08:00', until: '12:00', break: 0, people: 1, dutyId: null }],
    recurrence: { frequency: 'once', interval: 1, weekdays: [], position: null },
  };
};
