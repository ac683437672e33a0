import type { StaffingNeed, StaffingNeedsInput, StaffingNeedsResponse } from '@app/contracts';
import { mayManageCatalog, staffingFromPreset } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duties, presetItems, shifts, staffingNeeds } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { locationOf } from '../roster/repo';

/** The planning (404 across accounts), then the right to edit plannings and the planner's restriction. */
async function editablePlanning(db: DbOrTx, actor: Actor, locationId: string) {
  const location = await locationOf(db, actor.accountId, locationId);
  requireAllowed(mayManageCatalog(actor));
  await requirePlanningInScope(db, actor, location.id);
  return location;
}

/** A planning's stored staffing needs, by weekday. */
export async function needsOf(db: DbOrTx, locationIds: readonly string[]) {
  if (locationIds.length === 0) return [];
  return db
    .select()
    .from(staffingNeeds)
    .where(inArray(staffingNeeds.locationId, [...locationIds]))
    .orderBy(asc(staffingNeeds.weekday));
}

const present = (r: Omit<typeof staffingNeeds.$inferSelect, 'id' | 'locationId'>): Required<StaffingNeed> => ({
  weekday: r.weekday,
  shiftId: r.shiftId,
  dutyId: r.dutyId,
  count: r.count,
  underWeight: r.underWeight,
  overWeight: r.overWeight,
});

export async function getStaffing(ctx: AppContext, actor: Actor, locationId: string): Promise<StaffingNeedsResponse> {
  const location = await editablePlanning(ctx.db, actor, locationId);
  return { needs: (await needsOf(ctx.db, [location.id])).map(present) };
}

/**
 * Replaces a planning's staffing needs. Shifts and duties must be the account's and not trashed (422 on the line's
 * field otherwise).
 */
export async function saveStaffing(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  input: StaffingNeedsInput,
): Promise<StaffingNeedsResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const location = await editablePlanning(tx, actor, locationId);
    const needs = input.needs.map((n) => ({ ...n, underWeight: n.underWeight ?? 100, overWeight: n.overWeight ?? 1 }));
    const shiftIds = [...new Set(needs.map((n) => n.shiftId))];
    const dutyIds = [...new Set(needs.flatMap((n) => (n.dutyId ? [n.dutyId] : [])))];
    const [shiftRows, dutyRows] = await Promise.all([
      shiftIds.length
        ? tx
            .select({ id: shifts.id })
            .from(shifts)
            .where(and(eq(shifts.accountId, actor.accountId), eq(shifts.trashed, false), inArray(shifts.id, shiftIds)))
        : [],
      dutyIds.length
        ? tx
            .select({ id: duties.id })
            .from(duties)
            .where(and(eq(duties.accountId, actor.accountId), eq(duties.trashed, false), inArray(duties.id, dutyIds)))
        : [],
    ]);
    const knownShifts = new Set(shiftRows.map((r) => r.id));
    const knownDuties = new Set(dutyRows.map((r) => r.id));
    const problems: Record<string, string[]> = {};
    needs.forEach((n, i) => {
      if (!knownShifts.has(n.shiftId)) problems[`needs.${i}.shiftId`] = ['validation.unknownIds'];
      if (n.dutyId && !knownDuties.has(n.dutyId)) problems[`needs.${i}.dutyId`] = ['validation.unknownIds'];
    });
    if (Object.keys(problems).length) throw fieldError(problems);
    const before = await needsOf(tx, [location.id]);
    await tx.delete(staffingNeeds).where(eq(staffingNeeds.locationId, location.id));
    if (needs.length) await tx.insert(staffingNeeds).values(needs.map((n) => ({ ...n, locationId: location.id })));
    await recordActivity(tx, actor, {
      entity: 'staffing',
      entityId: location.id,
      action: 'update',
      before: { needs: before.length },
      after: { needs: needs.length },
    });
    return { needs: needs.map(present) };
  });
}

/** Staffing needs derived from the planning's preset (not saved: the planner reviews them first). */
export async function staffingFromPresetOf(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
): Promise<StaffingNeedsResponse> {
  const location = await editablePlanning(ctx.db, actor, locationId);
  const slots = await ctx.db
    .select({ dayIndex: presetItems.dayIndex, shiftId: presetItems.shiftId, dutyId: presetItems.dutyId })
    .from(presetItems)
    .where(eq(presetItems.locationId, location.id));
  return { needs: staffingFromPreset(slots, location.presetWeeks) };
}
