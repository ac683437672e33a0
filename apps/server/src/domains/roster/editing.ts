import type { AccountSettings, ItemChangeResponse } from '@app/contracts';
import { addDays, mayAssignMembers, now, parseHHmm, timesProblem, weekStart } from '@app/domain';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { itemApplications, type locations, rosterItems, tags as tagsTable } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordWebhook } from '../api/events';
import { announceRevalidated, type Revalidated, revalidateItems } from '../conflicts/revalidate';
import { requireDutyScope } from '../members/repo';
import { requirePlanningInScope } from '../members/scope';
import {
  assertHoldsDuty,
  assertPlaceable,
  type ConfirmedFlag,
  instantsOf,
  isOverlapViolation,
  requirePlanner,
  runItemChangeGuards,
  tellItemDeleteListeners,
  tellItemEditListeners,
} from './checks';
import { notifyItemChange } from './notify';
import { type ItemRow, presentItem } from './present';
import {
  applicationsOf,
  assertWithinPlanning,
  dutyOf,
  locationOf,
  lockItem,
  lockMember,
  resourceOf,
  shiftOf,
} from './repo';
import { statsFor } from './stats';

type Patch = Partial<Omit<ItemRow, 'id' | 'accountId' | 'createdAt'>>;

export interface EditContext {
  tx: Tx;
  actor: Actor;
  settings: AccountSettings;
  /** The item as it is now (locked). */
  row: ItemRow;
  /** Deletes the item, after telling those who hang on to it (roster/checks.ts, ItemDeleteListener). */
  remove: () => Promise<EditResult>;
}

/** What an edit did: the new row (null when the item is gone) and who is affected. */
interface EditResult {
  row: ItemRow | null;
  action: string;
  /** Applicants an application decision turned down (the denied one, or the others when one is accepted). */
  declined?: string[];
}

function timesFrom(
  input: { start?: string | null; end?: string | null; break?: number },
  date: string,
  timeZone: string,
) {
  const problem = timesProblem({ from: input.start, until: input.end, break: input.break ?? 0 }, date, timeZone);
  if (problem === 'ERR_BREAK')
    throw new AppError('VALIDATION', { fields: { break: ['validation.break'] } }, 'invalid break');
  if (problem) throw new AppError(problem);
  if (!input.start || !input.end) return null;
  return { fromMinutes: parseHHmm(input.start)!, untilMinutes: parseHHmm(input.end)!, breakMinutes: input.break ?? 0 };
}

