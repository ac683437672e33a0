import { NOTE_MAX_LENGTH } from '@app/contracts';
import { mayDeleteComment, mayWriteDayComment, mayWriteItemMessage, now } from '@app/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dayComments, dayNotes, itemMessages, rosterItems, locations as rosterItemsLocation } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { requirePlanner } from './checks';
import { locationOf } from './repo';

const trimmed = (text: string, field: string) => {
  const value = text.trim();
  if (value === '') throw new AppError('VALIDATION', { fields: { [field]: ['validation.required'] } }, 'empty message');
  if (value.length > NOTE_MAX_LENGTH)
    throw new AppError('VALIDATION', { fields: { [field]: ['validation.tooLong'] } }, 'too long');
  return value;
};

/** Day comments are written by owners, managers and planners (observers and employees read them). */
async function assertMayComment(tx: Tx, actor: Actor, locationId: string) {
  await locationOf(tx, actor.accountId, locationId);
  requireAllowed(mayWriteDayComment(actor));
  await requirePlanningInScope(tx, actor, locationId);
}

/** A planner's note on a day of a location: at most 500 characters; empty removes it. */
export function setDayNote(ctx: AppContext, actor: Actor, locationId: string, date: string, content: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    await locationOf(tx, actor.accountId, locationId);
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, locationId);
    const value = content.trim();
    if (value.length > NOTE_MAX_LENGTH)
      throw new AppError('VALIDATION', { fields: { content: ['validation.tooLong'] } }, 'too long');
    if (value === '')
      await tx.delete(dayNotes).where(and(eq(dayNotes.locationId, locationId), eq(dayNotes.date, date)));
    else
      await tx
        .insert(dayNotes)
        .values({ locationId, date, content: value })
        .onConflictDoUpdate({
          target: [dayNotes.locationId, dayNotes.date],
          set: { content: value, updatedAt: now() },
        });
    await recordActivity(tx, actor, {
      entity: 'note',
      entityId: locationId,
      action: value ? 'set' : 'remove',
      after: { date, content: value },
    });
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: locationId, notes: [date] }, actor);
    return { date, content: value || null };
  });
}

/** A comment on a roster date, by a planner (owners and managers plan too). */
export function addDayComment(
  ctx: AppContext,
  actor: Actor,
  input: { location: string; date: string; comment: string },
) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    await assertMayComment(tx, actor, input.location);
    const message = trimmed(input.comment, 'comment');
    const [row] = await tx
      .insert(dayComments)
      .values({ locationId: input.location, date: input.date, membershipId: actor.membershipId, message })
      .returning();
    await recordActivity(tx, actor, { entity: 'comment', entityId: row.id, action: 'create', after: row });
    command.emit(
      `account.${actor.accountId}`,
      'LocationUpdated',
      { location: input.location, comments: [row.id] },
      actor,
    );
    return {
      id: row.id,
      date: row.date,
      user: row.membershipId,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export function deleteDayComment(ctx: AppContext, actor: Actor, id: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [row] = await tx
      .select({ comment: dayComments })
      .from(dayComments)
      .innerJoin(rosterItemsLocation, eq(rosterItemsLocation.id, dayComments.locationId))
      .where(and(eq(dayComments.id, id), eq(rosterItemsLocation.accountId, actor.accountId)));
    if (!row) throw new AppError('NOT_FOUND');
    requireAllowed(mayDeleteComment(actor, row.comment.membershipId));
    // Someone else's comment is taken down by an owner or manager of that planning only.
    if (row.comment.membershipId !== actor.membershipId)
      await requirePlanningInScope(tx, actor, row.comment.locationId);
    await tx.delete(dayComments).where(eq(dayComments.id, id));
    await recordActivity(tx, actor, { entity: 'comment', entityId: id, action: 'delete', before: row.comment });
    command.emit(
      `account.${actor.accountId}`,
      'LocationUpdated',
      { location: row.comment.locationId, comments: [id] },
      actor,
    );
  });
}

/**
 * The messages of an item, oldest first: read by whoever may write them (a planner of the item's planning, or the
 * member assigned to it); the web asks the domain's `mayDeleteComment` per message.
 */
export async function listItemMessages(ctx: AppContext, actor: Actor, itemId: string) {
  const [item] = await ctx.db
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.id, itemId), eq(rosterItems.accountId, actor.accountId)));
  if (!item) throw new AppError('NOT_FOUND');
  requireAllowed(mayWriteItemMessage(actor, item));
  if (item.membershipId !== actor.membershipId) await requirePlanningInScope(ctx.db, actor, item.locationId);
  const rows = await ctx.db
    .select()
    .from(itemMessages)
    .where(eq(itemMessages.itemId, itemId))
    .orderBy(asc(itemMessages.createdAt), asc(itemMessages.id));
  return rows.map((row) => ({
    id: row.id,
    item: itemId,
    user: row.membershipId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A message attached to an item, by a planner or the member assigned to it. */
export function addItemMessage(ctx: AppContext, actor: Actor, itemId: string, text: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [item] = await tx
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.id, itemId), eq(rosterItems.accountId, actor.accountId)));
    if (!item) throw new AppError('NOT_FOUND');
    requireAllowed(mayWriteItemMessage(actor, item));
    // The member planned on the item writes about their own duty; a planner only within their plannings.
    if (item.membershipId !== actor.membershipId) await requirePlanningInScope(tx, actor, item.locationId);
    const message = trimmed(text, 'message');
    const [row] = await tx
      .insert(itemMessages)
      .values({ itemId, membershipId: actor.membershipId, message })
      .returning();
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: item.locationId, ids: [itemId] }, actor);
    return {
      id: row.id,
      item: itemId,
      user: row.membershipId,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export function deleteItemMessage(ctx: AppContext, actor: Actor, id: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [row] = await tx
      .select({ message: itemMessages, item: rosterItems })
      .from(itemMessages)
      .innerJoin(rosterItems, eq(rosterItems.id, itemMessages.itemId))
      .where(and(eq(itemMessages.id, id), eq(rosterItems.accountId, actor.accountId)));
    if (!row) throw new AppError('NOT_FOUND');
    requireAllowed(mayDeleteComment(actor, row.message.membershipId));
    if (row.message.membershipId !== actor.membershipId) await requirePlanningInScope(tx, actor, row.item.locationId);
    await tx.delete(itemMessages).where(eq(itemMessages.id, id));
    command.emit(
      `account.${actor.accountId}`,
      'LocationUpdated',
      { location: row.item.locationId, ids: [row.item.id] },
      actor,
    );
  });
}
