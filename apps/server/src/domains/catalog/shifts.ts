import type { Shift, ShiftCreate, ShiftUpdate } from '@app/contracts';
import { formatHHmm, minutesOfHHmm } from '@app/domain';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { locations, presetItems, rosterItems, shiftLocations, shifts } from '../../db/schema';
import { assertIdsOfAccount, distinct, lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { announceRevalidated, revalidateItems } from '../conflicts/revalidate';
import { requirePlanningsInScope } from '../members/scope';
import { shiftTimesProblem } from './policy';
import { emitCatalogChanged, requireCatalogEditor } from './shared';

type ShiftRow = typeof shifts.$inferSelect;

function present(row: ShiftRow, locationIds: string[]): Shift {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    start: formatHHmm(row.startMinutes),
    end: formatHHmm(row.endMinutes),
    break: row.breakMinutes,
    trashed: row.trashed,
    locationIds,
  };
}

/** Location ids per shift, sorted for a stable answer. */
async function locationIdsOf(db: DbOrTx, shiftIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(shiftIds.map((id) => [id, []]));
  if (shiftIds.length === 0) return out;
  const rows = await db
    .select({ shiftId: shiftLocations.shiftId, locationId: shiftLocations.locationId })
    .from(shiftLocations)
    .where(inArray(shiftLocations.shiftId, shiftIds))
    .orderBy(asc(shiftLocations.locationId));
  for (const r of rows) out.get(r.shiftId)?.push(r.locationId);
  return out;
}

async function shiftInAccount(db: DbOrTx, accountId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** An identifier is unique (ignoring case) among the account's shifts that are not in the trash. */
async function assertIdentifierFree(db: DbOrTx, accountId: string, identifier: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.accountId, accountId),
        eq(shifts.trashed, false),
        sql`lower(${shifts.identifier}) = lower(${identifier})`,
        exceptId ? ne(shifts.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError({ identifier: ['validation.taken'] });
}

function assertTimes(start: string, end: string, breakMinutes: number) {
  const problem = shiftTimesProblem(start, end, breakMinutes);
  if (problem) throw new AppError(problem, { data: { start, end, break: breakMinutes } });
}

async function setLocations(db: Tx, shiftId: string, locationIds: string[]) {
  await db.delete(shiftLocations).where(eq(shiftLocations.shiftId, shiftId));
  if (locationIds.length)
    await db.insert(shiftLocations).values(locationIds.map((locationId) => ({ shiftId, locationId })));
}

/** Every member reads the shifts (the roster shows them); trashed ones included, flagged. */
export async function listShifts(ctx: AppContext, actor: Actor): Promise<Shift[]> {
  const rows = await ctx.db
    .select()
    .from(shifts)
    .where(eq(shifts.accountId, actor.accountId))
    .orderBy(asc(shifts.startMinutes), asc(shifts.identifier));
  const locs = await locationIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, locs.get(r.id) ?? []));
}

export async function getShift(ctx: AppContext, actor: Actor, id: string): Promise<Shift> {
  const row = await shiftInAccount(ctx.db, actor.accountId, id);
  return present(row, (await locationIdsOf(ctx.db, [id])).get(id) ?? []);
}

export async function createShift(ctx: AppContext, actor: Actor, input: ShiftCreate): Promise<Shift> {
  requireCatalogEditor(actor);
  const breakMinutes = input.break ?? 0;
  assertTimes(input.start, input.end, breakMinutes);
  const locationIds = distinct(input.locationIds);
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    await assertIdsOfAccount(tx, locations, actor.accountId, locationIds, 'locationIds');
    await requirePlanningsInScope(tx, actor, locationIds);
    const trashed = input.trashed ?? false;
    if (!trashed) await assertIdentifierFree(tx, actor.accountId, input.identifier);
    const [created] = await tx
      .insert(shifts)
      .values({
        accountId: actor.accountId,
        identifier: input.identifier,
        name: input.name,
        startMinutes: minutesOfHHmm(input.start),
        endMinutes: minutesOfHHmm(input.end),
        breakMinutes,
        trashed,
      })
      .returning();
    await setLocations(tx, created.id, locationIds);
    const shift = present(created, [...locationIds].sort());
    await recordActivity(tx, actor, { entity: 'shift', entityId: created.id, action: 'create', after: shift });
    emitCatalogChanged(command, actor);
    return shift;
  });
}