/** Writes a patch, keeping the stored instants in step with the times. */
async function writePatch(tx: Tx, row: ItemRow, patch: Patch, timeZone: string): Promise<ItemRow> {
  const next = { ...row, ...patch };
  const instants = instantsOf(next, timeZone);
  try {
    const [updated] = await tx
      .update(rosterItems)
      .set({ ...patch, ...instants, updatedAt: now() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return updated;
  } catch (err) {
    if (isOverlapViolation(err)) throw new AppError('ERR_OVERLAP');
    throw err;
  }
}

/**
 * Recomputes the stored conflicts (availability, duty, shift, person) of the edited item and of the other items of
 * the members it concerned or concerns on that day; answers those whose codes changed.
 */
async function revalidateAfterEdit(
  tx: Tx,
  accountId: string,
  row: Pick<ItemRow, 'id' | 'date'> | null,
  date: string,
  members: string[],
  resourceIds: string[],
) {
  const changed = row ? await revalidateItems(tx, accountId, { itemIds: [row.id] }) : [];
  const add = (found: Revalidated[]) => {
    for (const c of found) if (!changed.some((x) => x.id === c.id)) changed.push(c);
  };
  for (const membershipId of new Set(members))
    add(await revalidateItems(tx, accountId, { membershipId, dates: [date] }));
  // A resource is held across midnight by overnight items: its items of the day either side may gain or lose a clash.
  const around = [addDays(date, -1), date, addDays(date, 1)];
  for (const resourceId of new Set(resourceIds))
    add(await revalidateItems(tx, accountId, { resourceId, dates: around }));
  return changed;
}

/** Re-checks the assigned member against the item's new values before they are written. */
async function checkAssigned(ctx: EditContext, next: ItemRow, confirmed: ConfirmedFlag) {
  if (!next.membershipId) return;
  const member = await lockMember(ctx.tx, ctx.actor.accountId, next.membershipId);
  await assertPlaceable(ctx.tx, {
    accountId: ctx.actor.accountId,
    settings: ctx.settings,
    item: next,
    member,
    confirmed,
  });
}

async function blockedByApplications(tx: Tx, row: ItemRow) {
  const apps = await applicationsOf(tx, row.accountId, row.id);
  if (apps.some((a) => a.accepted !== false)) throw new AppError('ERR_APPLICATIONS');
}

/** Writes that change what stored conflicts depend on: a new item, the person, the duty, the shift, the times. */
const REVALIDATING_ACTIONS = new Set([
  'create',
  'user',
  'user.remove',
  'application.accept',
  'duty',
  'shift',
  'shift.remove',
  'times',
  'times.remove',
  'resource',
  'resource.remove',
]);

/** Edits the assigned member does not see (internal notes, conflicts) tell nobody. */
const UNSEEN_BY_MEMBERS = new Set(['internal', 'conflict.remove']);

const isEmpty = (r: ItemRow) => !r.dutyId && !r.shiftId && r.fromMinutes === null && !r.membershipId;

/** What an item write leaves to the shared tail: the item before and after, what happened, its location. */
interface ItemChange {
  before: ItemRow | null;
  after: ItemRow | null;
  action: string;
  declined?: string[];
  location: typeof locations.$inferSelect;
}

/**
 * The tail every item write shares, inside its command: recompute the stored conflicts the change touched, log it,
 * announce it to open rosters, notify the members concerned, and present the answer (the item, the other items
 * whose conflicts changed, and the planned minutes of the members involved in the item's week).
 */
async function finishItemChange(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  settings: AccountSettings,
  change: ItemChange,
): Promise<ItemChangeResponse> {
  const { tx } = command;
  const { before, action, location } = change;
  let after = change.after;
  const item = (after ?? before)!;
  const members = [before?.membershipId, after?.membershipId].filter((m): m is string => Boolean(m));
  const resourceIds = [before?.resourceId, after?.resourceId].filter((r): r is string => Boolean(r));
  // The stored conflicts of the item and of the other items of the people and resources involved that day follow an
  // edit of what they depend on; a code the planner removed stays removed through other edits (notes, tags, ...).
  // A deleted item's resource may be free again for the others.
  const changed = REVALIDATING_ACTIONS.has(action)
    ? await revalidateAfterEdit(tx, actor.accountId, item, item.date, members, resourceIds)
    : !after && resourceIds.length
      ? await revalidateAfterEdit(tx, actor.accountId, null, item.date, [], resourceIds)
      : [];
  if (after && changed.some((c) => c.id === item.id)) {
    [after] = await tx.select().from(rosterItems).where(eq(rosterItems.id, item.id));
  }
  await recordActivity(tx, actor, { entity: 'item', entityId: item.id, action, before, after });
  await tellItemEditListeners(ctx, command, actor, [{ before, after, action }]);
  const others = changed.filter((c) => c.id !== item.id).map((c) => c.id);
  const revalidatedRows = others.length
    ? await tx.select().from(rosterItems).where(inArray(rosterItems.id, others))
    : [];
  const revalidatedApplications = others.length
    ? await tx.select().from(itemApplications).where(inArray(itemApplications.itemId, others))
    : [];
  const from = weekStart(item.date, settings.weekStartsOn);
  const weekItems = members.length
    ? await tx
        .select()
        .from(rosterItems)
        .where(
          and(
            eq(rosterItems.accountId, actor.accountId),
            inArray(rosterItems.membershipId, members),
            between(rosterItems.date, from, addDays(from, 6)),
          ),
        )
    : [];
  const applications = after ? await applicationsOf(tx, after.accountId, after.id) : [];
  command.emit(
    `account.${actor.accountId}`,
    'LocationUpdated',
    {
      location: item.locationId,
      ids: [item.id, ...revalidatedRows.filter((r) => r.locationId === item.locationId).map((r) => r.id)],
    },
    actor,
  );
  announceRevalidated(
    command,
    actor.accountId,
    revalidatedRows.filter((r) => r.locationId !== item.locationId),
  );
  if (!UNSEEN_BY_MEMBERS.has(action)) {
    await notifyItemChange(ctx, command, actor, { action, before, after, location, declined: change.declined });
  }
  await recordWebhook(
    ctx,
    command,
    actor.accountId,
    !after ? 'item.deleted' : action === 'create' ? 'item.created' : 'item.changed',
    { id: item.id, location: item.locationId, date: item.date },
  );
  const viewer = { membershipId: actor.membershipId, planner: true, seesName: true };
  return {
    item: after ? presentItem(after, applications, viewer, settings.timeZone) : null,
    revalidated: revalidatedRows.map((r) =>
      presentItem(
        r,
        revalidatedApplications.filter((a) => a.itemId === r.id),
        viewer,
        settings.timeZone,
      ),
    ),
    stats: statsFor(weekItems, settings.timeZone),
  };
}

/**
 * Runs one planner edit of an item as a command: lock, authorise, change, then the shared tail (revalidate, log,
 * announce, notify, present).
 */
export async function editItem(
  ctx: AppContext,
  actor: Actor,
  itemId: string,
  change: (edit: EditContext) => Promise<EditResult>,
): Promise<ItemChangeResponse> {
  const settings = actor.settings;
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await lockItem(tx, actor.accountId, itemId);
    // Another account's item answered 404 above, whoever asks; only then the role decides.
    requirePlanner(actor);
    const location = await locationOf(tx, actor.accountId, row.locationId);
    await requirePlanningInScope(tx, actor, location.id);
    const remove = async (): Promise<EditResult> => {
      await tellItemDeleteListeners(ctx, command, actor, [row]);
      await tx.delete(rosterItems).where(eq(rosterItems.id, row.id));
      return { row: null, action: 'delete' };
    };
    const out = await change({ tx, actor, settings, row, remove });
    // The restriction by duties: neither the duty the item had nor the one it gets may lie outside it.
    await requireDutyScope(tx, actor.membershipId, [row.dutyId, out.row?.dutyId]);
    return finishItemChange(ctx, command, actor, settings, {
      before: row,
      after: out.row,
      action: out.action,
      declined: out.declined,
      location,
    });
  });
}

