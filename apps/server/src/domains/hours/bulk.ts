import {
  type BulkApproveRequest,
  type BulkDenyRequest,
  type BulkResult,
  type ConfirmItemsRequest,
  HOURS_RANGE_MAX_DAYS,
} from '@app/contracts';
import { daysBetween, formatHHmm, maySuperviseHours, now } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { hours, locations, rosterItems } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { recordWebhooks } from '../api/events';
import { reachOf } from '../members/scope';
import { announce } from './change';
import { notifyDenied, signatureColumns } from './decisions';
import { checkedValues, type Draft } from './values';

/** Decisions on many lines at once: approve or deny a choice or a range, confirm planned items as worked. */

async function bulkRows(
  tx: Tx,
  actor: Actor,
  where: { ids?: string[]; from?: string; until?: string; location?: string },
) {
  // Ids first: one of another account (or none at all) answers 404, as everywhere.
  if (where.ids) {
    const found = await tx
      .select({ id: hours.id })
      .from(hours)
      .where(and(eq(hours.accountId, actor.accountId), inArray(hours.id, where.ids)));
    if (found.length !== new Set(where.ids).size) throw new AppError('NOT_FOUND');
  }
  requireAllowed(maySuperviseHours(actor));
  const reach = await reachOf(tx, actor);
  const conditions = [eq(hours.accountId, actor.accountId), inArray(hours.status, ['pending', 'denied'])];
  if (where.ids) conditions.push(inArray(hours.id, where.ids));
  if (where.from) conditions.push(sql`${hours.date} >= ${where.from}`);
  if (where.until) conditions.push(sql`${hours.date} <= ${where.until}`);
  if (where.location) conditions.push(eq(hours.locationId, where.location));
  if (reach) conditions.push(reach.length ? inArray(hours.locationId, reach) : sql`false`);
  return tx
    .select()
    .from(hours)
    .where(and(...conditions))
    .for('update');
}

export async function bulkApprove(ctx: AppContext, actor: Actor, input: BulkApproveRequest): Promise<BulkResult> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    if (input.location) {
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, input.location), eq(locations.accountId, actor.accountId)));
      if (!loc) throw new AppError('NOT_FOUND');
    }
    if (input.from && input.until && daysBetween(input.from, input.until) >= HOURS_RANGE_MAX_DAYS)
      throw fieldError({ until: ['validation.range'] });
    const all = await bulkRows(tx, actor, input);
    // Denied lines wait for the member's change; a bulk approval takes the pending ones.
    const rows = input.ids ? all : all.filter((r) => r.status === 'pending');
    if (!rows.length) return { count: 0 };
    const at = now();
    const unsigned = rows.filter((r) => r.signature == null);
    const signed = signatureColumns(actor, input.signature, unsigned.length === 0);
    await tx
      .update(hours)
      .set({ status: 'approved', approvedAt: at, approvedBy: actor.membershipId, updatedAt: at, ...signed })
      .where(
        inArray(
          hours.id,
          rows.map((r) => r.id),
        ),
      );
    await recordActivity(tx, actor, { entity: 'hours', action: 'approve', after: { count: rows.length } });
    await recordWebhooks(
      ctx,
      command,
      actor.accountId,
      'hours.approved',
      rows.map((r) => ({ id: r.id, member: r.membershipId, date: r.date })),
    );
    announce(
      command,
      actor,
      rows.map((r) => r.id),
      rows.map((r) => r.membershipId),
    );
    return { count: rows.length };
  });
}

export async function bulkDeny(ctx: AppContext, actor: Actor, input: BulkDenyRequest): Promise<BulkResult> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const rows = (await bulkRows(tx, actor, { ids: input.ids })).filter((r) => r.status === 'pending' && !r.paid);
    if (!rows.length) return { count: 0 };
    const at = now();
    await tx
      .update(hours)
      .set({
        status: 'denied',
        denialMessage: input.message,
        deniedAt: at,
        deniedBy: actor.membershipId,
        updatedAt: at,
      })
      .where(
        inArray(
          hours.id,
          rows.map((r) => r.id),
        ),
      );
    await recordActivity(tx, actor, { entity: 'hours', action: 'deny', after: { count: rows.length } });
    // The member hears of it through the notification (its own realtime event on notification.{id}).
    await notifyDenied(ctx, command, actor, rows, input.message);
    announce(
      command,
      actor,
      rows.map((r) => r.id),
      rows.map((r) => r.membershipId),
    );
    return { count: rows.length };
  });
}

/** Supervisors confirm planned items as worked: approved hours with the planned times, in one go. */
export async function confirmItems(ctx: AppContext, actor: Actor, input: ConfirmItemsRequest): Promise<BulkResult> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const items = await tx
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.accountId, actor.accountId), inArray(rosterItems.id, input.items)))
      .for('update');
    if (items.length !== new Set(input.items).size) throw new AppError('NOT_FOUND');
    requireAllowed(maySuperviseHours(actor));
    const reach = await reachOf(tx, actor);
    const signed = signatureColumns(actor, input.signature, false);
    const at = now();
    const out: { id: string; membershipId: string; date: string }[] = [];
    for (const item of items) {
      if (reach && !reach.includes(item.locationId)) throw new AppError('FORBIDDEN');
      if (!item.membershipId || item.fromMinutes == null || item.untilMinutes == null)
        throw new AppError('ERR_TIMES', { data: { item: item.id } });
      const [existing] = await tx.select({ id: hours.id }).from(hours).where(eq(hours.itemId, item.id));
      if (existing) throw new AppError('ERR_HOURS_EXIST', { data: { item: item.id } });
      const draft: Draft = {
        membershipId: item.membershipId,
        itemId: item.id,
        locationId: item.locationId,
        dutyId: item.dutyId,
        date: item.date,
        tagIds: item.tagIds,
      };
      const values = await checkedValues(
        tx,
        actor,
        draft,
        {
          from: formatHHmm(item.fromMinutes),
          until: formatHHmm(item.untilMinutes),
          break: item.breakMinutes,
          costCentre: item.costCentreId,
        },
        {},
      );
      const [row] = await tx
        .insert(hours)
        .values({
          accountId: actor.accountId,
          ...draft,
          ...values,
          ...signed,
          status: 'approved',
          approvedAt: at,
          approvedBy: actor.membershipId,
          createdBy: actor.membershipId,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: hours.id });
      out.push({ id: row.id, membershipId: item.membershipId, date: item.date });
    }
    await recordActivity(tx, actor, { entity: 'hours', action: 'confirm', after: { count: out.length } });
    // Confirmed lines are approved hours: integrations hear of them as of any other approval.
    await recordWebhooks(
      ctx,
      command,
      actor.accountId,
      'hours.approved',
      out.map((c) => ({ id: c.id, member: c.membershipId, date: c.date })),
    );
    announce(
      command,
      actor,
      out.map((c) => c.id),
      out.map((c) => c.membershipId),
    );
    return { count: out.length };
  });
}
