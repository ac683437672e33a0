import type {
  SicknessCreateRequest,
  SicknessListResponse,
  SicknessQuery,
  SicknessRecord,
  SicknessResponse,
  SicknessUpdateRequest,
} from '@app/contracts';
import { displayNameFor, mayPlan, mayReadSickness, mayReportSickness, now, sicknessCovers } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rosterItems, sicknessRecordItems, sicknessRecords } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { membersInScope, requireMemberInScope, requirePlanningInScope } from '../members/scope';
import { locationOf } from '../roster/repo';
import { itemsInSpan, linkedItems, memberWithName, overlapping, recordOf, recordsOf, type SicknessRow } from './repo';

type ItemRow = typeof rosterItems.$inferSelect;

/** A record as the viewer sees it: the name passes the planner restriction's rule (`displayNameFor`). */
export function presentRecord(
  viewer: Pick<Actor, 'membershipId' | 'roles' | 'plannerRestricted'>,
  row: SicknessRow,
  name: string,
  items: number,
): SicknessRecord {
  return {
    id: row.id,
    membership: row.membershipId,
    name: displayNameFor(viewer, { id: row.membershipId, name }),
    start: row.startDate,
    end: row.endDate,
    notes: row.notes,
    items,
    reportedBy: row.reportedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fullName = (m: { fname: string; lname: string }) => `${m.fname} ${m.lname}`.trim();

function invalid(fields: Record<string, string[]>) {
  return new AppError('VALIDATION', { fields }, 'invalid input');
}

/** An end before the start, or a span meeting another record of the member, is refused per field. */
async function assertSpan(
  tx: DbOrTx,
  accountId: string,
  membershipId: string,
  start: string,
  end: string | null,
  exceptId?: string,
) {
  if (end !== null && end < start) throw invalid({ end: ['sickness.endBeforeStart'] });
  if ((await overlapping(tx, accountId, membershipId, start, end, exceptId)).length)
    throw invalid({ start: ['sickness.overlap'] });
}

/**
 * Puts the sick flag (100 %, the sickness module's default) on the member's items inside the span that can carry
 * it (times or a shift, docs/product/absence.md) and are not sick already, and links them to the record.
 */
async function flagSpan(tx: Tx, record: SicknessRow): Promise<ItemRow[]> {
  const items = await itemsInSpan(tx, record.accountId, record.membershipId, record.startDate, record.endDate);
  const flaggable = items.filter((i) => i.flag !== 'sick' && (i.fromMinutes !== null || i.shiftId !== null));
  if (!flaggable.length) return [];
  const ids = flaggable.map((i) => i.id);
  await tx
    .update(rosterItems)
    .set({ flag: 'sick', sick: { percentage: 100, cost: null, code: null }, updatedAt: now() })
    .where(and(eq(rosterItems.accountId, record.accountId), inArray(rosterItems.id, ids)));
  await tx
    .insert(sicknessRecordItems)
    .values(ids.map((itemId) => ({ recordId: record.id, itemId })))
    .onConflictDoNothing();
  return flaggable;
}

/** Takes the flag off the record's items (all, or those outside its span now) and unlinks them. */
async function unflag(tx: Tx, record: SicknessRow, all: boolean): Promise<ItemRow[]> {
  const linked = await linkedItems(tx, record.accountId, record.id);
  const out = all
    ? linked
    : linked.filter((i) => !sicknessCovers({ start: record.startDate, end: record.endDate }, i.date));
  if (!out.length) return [];
  const ids = out.map((i) => i.id);
  await tx
    .update(rosterItems)
    .set({ flag: null, sick: null, updatedAt: now() })
    .where(
      and(eq(rosterItems.accountId, record.accountId), inArray(rosterItems.id, ids), eq(rosterItems.flag, 'sick')),
    );
  await tx
    .delete(sicknessRecordItems)
    .where(and(eq(sicknessRecordItems.recordId, record.id), inArray(sicknessRecordItems.itemId, ids)));
  return out;
}

/** Tells the roster pages of the items' locations to read them again (after the commit). */
function announceItems(command: Command, accountId: string, items: ItemRow[]) {
  const byLocation = new Map<string, string[]>();
  for (const i of items) byLocation.set(i.locationId, [...(byLocation.get(i.locationId) ?? []), i.id]);
  for (const [location, ids] of byLocation) command.emit(`account.${accountId}`, 'LocationUpdated', { location, ids });
}

async function present(db: DbOrTx, actor: Actor, accountId: string, id: string): Promise<SicknessRecord> {
  const row = await recordOf(db, accountId, id);
  const [found] = await recordsOf(db, accountId, { membershipIds: [row.membershipId] }).then((rows) =>
    rows.filter((r) => r.record.id === id),
  );
  return presentRecord(actor, found.record, fullName(found), found.items);
}

/**
 * Sickness records: one member's history (their own, or anyone's for planners), or for planners the whole
 * account's, optionally only those open on a date and of a location's members.
 */
export async function listSickness(ctx: AppContext, actor: Actor, query: SicknessQuery): Promise<SicknessListResponse> {
  let membershipIds: string[] | undefined;
  if (query.membership) {
    const target = await memberWithName(ctx.db, actor.accountId, query.membership);
    requireAllowed(mayReadSickness(actor, target.id));
    await requireMemberInScope(ctx.db, actor, target.id);
    membershipIds = [target.id];
  } else if (!mayPlan(actor)) {
    membershipIds = [actor.membershipId];
  } else {
    // The whole account's, narrowed to the people of the planner's plannings (restriction by plannings).
    const reach = await membersInScope(ctx.db, actor);
    if (reach) membershipIds = [...reach];
  }
  if (query.location) {
    await locationOf(ctx.db, actor.accountId, query.location);
    await requirePlanningInScope(ctx.db, actor, query.location);
  }
  const rows = await recordsOf(ctx.db, actor.accountId, {
    membershipIds,
    openOn: query.openOn,
    location: query.location,
  });
  return { records: rows.map((r) => presentRecord(actor, r.record, fullName(r), r.items)) };
}

/** Reports sickness from a date (open, or with an end): the member's items in the span get the sick flag. */
export async function reportSickness(
  ctx: AppContext,
  actor: Actor,
  body: SicknessCreateRequest,
): Promise<SicknessResponse> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const target = await memberWithName(tx, actor.accountId, body.membership, true);
    requireAllowed(mayReportSickness(actor, target.id));
    await requireMemberInScope(tx, actor, target.id);
    const end = body.end ?? null;
    await assertSpan(tx, actor.accountId, target.id, body.start, end);
    const [row] = await tx
      .insert(sicknessRecords)
      .values({
        accountId: actor.accountId,
        membershipId: target.id,
        startDate: body.start,
        endDate: end,
        notes: body.notes?.trim() || null,
        reportedBy: actor.shadow ? null : actor.membershipId,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    const flagged = await flagSpan(tx, row);
    const record = presentRecord(actor, row, fullName(target), flagged.length);
    await recordActivity(tx, actor, { entity: 'sickness', entityId: row.id, action: 'create', after: record });
    announceItems(command, actor.accountId, flagged);
    return { record };
  });
}

/**
 * Changes a record's span or notes. Items that fall out of the span lose the flag this record gave them; items
 * that come into it get it.
 */
export async function updateSickness(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: SicknessUpdateRequest,
): Promise<SicknessResponse> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await recordOf(tx, actor.accountId, id);
    await memberWithName(tx, actor.accountId, before.membershipId, true);
    requireAllowed(mayReportSickness(actor, before.membershipId));
    await requireMemberInScope(tx, actor, before.membershipId);
    const start = body.start ?? before.startDate;
    const end = body.end === undefined ? before.endDate : body.end;
    await assertSpan(tx, actor.accountId, before.membershipId, start, end, id);
    const [row] = await tx
      .update(sicknessRecords)
      .set({
        startDate: start,
        endDate: end,
        notes: body.notes === undefined ? before.notes : body.notes?.trim() || null,
        updatedAt: now(),
      })
      .where(and(eq(sicknessRecords.id, id), eq(sicknessRecords.accountId, actor.accountId)))
      .returning();
    const changed = [...(await unflag(tx, row, false)), ...(await flagSpan(tx, row))];
    const record = await present(tx, actor, actor.accountId, id);
    await recordActivity(tx, actor, {
      entity: 'sickness',
      entityId: id,
      action: 'update',
      before: { start: before.startDate, end: before.endDate, notes: before.notes },
      after: record,
    });
    announceItems(command, actor.accountId, changed);
    return { record };
  });
}

/** Removes a record (reported by mistake): its items lose the sick flag it gave them. */
export async function deleteSickness(ctx: AppContext, actor: Actor, id: string): Promise<{ deleted: string }> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const row = await recordOf(tx, actor.accountId, id);
    requireAllowed(mayReportSickness(actor, row.membershipId));
    await requireMemberInScope(tx, actor, row.membershipId);
    const items = await unflag(tx, row, true);
    await tx
      .delete(sicknessRecords)
      .where(and(eq(sicknessRecords.id, id), eq(sicknessRecords.accountId, actor.accountId)));
    await recordActivity(tx, actor, {
      entity: 'sickness',
      entityId: id,
      action: 'delete',
      before: { membership: row.membershipId, start: row.startDate, end: row.endDate, notes: row.notes },
    });
    announceItems(command, actor.accountId, items);
    return { deleted: id };
  });
}