export async function createItem(
  ctx: AppContext,
  actor: Actor,
  input: {
    location: string;
    date: string;
    duty?: string | null;
    shift?: string | null;
    times?: { start: string; end: string; break: number } | null;
    user?: string | null;
    tags?: string[];
    notes?: string;
    confirmed?: ConfirmedFlag;
  },
): Promise<ItemChangeResponse> {
  const settings = actor.settings;
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const location = await locationOf(tx, actor.accountId, input.location);
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, location.id);
    await requireDutyScope(tx, actor.membershipId, [input.duty]);
    if (input.user) requireAllowed(mayAssignMembers(actor));
    assertWithinPlanning(location, input.date);
    if (input.duty) await dutyOf(tx, actor.accountId, input.duty);
    let times = input.times ? timesFrom(input.times, input.date, settings.timeZone) : null;
    if (input.shift) {
      const shift = await shiftOf(tx, actor.accountId, input.shift);
      times ??= { fromMinutes: shift.startMinutes, untilMinutes: shift.endMinutes, breakMinutes: shift.breakMinutes };
    }
    if (input.tags?.length) await assertTags(tx, actor.accountId, input.tags);
    const draft = {
      accountId: actor.accountId,
      locationId: input.location,
      date: input.date,
      dutyId: input.duty ?? null,
      shiftId: input.shift ?? null,
      fromMinutes: times?.fromMinutes ?? null,
      untilMinutes: times?.untilMinutes ?? null,
      breakMinutes: times?.breakMinutes ?? 0,
      membershipId: null as string | null,
      tagIds: input.tags ?? [],
      notes: input.notes?.trim() || null,
    };
    if (!draft.dutyId && !draft.shiftId && draft.fromMinutes === null && !input.user) {
      throw new AppError(
        'VALIDATION',
        { fields: { duty: ['validation.required'] } },
        'an item needs a duty, a shift, times or a person',
      );
    }
    const [row] = await tx
      .insert(rosterItems)
      .values({ ...draft, ...instantsOf(draft, settings.timeZone) })
      .returning();
    let created = row;
    if (input.user) {
      const member = await lockMember(tx, actor.accountId, input.user);
      if (member.status !== 'active')
        throw new AppError('VALIDATION', { fields: { user: ['validation.inactive'] } }, 'inactive member');
      await assertPlaceable(tx, {
        accountId: actor.accountId,
        settings,
        item: { ...row, membershipId: member.id },
        member,
        confirmed: input.confirmed,
      });
      await assertHoldsDuty(tx, { item: row, member, accountId: actor.accountId, confirmed: input.confirmed });
      created = await writePatch(tx, row, { membershipId: member.id }, settings.timeZone);
    }
    // A new item's stored conflicts are its own; another item of the person that day may be corrected with it.
    return finishItemChange(ctx, command, actor, settings, {
      before: null,
      after: created,
      action: 'create',
      location,
    });
  });
}

