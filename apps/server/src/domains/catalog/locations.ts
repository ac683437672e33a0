import type { Location, LocationCreate, LocationStatus, LocationType, LocationUpdate } from '@app/contracts';
import { mayManageCatalog } from '@app/domain';
import { and, asc, count, eq, gt, lt, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  clients,
  locations,
  membershipLocations,
  memberships,
  rosterItems,
  shiftLocations,
  shifts,
  users,
} from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { placeOnSave } from '../checkins/locations';
import { planningReachOf, requirePlanningInScope } from '../members/scope';
import { locationDateProblems } from './policy';
import { blankToNull, emitCatalogChanged, requireCatalogEditor } from './shared';

type LocationRow = typeof locations.$inferSelect;

/** A planning's place is both coordinates or neither (docs/product/weather.md). */
const coordinateProblems = (p: { latitude: number | null; longitude: number | null }): Record<string, string[]> =>
  (p.latitude === null) === (p.longitude === null)
    ? {}
    : { [p.latitude === null ? 'latitude' : 'longitude']: ['validation.required'] };

/** The response whitelist; budget and project code only for those who manage settings. */
function present(row: LocationRow, full: boolean): Location {
  return {
    id: row.id,
    name: row.name,
    zip: row.zip,
    address: row.address,
    city: row.city,
    type: row.type as LocationType,
    clientId: row.clientId,
    startDate: row.startDate,
    endDate: row.endDate,
    ...(full ? { budgetCents: row.budgetCents, projectCode: row.projectCode } : {}),
    status: row.status as LocationStatus,
    releasedUntil: row.releasedUntil,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** A location of the account (404 otherwise), locked for the rest of the transaction when asked. */
async function locationInAccount(db: DbOrTx, accountId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Whether the member belongs to the location (members see only their own plannings). */
async function belongsTo(db: DbOrTx, membershipId: string, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: membershipLocations.locationId })
    .from(membershipLocations)
    .where(and(eq(membershipLocations.membershipId, membershipId), eq(membershipLocations.locationId, locationId)));
  return Boolean(row);
}

/** Planners, managers, owners (and user.edit) see every location of the account; other members their own. */
export async function listLocations(ctx: AppContext, actor: Actor): Promise<Location[]> {
  const full = mayManageCatalog(actor);
  const rows = full
    ? await ctx.db.select().from(locations).where(eq(locations.accountId, actor.accountId)).orderBy(asc(locations.name))
    : (
        await ctx.db
          .select({ location: locations })
          .from(locations)
          .innerJoin(membershipLocations, eq(membershipLocations.locationId, locations.id))
          .where(
            and(eq(locations.accountId, actor.accountId), eq(membershipLocations.membershipId, actor.membershipId)),
          )
          .orderBy(asc(locations.name))
      ).map((r) => r.location);
  // The restriction by plannings (employee page) narrows the list to the plannings the member may plan.
  const reach = await planningReachOf(ctx.db, actor);
  return rows.filter((r) => reach.includes(r.id)).map((r) => present(r, full));
}

/** A planning's client: one of the account's (another's, or a made-up id, is a field error), or none. */
async function clientOfPlanning(db: DbOrTx, accountId: string, clientId: string | null | undefined) {
  if (!clientId) return null;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)));
  if (!client) throw fieldError({ clientId: ['validation.unknownIds'] });
  return client.id;
}

export async function getLocation(ctx: AppContext, actor: Actor, id: string): Promise<Location> {
  const row = await locationInAccount(ctx.db, actor.accountId, id);
  const full = mayManageCatalog(actor);
  // A planning the member does not belong to is not theirs to see: it answers like a missing one.
  if (!full && !(await belongsTo(ctx.db, actor.membershipId, id))) throw new AppError('NOT_FOUND');
  await requirePlanningInScope(ctx.db, actor, id);
  return present(row, full);
}

export async function createLocation(ctx: AppContext, actor: Actor, input: LocationCreate): Promise<Location> {
  requireCatalogEditor(actor);
  const values = {
    name: input.name,
    zip: blankToNull(input.zip) ?? null,
    address: blankToNull(input.address) ?? null,
    city: blankToNull(input.city) ?? null,
    type: input.type ?? 'ongoing',
    clientId: await clientOfPlanning(ctx.db, actor.accountId, input.clientId),
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    budgetCents: input.budgetCents ?? null,
    projectCode: blankToNull(input.projectCode) ?? null,
    status: input.status ?? 'active',
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  const problems = { ...locationDateProblems(values), ...coordinateProblems(values) };
  if (Object.keys(problems).length) throw fieldError(problems);
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const [created] = await tx
      .insert(locations)
      .values({ ...values, accountId: actor.accountId })
      .returning();
    await recordActivity(tx, actor, { entity: 'location', entityId: created.id, action: 'create', after: created });
    emitCatalogChanged(command, actor);
    // The geocoder is asked once the planning is saved (it never fails the save).
    command.afterCommit(() => placeOnSave(ctx, actor.accountId, created.id));
    return created;
  });
  return present(row, true);
}