/**
 * Changes a shift; only the fields sent change. Times follow the times rule (ERR_EQUAL, ERR_NEGATIVE); a shift that
 * is not in the trash needs at least one location of the account.
 */
export async function updateShift(ctx: AppContext, actor: Actor, id: string, input: ShiftUpdate): Promise<Shift> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const row = await shiftInAccount(tx, actor.accountId, id, true);
    requireCatalogEditor(actor);
    const before = present(row, (await locationIdsOf(tx, [id])).get(id) ?? []);
    const next = {
      identifier: input.identifier ?? before.identifier,
      name: input.name ?? before.name,
      start: input.start ?? before.start,
      end: input.end ?? before.end,
      break: input.break ?? before.break,
      trashed: input.trashed ?? before.trashed,
      locationIds: input.locationIds ? distinct(input.locationIds).sort() : before.locationIds,
    };
    assertTimes(next.start, next.end, next.break);
    if (!next.trashed && next.locationIds.length === 0) throw fieldError({ locationIds: ['validation.required'] });
    if (input.locationIds) {
      await assertIdsOfAccount(tx, locations, actor.accountId, next.locationIds, 'locationIds');
      // A restricted planner adds the shift to, or takes it from, their own plannings only.
      const was = new Set(before.locationIds);
      const kept = new Set(next.locationIds);
      const changed = [
        ...next.locationIds.filter((l) => !was.has(l)),
        ...before.locationIds.filter((l) => !kept.has(l)),
      ];
      await requirePlanningsInScope(tx, actor, changed);
    }
    if (!next.trashed) await assertIdentifierFree(tx, actor.accountId, next.identifier, id);
    const [updated] = await tx
      .update(shifts)
      .set({
        identifier: next.identifier,
        name: next.name,
        startMinutes: minutesOfHHmm(next.start),
        endMinutes: minutesOfHHmm(next.end),
        breakMinutes: next.break,
        trashed: next.trashed,
      })
      .where(eq(shifts.id, id))
      .returning();
    if (input.locationIds) await setLocations(tx, id, next.locationIds);
    const after = present(updated, next.locationIds);
    const action = before.trashed === after.trashed ? 'update' : after.trashed ? 'trash' : 'restore';
    await recordActivity(tx, actor, { entity: 'shift', entityId: id, action, before, after });
    // Upcoming items of a trashed shift carry INVALID_SHIFT until the planner changes them.
    const changed = action === 'update' ? [] : await revalidateItems(tx, actor.accountId, { shiftId: id });
    emitCatalogChanged(command, actor);
    announceRevalidated(command, actor.accountId, changed);
    return after;
  });
}

/** Deletes a shift for good; refused with IN_USE while roster items or preset items use it (trash it instead). */
export async function deleteShift(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const row = await shiftInAccount(tx, actor.accountId, id, true);
    requireCatalogEditor(actor);
    const before = present(row, (await locationIdsOf(tx, [id])).get(id) ?? []);
    const [{ items }] = await tx
      .select({ items: count() })
      .from(rosterItems)
      .where(and(eq(rosterItems.accountId, actor.accountId), eq(rosterItems.shiftId, id)));
    const [{ presets }] = await tx
      .select({ presets: count() })
      .from(presetItems)
      .where(
        and(
          eq(presetItems.shiftId, id),
          inArray(
            presetItems.locationId,
            tx.select({ id: locations.id }).from(locations).where(eq(locations.accountId, actor.accountId)),
          ),
        ),
      );
    if (items + presets > 0) throw new AppError('IN_USE', { data: { items, presetItems: presets } });
    await tx.delete(shifts).where(eq(shifts.id, id));
    await recordActivity(tx, actor, { entity: 'shift', entityId: id, action: 'delete', before });
    emitCatalogChanged(command, actor);
  });
}
