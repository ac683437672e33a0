import { PRESET_MAX_WEEKS } from '@app/contracts';
import { addDays, datesBetween, daysBetween, formatHHmm, isReleased, todayIn, weekStart } from '@app/domain';
import { and, asc, between, eq } from 'drizzle-orm';
import { duties, locations, presetItems, rosterItems, shiftLocations, shifts, tags } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { assertPlaceable, instantsOf, requirePlanner } from './checks';
import { locationOf, lockMember } from './repo';
import { recordItemWebhooks } from './webhooks';

/** Preset days are shown on the weeks from this Monday, so the client can name the weekdays. */
export const PRESET_REFERENCE_MONDAY = '2001-01-01';

/** Saves up to four weeks of a location, from the week holding `from`, as its preset (replacing the old one). */
export async function savePreset(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  input: { from: string; weeks: number },
) {
  if (input.weeks < 1 || input.weeks > PRESET_MAX_WEEKS)
    throw new AppError('VALIDATION', { fields: { weeks: ['validation.range'] } });
  const settings = actor.settings;
  const first = weekStart(input.from, settings.weekStartsOn);
  const last = addDays(first, input.weeks * 7 - 1);
  return runCommand(ctx, actor, async ({ tx }) => {
    await locationOf(tx, actor.accountId, locationId);
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, locationId);
    const rows = await tx
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.locationId, locationId),
          between(rosterItems.date, first, last),
        ),
      );
    await tx.delete(presetItems).where(eq(presetItems.locationId, locationId));
    if (rows.length) {
      await tx.insert(presetItems).values(
        rows.map((r) => ({
          locationId,
          dayIndex: daysBetween(first, r.date),
          membershipId: r.membershipId,
          dutyId: r.dutyId,
          shiftId: r.shiftId,
          fromMinutes: r.fromMinutes,
          untilMinutes: r.untilMinutes,
          breakMinutes: r.breakMinutes,
          tagIds: r.tagIds,
          notes: r.notes,
        })),
      );
    }
    await tx.update(locations).set({ presetWeeks: input.weeks }).where(eq(locations.id, locationId));
    await recordActivity(tx, actor, {
      entity: 'preset',
      entityId: locationId,
      action: 'save',
      after: { from: first, weeks: input.weeks, items: rows.length },
    });
    return { weeks: input.weeks, items: rows.length };
  });
}

/** The preset of a location in the shape of a roster load (scope=preset). */
export async function loadPreset(ctx: AppContext, actor: Actor, locationId: string) {
  const location = await locationOf(ctx.db, actor.accountId, locationId);
  requirePlanner(actor);
  await requirePlanningInScope(ctx.db, actor, location.id);
  const settings = actor.settings;
  const rows = await ctx.db
    .select()
    .from(presetItems)
    .where(eq(presetItems.locationId, locationId))
    .orderBy(asc(presetItems.dayIndex), asc(presetItems.fromMinutes));
  const tagRows = await ctx.db.select().from(tags).where(eq(tags.accountId, actor.accountId));
  const days = Array.from({ length: location.presetWeeks * 7 }, (_, i) => addDays(PRESET_REFERENCE_MONDAY, i));
  return {
    days: days.map((date) => ({ date, released: false, past: false })),
    items: rows.map((r) => ({
      id: r.id,
      date: addDays(PRESET_REFERENCE_MONDAY, r.dayIndex),
      location: locationId,
      user: r.membershipId,
      assigned: r.membershipId !== null,
      duty: r.dutyId,
      shift: r.shiftId,
      times:
        r.fromMinutes !== null && r.untilMinutes !== null
          ? { from: formatHHmm(r.fromMinutes), until: formatHHmm(r.untilMinutes), break: r.breakMinutes }
          : null,
      tags: r.tagIds,
      notes: r.notes,
      internal: null,
      flag: null,
      conflicts: null,
      hour: null,
      stats: null,
      resource: null,
      travelRole: null,
      project: null,
      applications: [],
      pending: false,
    })),
    comments: [],
    notes: {},
    tags: Object.fromEntries(tagRows.map((t) => [t.id, { id: t.id, name: t.name }])),
    availability: [],
    weeks: location.presetWeeks,
    timeZone: settings.timeZone,
  };
}

