import type { AccountSettings, BulkResponse } from '@app/contracts';
import { addDays, datesBetween, daysBetween, now, placementRefusal, todayIn, weekdayOf } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { locations, rosterItems } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import {
  assertPlaceable,
  type ItemEdit,
  instantsOf,
  isOverlapViolation,
  requirePlanner,
  tellItemDeleteListeners,
  tellItemEditListeners,
} from './checks';
import type { ItemRow } from './present';
import { assertWithinPlanning, dutyOf, locationOf, lockMember, shiftOf } from './repo';
import { recordItemWebhooks } from './webhooks';

type Location = typeof locations.$inferSelect;

/**
 * A published roster cannot be bulk-edited or pasted into, nor can past days; selected items must have their
 * conflicts resolved first.
 */
function assertDaysOpen(dates: string[], location: Location, today: string) {
  for (const date of dates) {
    assertWithinPlanning(location, date);
    const reason = placementRefusal(date, today, location.releasedUntil, 'bulk');
    if (reason) throw new AppError('ERR_RELEASED', { data: { date, reason } });
  }
}

async function lockSelection(tx: Tx, actor: Actor, ids: string[]) {
  const rows = await tx
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.accountId, actor.accountId), inArray(rosterItems.id, ids)))
    .for('update');
  // A selection with items this account does not hold any more: another planner removed them since the roster was
  // loaded (the latency error). Nothing is done; the answer asks the client to reload (`reload`). Another account's
  // ids cannot be told from removed ones (row-level security), so they answer the same 404.
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', { data: { reload: true } });
  requirePlanner(actor);
  for (const locationId of new Set(rows.map((r) => r.locationId))) await requirePlanningInScope(tx, actor, locationId);
  const withConflicts = rows.filter((r) => r.conflicts.length > 0 || r.flag === 'signout');
  if (withConflicts.length) throw new AppError('ERR_CONFLICTS', { data: { items: withConflicts.map((r) => r.id) } });
  return rows;
}

/** The selection, locked, with its locations; refused when any of it lies on a released or past day. */
async function lockEditableSelection(tx: Tx, actor: Actor, ids: string[], today: string) {
  const rows = await lockSelection(tx, actor, ids);
  const locs = await locationsOf(
    tx,
    actor,
    rows.map((r) => r.locationId),
  );
  for (const r of rows) assertDaysOpen([r.date], locs.get(r.locationId)!, today);
  return { rows, locs };
}

async function locationsOf(tx: Tx, actor: Actor, ids: string[]) {
  const rows = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.accountId, actor.accountId), inArray(locations.id, [...new Set(ids)])))
    .for('share');
  return new Map(rows.map((l) => [l.id, l]));
}

/** Creates one item, checking its member by the same rules as a manual assignment. */
async function insertItem(
  tx: Tx,
  actor: Actor,
  settings: AccountSettings,
  draft: Omit<typeof rosterItems.$inferInsert, 'accountId'>,
): Promise<ItemRow> {
  const values = { ...draft, accountId: actor.accountId };
  const instants = instantsOf(
    { date: values.date, fromMinutes: values.fromMinutes ?? null, untilMinutes: values.untilMinutes ?? null },
    settings.timeZone,
  );
  if (values.membershipId) {
    const member = await lockMember(tx, actor.accountId, values.membershipId);
    if (member.status !== 'active')
      throw new AppError('VALIDATION', { fields: { user: ['validation.inactive'] } }, 'inactive member');
    const probe = { ...values, ...instants, id: '00000000-0000-0000-0000-000000000000' } as ItemRow;
    await assertPlaceable(tx, { accountId: actor.accountId, settings, item: probe, member, confirmed: true });
  }
  try {
    const [row] = await tx
      .insert(rosterItems)
      .values({ ...values, ...instants })
      .returning();
    return row;
  } catch (err) {
    if (isOverlapViolation(err)) throw new AppError('ERR_OVERLAP');
    throw err;
  }
}