/** Items of the location outside the dates [start, end] (either end open when null). */
function outsideCondition(locationId: string, startDate: string | null, endDate: string | null): SQL | undefined {
  const outside = [
    startDate ? lt(rosterItems.date, startDate) : undefined,
    endDate ? gt(rosterItems.date, endDate) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (outside.length === 0) return undefined;
  return and(eq(rosterItems.locationId, locationId), or(...outside));
}

/**
 * Changes a location; only the fields sent change. New dates that leave roster items outside are refused with
 * ERR_DATES {count} until the call is confirmed; then those items are deleted in the same transaction.
 */
export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: LocationUpdate,
  confirmed: boolean,
): Promise<Location> {
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await locationInAccount(tx, actor.accountId, id, true);
    requireCatalogEditor(actor);
    await requirePlanningInScope(tx, actor, id);
    const { confirmed: _confirmed, ...changes } = input;
    const next = {
      name: changes.name ?? before.name,
      zip: changes.zip === undefined ? before.zip : blankToNull(changes.zip),
      address: changes.address === undefined ? before.address : blankToNull(changes.address),
      city: changes.city === undefined ? before.city : blankToNull(changes.city),
      type: changes.type ?? before.type,
      clientId:
        changes.clientId === undefined
          ? before.clientId
          : await clientOfPlanning(tx, actor.accountId, changes.clientId),
      startDate: changes.startDate === undefined ? before.startDate : changes.startDate,
      endDate: changes.endDate === undefined ? before.endDate : changes.endDate,
      budgetCents: changes.budgetCents === undefined ? before.budgetCents : changes.budgetCents,
      projectCode: changes.projectCode === undefined ? before.projectCode : blankToNull(changes.projectCode),
      status: changes.status ?? before.status,
      latitude: changes.latitude === undefined ? before.latitude : changes.latitude,
      longitude: changes.longitude === undefined ? before.longitude : changes.longitude,
    } as const;
    const problems = { ...locationDateProblems(next), ...coordinateProblems(next) };
    if (Object.keys(problems).length) throw fieldError(problems);

    let deletedItems = 0;
    if (next.startDate !== before.startDate || next.endDate !== before.endDate) {
      const outside = outsideCondition(id, next.startDate ?? null, next.endDate ?? null);
      if (outside) {
        const [{ n }] = await tx.select({ n: count() }).from(rosterItems).where(outside);
        if (n > 0 && !confirmed) throw new AppError('ERR_DATES', { data: { count: n } });
        if (n > 0) {
          const gone = await tx.delete(rosterItems).where(outside).returning({ id: rosterItems.id });
          deletedItems = gone.length;
        }
      }
    }
    const [after] = await tx.update(locations).set(next).where(eq(locations.id, id)).returning();
    await recordActivity(tx, actor, {
      entity: 'location',
      entityId: id,
      action: 'update',
      before,
      after: deletedItems ? { ...after, deletedItems } : after,
    });
    emitCatalogChanged(command, actor);
    command.afterCommit(() => placeOnSave(ctx, actor.accountId, id));
    return after;
  });
  return present(row, true);
}

/**
 * Deletes a location unless it is the only active one, has published items (on or before its release date) or
 * is the only planning of some active member. Shifts left without any location are trashed (a shift needs one).
 */
export async function deleteLocation(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const location = await locationInAccount(tx, actor.accountId, id, true);
    requireCatalogEditor(actor);
    await requirePlanningInScope(tx, actor, id);

    if (location.status === 'active') {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(locations)
        .where(and(eq(locations.accountId, actor.accountId), eq(locations.status, 'active'), ne(locations.id, id)));
      if (n === 0) throw new AppError('LOCATION_ONLY_ACTIVE');
    }

    if (location.releasedUntil) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(rosterItems)
        .where(and(eq(rosterItems.locationId, id), lte(rosterItems.date, location.releasedUntil)));
      if (n > 0) {
        throw new AppError('LOCATION_PUBLISHED_ITEMS', { data: { count: n, releasedUntil: location.releasedUntil } });
      }
    }

    const others = tx
      .select({ one: sql`1` })
      .from(membershipLocations)
      .where(and(eq(membershipLocations.membershipId, memberships.id), ne(membershipLocations.locationId, id)));
    const stranded = await tx
      .select({ id: memberships.id, fname: users.fname, lname: users.lname })
      .from(membershipLocations)
      .innerJoin(memberships, eq(memberships.id, membershipLocations.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(membershipLocations.locationId, id),
          eq(memberships.accountId, actor.accountId),
          eq(memberships.status, 'active'),
          notExists(others),
        ),
      )
      .orderBy(asc(users.lname), asc(users.fname));
    if (stranded.length > 0) {
      throw new AppError('LOCATION_LEAVES_USERS_UNASSIGNED', {
        data: {
          count: stranded.length,
          members: stranded.map((m) => ({ id: m.id, name: `${m.fname} ${m.lname}`.trim() })),
        },
      });
    }

    // Shifts of this location only would be left without one: they go to the trash (restorable with a location).
    const otherShiftLocations = tx
      .select({ one: sql`1` })
      .from(shiftLocations)
      .where(and(eq(shiftLocations.shiftId, shifts.id), ne(shiftLocations.locationId, id)));
    const orphaned = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .innerJoin(shiftLocations, eq(shiftLocations.shiftId, shifts.id))
      .where(
        and(eq(shifts.accountId, actor.accountId), eq(shiftLocations.locationId, id), notExists(otherShiftLocations)),
      );
    for (const s of orphaned) {
      await tx.update(shifts).set({ trashed: true }).where(eq(shifts.id, s.id));
    }

    // Items, notes, comments, presets and links of the location go with it (foreign keys cascade).
    await tx.delete(locations).where(eq(locations.id, id));
    await recordActivity(tx, actor, {
      entity: 'location',
      entityId: id,
      action: 'delete',
      before: location,
      after: orphaned.length ? { trashedShiftIds: orphaned.map((s) => s.id) } : null,
    });
    emitCatalogChanged(command, actor);
  });
}