async function assertTags(tx: Tx, accountId: string, ids: string[]) {
  const found = await tx
    .select({ id: tagsTable.id })
    .from(tagsTable)
    .where(and(eq(tagsTable.accountId, accountId), inArray(tagsTable.id, ids)));
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
}

export const setTimes = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { start?: string | null; end?: string | null; break: number; confirmed?: ConfirmedFlag },
) =>
  editItem(ctx, actor, id, async (edit) => {
    await runItemChangeGuards(edit.tx, edit.row, 'times', false);
    await blockedByApplications(edit.tx, edit.row);
    const times = timesFrom(input, edit.row.date, edit.settings.timeZone);
    if (!times) throw new AppError('ERR_TIMES');
    const next = { ...edit.row, ...times };
    await checkAssigned(edit, next, input.confirmed);
    return { row: await writePatch(edit.tx, edit.row, times, edit.settings.timeZone), action: 'times' };
  });

export const removeTimes = (ctx: AppContext, actor: Actor, id: string, force: boolean) =>
  editItem(ctx, actor, id, async (edit) => {
    await runItemChangeGuards(edit.tx, edit.row, 'times', force);
    await blockedByApplications(edit.tx, edit.row);
    if (edit.row.flag === 'sick') throw new AppError('ERR_SICK');
    const patch = { fromMinutes: null, untilMinutes: null, breakMinutes: 0, shiftId: null };
    const next = { ...edit.row, ...patch };
    if (isEmpty(next)) return removeWhenForced(edit, force);
    // Without times the item stands for the whole day: that cannot be while the member has other items that day.
    await checkAssigned(edit, next, 'OVERRULE_REST').catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'ERR_EXISTING_FULL')
        throw new AppError('ERR_OVERLAP_REMOVAL', err.extra);
      throw err;
    });
    return { row: await writePatch(edit.tx, edit.row, patch, edit.settings.timeZone), action: 'times.remove' };
  });

async function removeWhenForced(edit: EditContext, force: boolean): Promise<EditResult> {
  if (!force) throw new AppError('ERR_LAST_CONTENT', { data: { force: true } });
  return edit.remove();
}

export const setShift = (ctx: AppContext, actor: Actor, id: string, shiftId: string, confirmed?: ConfirmedFlag) =>
  editItem(ctx, actor, id, async (edit) => {
    await runItemChangeGuards(edit.tx, edit.row, 'shift', false);
    await blockedByApplications(edit.tx, edit.row);
    const shift = await shiftOf(edit.tx, actor.accountId, shiftId);
    const patch = {
      shiftId: shift.id,
      fromMinutes: shift.startMinutes,
      untilMinutes: shift.endMinutes,
      breakMinutes: shift.breakMinutes,
    };
    await checkAssigned(edit, { ...edit.row, ...patch }, confirmed);
    return { row: await writePatch(edit.tx, edit.row, patch, edit.settings.timeZone), action: 'shift' };
  });

export const removeShift = (ctx: AppContext, actor: Actor, id: string, force: boolean) =>
  editItem(ctx, actor, id, async (edit) => {
    await runItemChangeGuards(edit.tx, edit.row, 'shift', force);
    await blockedByApplications(edit.tx, edit.row);
    const patch = { shiftId: null };
    if (isEmpty({ ...edit.row, ...patch, fromMinutes: edit.row.fromMinutes })) return removeWhenForced(edit, force);
    return { row: await writePatch(edit.tx, edit.row, patch, edit.settings.timeZone), action: 'shift.remove' };
  });

export const setDuty = (ctx: AppContext, actor: Actor, id: string, dutyId: string) =>
  editItem(ctx, actor, id, async (edit) => {
    const duty = await dutyOf(edit.tx, actor.accountId, dutyId);
    const next = { ...edit.row, dutyId: duty.id };
    // A new duty may ask for a different rest period after it.
    await checkAssigned(edit, next, 'OVERRULE_REST');
    return { row: await writePatch(edit.tx, edit.row, { dutyId: duty.id }, edit.settings.timeZone), action: 'duty' };
  });