/** Deleted items as edits (their offers' people were told before the delete took the offers with it). */
const deletions = (rows: ItemRow[]): ItemEdit[] => rows.map((r) => ({ before: r, after: null, action: 'delete' }));

async function run(
  ctx: AppContext,
  actor: Actor,
  action: string,
  body: (
    tx: Tx,
    settings: AccountSettings,
    today: string,
    remove: (rows: ItemRow[]) => Promise<void>,
  ) => Promise<BulkResponse & { locations: string[]; before?: ItemRow[]; edits?: ItemEdit[] }>,
): Promise<BulkResponse> {
  // Each action checks `requirePlanner` once it has found its ids (404 first).
  const settings = actor.settings;
  const today = todayIn(settings.timeZone);
  return runCommand(ctx, actor, async (command) => {
    // Deletes items after telling those who hang on to them (their offers' people), as a single delete does.
    const remove = async (rows: ItemRow[]) => {
      await tellItemDeleteListeners(ctx, command, actor, rows);
      await command.tx.delete(rosterItems).where(
        inArray(
          rosterItems.id,
          rows.map((r) => r.id),
        ),
      );
    };
    const out = await body(command.tx, settings, today, remove);
    await recordActivity(command.tx, actor, {
      entity: 'items',
      action: `bulk.${action}`,
      before: out.before ?? null,
      after: { created: out.created, changed: out.changed, deleted: out.deleted },
    });
    // What the bulk action did to existing items, told as single edits tell it (offers on them are withdrawn).
    await tellItemEditListeners(ctx, command, actor, out.edits ?? []);
    const deleted = new Set(out.deleted);
    await recordItemWebhooks(ctx, command, actor, {
      created: out.created,
      changed: out.changed,
      deleted: (out.before ?? []).filter((r) => deleted.has(r.id)),
    });
    const ids = [...out.created, ...out.changed, ...out.deleted];
    for (const location of new Set(out.locations))
      command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location, ids }, actor);
    return { created: out.created, changed: out.changed, deleted: out.deleted };
  });
}

/** Pastes the selection onto each date (copy keeps it, cut moves it), in one transaction. */
export const paste = (
  ctx: AppContext,
  actor: Actor,
  input: { items: string[]; mode: 'copy' | 'cut'; dates: string[]; withUsers: boolean; location?: string },
) =>
  run(ctx, actor, input.mode, async (tx, settings, today, removeRows) => {
    if (input.location) await locationOf(tx, actor.accountId, input.location);
    const rows = await lockSelection(tx, actor, input.items);
    if (input.location) await requirePlanningInScope(tx, actor, input.location);
    const locs = await locationsOf(tx, actor, [
      ...rows.map((r) => r.locationId),
      ...(input.location ? [input.location] : []),
    ]);
    for (const r of rows) assertDaysOpen(input.mode === 'cut' ? [r.date] : [], locs.get(r.locationId)!, today);
    const first = rows.map((r) => r.date).sort()[0];
    const deleted: string[] = [];
    if (input.mode === 'cut') {
      await removeRows(rows);
      deleted.push(...rows.map((r) => r.id));
    }
    const created: string[] = [];
    for (const target of [...new Set(input.dates)].sort()) {
      const shift = daysBetween(first, target);
      for (const r of rows) {
        const locationId = input.location ?? r.locationId;
        const date = addDays(r.date, shift);
        assertDaysOpen([date], locs.get(locationId)!, today);
        const row = await insertItem(tx, actor, settings, {
          locationId,
          date,
          membershipId: input.withUsers ? r.membershipId : null,
          dutyId: r.dutyId,
          shiftId: r.shiftId,
          fromMinutes: r.fromMinutes,
          untilMinutes: r.untilMinutes,
          breakMinutes: r.breakMinutes,
          costCentreId: r.costCentreId,
          tagIds: r.tagIds,
          notes: r.notes,
          internal: r.internal,
        });
        created.push(row.id);
      }
    }
    return {
      created,
      changed: [],
      deleted,
      locations: [...locs.keys()],
      before: input.mode === 'cut' ? rows : [],
      edits: input.mode === 'cut' ? deletions(rows) : [],
    };
  });