/**
 * Applies the preset to a period: its weeks repeat from the week holding `from`. Members come along when the
 * same rules as a manual assignment let them; otherwise the item is created open. Released and past days are
 * refused.
 */
export async function applyPreset(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  input: { from: string; until: string; withUsers: boolean },
) {
  const settings = actor.settings;
  const today = todayIn(settings.timeZone);
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [location] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('share');
    if (!location || location.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, location.id);
    if (location.presetWeeks === 0) throw new AppError('CONFLICT', { data: { reason: 'noPreset' } }, 'no preset');
    const dates = datesBetween(input.from, input.until);
    for (const date of dates) {
      if (date < today) throw new AppError('ERR_RELEASED', { data: { date, reason: 'past' } });
      if (isReleased(date, location.releasedUntil))
        throw new AppError('ERR_RELEASED', { data: { date, reason: 'released' } });
    }
    const preset = await tx.select().from(presetItems).where(eq(presetItems.locationId, locationId));
    // Shifts and duties trashed since the preset was saved are left out of the new items.
    const liveShifts = new Set(
      (
        await tx
          .select({ id: shifts.id })
          .from(shifts)
          .innerJoin(shiftLocations, eq(shiftLocations.shiftId, shifts.id))
          .where(and(eq(shiftLocations.locationId, locationId), eq(shifts.trashed, false)))
      ).map((s) => s.id),
    );
    const liveDuties = new Set(
      (
        await tx
          .select({ id: duties.id })
          .from(duties)
          .where(and(eq(duties.accountId, actor.accountId), eq(duties.trashed, false)))
      ).map((d) => d.id),
    );
    const cycle = location.presetWeeks * 7;
    const anchor = weekStart(input.from, settings.weekStartsOn);
    const created: string[] = [];
    let unassigned = 0;
    for (const date of dates) {
      const index = ((daysBetween(anchor, date) % cycle) + cycle) % cycle;
      for (const p of preset.filter((x) => x.dayIndex === index)) {
        const base = {
          accountId: actor.accountId,
          locationId,
          date,
          dutyId: p.dutyId && liveDuties.has(p.dutyId) ? p.dutyId : null,
          shiftId: p.shiftId && liveShifts.has(p.shiftId) ? p.shiftId : null,
          fromMinutes: p.fromMinutes,
          untilMinutes: p.untilMinutes,
          breakMinutes: p.breakMinutes,
          tagIds: p.tagIds,
          notes: p.notes,
        };
        const instants = instantsOf(base, settings.timeZone);
        let membershipId: string | null = null;
        if (input.withUsers && p.membershipId) {
          try {
            const member = await lockMember(tx, actor.accountId, p.membershipId);
            if (member.status === 'active') {
              const probe = {
                ...base,
                ...instants,
                id: '00000000-0000-0000-0000-000000000000',
                membershipId: member.id,
              } as never;
              // The rules only read, so a refusal leaves the transaction intact.
              await assertPlaceable(tx, {
                accountId: actor.accountId,
                settings,
                item: probe,
                member,
                confirmed: undefined,
              });
              membershipId = member.id;
            }
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
          }
          if (!membershipId) unassigned++;
        }
        const [row] = await tx
          .insert(rosterItems)
          .values({ ...base, ...instants, membershipId })
          .returning({ id: rosterItems.id });
        created.push(row.id);
      }
    }
    await recordActivity(tx, actor, {
      entity: 'preset',
      entityId: locationId,
      action: 'apply',
      after: { ...input, created: created.length, unassigned },
    });
    await recordItemWebhooks(ctx, command, actor, { created, changed: [], deleted: [] });
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: locationId, ids: created }, actor);
    return { created: created.length, unassigned };
  });
}