export const setUser = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { user: string; confirmed?: ConfirmedFlag; force?: boolean },
) =>
  editItem(ctx, actor, id, async (edit) => {
    requireAllowed(mayAssignMembers(actor));
    await runItemChangeGuards(edit.tx, edit.row, 'user', input.force ?? false);
    const member = await lockMember(edit.tx, actor.accountId, input.user);
    if (member.status !== 'active')
      throw new AppError('VALIDATION', { fields: { user: ['validation.inactive'] } }, 'inactive member');
    if (edit.row.membershipId === member.id) {
      // Choosing the same person again removes them.
      return {
        row: await writePatch(
          edit.tx,
          edit.row,
          { membershipId: null, flag: null, sick: null },
          edit.settings.timeZone,
        ),
        action: 'user.remove',
      };
    }
    const next = { ...edit.row, membershipId: member.id };
    await assertPlaceable(edit.tx, {
      accountId: actor.accountId,
      settings: edit.settings,
      item: next,
      member,
      confirmed: input.confirmed,
    });
    await assertHoldsDuty(edit.tx, { item: next, member, accountId: actor.accountId, confirmed: input.confirmed });
    return {
      row: await writePatch(
        edit.tx,
        edit.row,
        { membershipId: member.id, flag: null, sick: null, pendingConfirmation: false },
        edit.settings.timeZone,
      ),
      action: 'user',
    };
  });

export const removeUser = (ctx: AppContext, actor: Actor, id: string, force: boolean) =>
  editItem(ctx, actor, id, async (edit) => {
    requireAllowed(mayAssignMembers(actor));
    await runItemChangeGuards(edit.tx, edit.row, 'user', force);
    const patch = { membershipId: null, flag: null, sick: null, pendingConfirmation: false };
    if (isEmpty({ ...edit.row, ...patch })) return removeWhenForced(edit, force);
    return { row: await writePatch(edit.tx, edit.row, patch, edit.settings.timeZone), action: 'user.remove' };
  });

/** Puts a vehicle or piece of equipment on the item (docs/product/resources.md); choosing the same one takes it off. */
export const setResource = (ctx: AppContext, actor: Actor, id: string, resourceId: string) =>
  editItem(ctx, actor, id, async (edit) => {
    const resource = await resourceOf(edit.tx, actor.accountId, resourceId);
    const next = edit.row.resourceId === resource.id ? null : resource.id;
    return {
      row: await writePatch(edit.tx, edit.row, { resourceId: next, travelRole: null }, edit.settings.timeZone),
      action: next ? 'resource' : 'resource.remove',
    };
  });

export const removeResource = (ctx: AppContext, actor: Actor, id: string) =>
  editItem(ctx, actor, id, async (edit) => ({
    row: await writePatch(edit.tx, edit.row, { resourceId: null, travelRole: null }, edit.settings.timeZone),
    action: 'resource.remove',
  }));

export const setTags = (ctx: AppContext, actor: Actor, id: string, tagIds: string[]) =>
  editItem(ctx, actor, id, async (edit) => {
    const unique = [...new Set(tagIds)];
    if (unique.length) await assertTags(edit.tx, actor.accountId, unique);
    return { row: await writePatch(edit.tx, edit.row, { tagIds: unique }, edit.settings.timeZone), action: 'tags' };
  });

export const setNotes = (ctx: AppContext, actor: Actor, id: string, notes: string | null) =>
  editItem(ctx, actor, id, async (edit) => ({
    row: await writePatch(edit.tx, edit.row, { notes: notes?.trim() || null }, edit.settings.timeZone),
    action: 'notes',
  }));

export const setInternal = (ctx: AppContext, actor: Actor, id: string, internal: string | null) =>
  editItem(ctx, actor, id, async (edit) => ({
    row: await writePatch(edit.tx, edit.row, { internal: internal?.trim() || null }, edit.settings.timeZone),
    action: 'internal',
  }));

export const deleteItem = (ctx: AppContext, actor: Actor, id: string, force = false) =>
  editItem(ctx, actor, id, async (edit) => {
    await runItemChangeGuards(edit.tx, edit.row, 'delete', force);
    await blockedByApplications(edit.tx, edit.row);
    return edit.remove();
  });