/** Duplicates each selected item on its own day as an open item. */
export const duplicate = (ctx: AppContext, actor: Actor, ids: string[]) =>
  run(ctx, actor, 'duplicate', async (tx, settings, today) => {
    const { rows, locs } = await lockEditableSelection(tx, actor, ids, today);
    const created: string[] = [];
    for (const r of rows) {
      const row = await insertItem(tx, actor, settings, {
        locationId: r.locationId,
        date: r.date,
        dutyId: r.dutyId,
        shiftId: r.shiftId,
        fromMinutes: r.fromMinutes,
        untilMinutes: r.untilMinutes,
        breakMinutes: r.breakMinutes,
        costCentreId: r.costCentreId,
        tagIds: r.tagIds,
        notes: r.notes,
      });
      created.push(row.id);
    }
    return { created, changed: [], deleted: [], locations: [...locs.keys()] };
  });

/** Unassigns the selected items: they stay as open duties. */
export const empty = (ctx: AppContext, actor: Actor, ids: string[]) =>
  run(ctx, actor, 'empty', async (tx, _settings, today) => {
    const { rows, locs } = await lockEditableSelection(tx, actor, ids, today);
    const updated = await tx
      .update(rosterItems)
      .set({ membershipId: null, flag: null, sick: null, pendingConfirmation: false, updatedAt: now() })
      .where(
        inArray(
          rosterItems.id,
          rows.map((r) => r.id),
        ),
      )
      .returning();
    const after = new Map(updated.map((r) => [r.id, r]));
    return {
      created: [],
      changed: rows.map((r) => r.id),
      deleted: [],
      locations: [...locs.keys()],
      before: rows,
      edits: rows.map((r) => ({ before: r, after: after.get(r.id) ?? null, action: 'user.remove' })),
    };
  });

export const remove = (ctx: AppContext, actor: Actor, ids: string[]) =>
  run(ctx, actor, 'delete', async (tx, _settings, today, removeRows) => {
    const { rows, locs } = await lockEditableSelection(tx, actor, ids, today);
    await removeRows(rows);
    return {
      created: [],
      changed: [],
      deleted: rows.map((r) => r.id),
      locations: [...locs.keys()],
      before: rows,
      edits: deletions(rows),
    };
  });

/** Creates open items over a range of days from a shift (its times) or a duty, a number per day. */
export const fill = (
  ctx: AppContext,
  actor: Actor,
  input: {
    location: string;
    from: string;
    until: string;
    shift?: string | null;
    duty?: string | null;
    count: number;
    weekdays?: number[];
  },
) =>
  run(ctx, actor, 'fill', async (tx, settings, today) => {
    if (!input.shift && !input.duty)
      throw new AppError(
        'VALIDATION',
        { fields: { shift: ['validation.required'], duty: ['validation.required'] } },
        'shift or duty',
      );
    const location = await locationOf(tx, actor.accountId, input.location);
    const shift = input.shift ? await shiftOf(tx, actor.accountId, input.shift) : null;
    if (input.duty) await dutyOf(tx, actor.accountId, input.duty);
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, location.id);
    const dates = datesBetween(input.from, input.until).filter(
      (d) => !input.weekdays || input.weekdays.includes(weekdayOf(d)),
    );
    assertDaysOpen(dates, location, today);
    const created: string[] = [];
    for (const date of dates) {
      for (let n = 0; n < input.count; n++) {
        const row = await insertItem(tx, actor, settings, {
          locationId: location.id,
          date,
          dutyId: input.duty ?? null,
          shiftId: shift?.id ?? null,
          fromMinutes: shift?.startMinutes ?? null,
          untilMinutes: shift?.endMinutes ?? null,
          breakMinutes: shift?.breakMinutes ?? 0,
        });
        created.push(row.id);
      }
    }
    return { created, changed: [], deleted: [], locations: [location.id] };
  });
