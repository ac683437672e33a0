import type {
  VacationBulkDecideRequest,
  VacationCountedDate,
  VacationCreateRequest,
  VacationDecideRequest,
  VacationListQuery,
  VacationListResponse,
  VacationPreview,
  VacationPreviewQuery,
  VacationRemoveRequest,
  VacationRequest,
  VacationUpdateRequest,
} from '@app/contracts';
import {
  datesBetween,
  localizedPath,
  mayDecideVacation,
  mayReadVacationOf,
  mayRequestVacation,
  now,
  todayIn,
  type VacationAction,
  vacationDatesProblems,
  vacationRefusal,
} from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { vacationRequests } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { formatMailDate } from '../../platform/mail/format';
import { recordWebhooks } from '../api/events';
import { upsertEntries } from '../availability/repo';
import { announceRevalidated, type Revalidated, revalidateItems } from '../conflicts/revalidate';
import { notify } from '../notifications/service';
import {
  clearVacationAvailability,
  countFor,
  decidersOf,
  namesOf,
  overlapping,
  personOf,
  type RequestRow,
  requestOf,
  requestsBetween,
} from './repo';

export function present(row: RequestRow, names: Map<string, string>): VacationRequest {
  return {
    id: row.id,
    membership: row.membershipId,
    name: names.get(row.membershipId) ?? '',
    from: row.startDate,
    until: row.endDate,
    duration: row.duration as VacationRequest['duration'],
    compensation: row.compensation as VacationRequest['compensation'],
    note: row.note,
    status: row.status as VacationRequest['status'],
    days: row.halfDays / 2,
    minutes: row.minutes,
    dates: row.dates.map((d) => ({
      date: d.date,
      days: d.days,
      minutes: d.minutes,
      skipped: d.skipped as VacationCountedDate['skipped'],
      holiday: (d as { holiday?: string | null }).holiday ?? null,
    })),
    message: row.message,
    decidedBy: row.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function presentAll(db: DbOrTx, accountId: string, rows: RequestRow[]): Promise<VacationRequest[]> {
  const names = await namesOf(
    db,
    accountId,
    rows.flatMap((r) => [r.membershipId, ...(r.decidedBy ? [r.decidedBy] : [])]),
  );
  return rows.map((r) => present(r, names));
}

/** The days a request would count, before it is made. */
export async function previewVacation(
  ctx: AppContext,
  actor: Actor,
  query: VacationPreviewQuery,
): Promise<VacationPreview> {
  const person = await personOf(ctx.db, actor.accountId, query.membership);
  requireAllowed(mayReadVacationOf(actor, person.id));
  return countFor(ctx.db, actor.accountId, person.id, query, actor.locale);
}

/** Requests of a year: one member's, or (for those who decide) everyone's. */
export async function listVacation(
  ctx: AppContext,
  actor: Actor,
  query: VacationListQuery,
): Promise<VacationListResponse> {
  let scope: string | null;
  if (query.membership) {
    const person = await personOf(ctx.db, actor.accountId, query.membership);
    requireAllowed(mayReadVacationOf(actor, person.id));
    scope = person.id;
  } else scope = mayDecideVacation(actor) ? null : actor.membershipId;
  const rows = await requestsBetween(
    ctx.db,
    actor.accountId,
    `${query.year}-01-01`,
    `${query.year}-12-31`,
    scope,
    query.status,
  );
  return { requests: await presentAll(ctx.db, actor.accountId, rows) };
}

export async function readVacation(ctx: AppContext, actor: Actor, id: string): Promise<VacationRequest> {
  const row = await requestOf(ctx.db, actor.accountId, id);
  requireAllowed(mayReadVacationOf(actor, row.membershipId));
  return (await presentAll(ctx.db, actor.accountId, [row]))[0];
}

/**
 * The rules of a request's dates, before it is written: those of `vacationDatesProblems` (part days are for one date;
 * only those who decide enter the past), then a member's requests in force never share a date (`self`, the request
 * being changed, is left out) and the range must count at least one day. Answers the counted days.
 */
async function checkRequest(
  tx: DbOrTx,
  actor: Actor,
  membershipId: string,
  body: Pick<VacationCreateRequest, 'from' | 'until' | 'duration'>,
  self: string | null,
) {
  const problems = vacationDatesProblems(actor, body, todayIn(actor.settings.timeZone));
  if (Object.keys(problems).length) throw fieldError(problems);
  const others = (await overlapping(tx, actor.accountId, membershipId, body.from, body.until)).filter(
    (r) => r.id !== self,
  );
  if (others.length) throw fieldError({ from: ['vacation.errors.overlap'] });
  const counted = await countFor(tx, actor.accountId, membershipId, body, actor.locale);
  if (counted.days === 0) throw fieldError({ from: ['vacation.errors.noDays'] });
  return counted;
}

/**
 * A new request, pending. Part days are for one date; the range must count at least one day; a member's requests
 * in force never share a date; members asking for themselves do not ask for the past.
 */
export async function createVacation(
  ctx: AppContext,
  actor: Actor,
  body: VacationCreateRequest,
): Promise<VacationRequest> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const person = await personOf(tx, actor.accountId, body.membership, true);
    requireAllowed(mayRequestVacation(actor, person.id));
    const counted = await checkRequest(tx, actor, person.id, body, null);
    const [created] = await tx
      .insert(vacationRequests)
      .values({
        accountId: actor.accountId,
        membershipId: person.id,
        startDate: body.from,
        endDate: body.until,
        duration: body.duration,
        compensation: body.compensation,
        note: body.note?.trim() || null,
        status: 'pending',
        halfDays: Math.round(counted.days * 2),
        minutes: counted.minutes,
        dates: counted.dates,
        createdBy: actor.membershipId,
        createdAt: now(),
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'vacation', entityId: created.id, action: 'create', after: created });
    announce(command, actor, [created]);
    await tellDeciders(ctx, command, actor, created);
    return (await presentAll(tx, actor.accountId, [created]))[0];
  });
}

/**
 * Tells those who may decide a new or changed request about it (in the app, by mail in their language, by push, per
 * their settings); whoever filed or changed it is not told about their own request. Written in the change's own
 * transaction: the notification and the mail stand or fall with it.
 */
async function tellDeciders(ctx: AppContext, command: Command, actor: Actor, row: RequestRow, changed = false) {
  const deciders = await decidersOf(command.tx, actor.accountId);
  const by = (await namesOf(command.tx, actor.accountId, [row.membershipId])).get(row.membershipId) ?? '';
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'vacationRequested',
    recipients: deciders,
    actorMembershipId: actor.membershipId,
    data: { date: row.startDate, until: row.endDate, by, vacation: row.id, ...(changed ? { changed: true } : {}) },
    mailParams: (_id, locale) => ({
      from: formatMailDate(row.startDate, locale),
      until: formatMailDate(row.endDate, locale),
      days: String(row.halfDays / 2),
    }),
  });
}

/**
 * Changes a pending request before a decision: its dates, part of the day, compensation and note, counted again.
 * The requester (and those who decide) may; a request already decided, withdrawn or removed is locked
 * (ERR_CONFIRMED, as approved hours are).
 */
export async function updateVacation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: VacationUpdateRequest,
): Promise<VacationRequest> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    // The member's writes are serialised on their membership (as a new request's are), then the request is read.
    const seen = await requestOf(tx, actor.accountId, id);
    await personOf(tx, actor.accountId, seen.membershipId, true);
    const before = await requestOf(tx, actor.accountId, id, true);
    // A decided, withdrawn or removed request is locked, as approved hours are.
    requireAbility(actor, [before], 'change', () => new AppError('ERR_CONFIRMED', { data: { ids: [before.id] } }));
    const counted = await checkRequest(tx, actor, before.membershipId, body, before.id);
    const [updated] = await tx
      .update(vacationRequests)
      .set({
        startDate: body.from,
        endDate: body.until,
        duration: body.duration,
        compensation: body.compensation,
        note: body.note?.trim() || null,
        halfDays: Math.round(counted.days * 2),
        minutes: counted.minutes,
        dates: counted.dates,
      })
      .where(and(eq(vacationRequests.id, id), eq(vacationRequests.accountId, actor.accountId)))
      .returning();
    await recordActivity(tx, actor, {
      entity: 'vacation',
      entityId: id,
      action: 'update',
      before: {
        from: before.startDate,
        until: before.endDate,
        duration: before.duration,
        compensation: before.compensation,
      },
      after: {
        from: updated.startDate,
        until: updated.endDate,
        duration: updated.duration,
        compensation: updated.compensation,
      },
    });
    announce(command, actor, [updated]);
    // The deciders see the request as it is now, marked changed.
    await tellDeciders(ctx, command, actor, updated, true);
    return (await presentAll(tx, actor.accountId, [updated]))[0];
  });
}

/**
 * Enforces an action's ability on every request it touches (`vacationAbilitiesOf`, the rule the web's buttons read):
 * 403 when the actor may not do it to one of them whatever its state, else `stale` (409) naming those whose state no
 * longer allows it.
 */
function requireAbility(
  actor: Actor,
  rows: readonly RequestRow[],
  action: VacationAction,
  stale: (rows: RequestRow[]) => AppError,
) {
  const refusals = rows.map((row) => vacationRefusal(actor, row, action));
  requireAllowed(!refusals.includes('forbidden'));
  const refused = rows.filter((_, i) => refusals[i] === 'state');
  if (refused.length) throw stale(refused);
}

const notPending = (rows: RequestRow[]) =>
  new AppError('CONFLICT', { data: { ids: rows.map((r) => r.id), reason: 'vacation.notPending' } });

/** Tells the account's open apps which requests changed (after the commit). */
function announce(command: Command, actor: Actor, rows: RequestRow[]) {
  command.emit(
    `account.${actor.accountId}`,
    'VacationUpdated',
    { ids: rows.map((r) => r.id), memberships: [...new Set(rows.map((r) => r.membershipId))] },
    actor,
  );
}

/** The window a part day blocks on the roster: a morning until noon, an afternoon from noon. */
const WINDOW = { full: [null, null], morning: [0, 720], afternoon: [720, 0] } as const;

/** Approved vacation is availability of type vacation on each date of the range, so the roster's rules see it. */
async function writeAvailability(tx: Tx, row: RequestRow): Promise<Revalidated[]> {
  const [startMinutes, endMinutes] = WINDOW[row.duration as keyof typeof WINDOW] ?? WINDOW.full;
  const dates = datesBetween(row.startDate, row.endDate);
  await upsertEntries(
    tx,
    dates.map((date) => ({
      accountId: row.accountId,
      membershipId: row.membershipId,
      date,
      type: 'vacation',
      startMinutes,
      endMinutes,
      status: 'approved',
      note: row.note,
    })),
  );
  return revalidateItems(tx, row.accountId, { membershipId: row.membershipId, dates });
}

/** Withdrawn or removed vacation gives its dates back: its availability goes, the roster's rules see them free. */
async function undoAvailability(tx: Tx, row: RequestRow): Promise<Revalidated[]> {
  const dates = datesBetween(row.startDate, row.endDate);
  await clearVacationAvailability(tx, row.accountId, row.membershipId, dates);
  return revalidateItems(tx, row.accountId, { membershipId: row.membershipId, dates });
}

/**
 * Tells the member about a decision or a removal (the "vacation answered" notification: in the app, by mail in their
 * language with the dates as they read them, by push, per their settings), in the change's own transaction.
 */
async function mailMember(ctx: AppContext, command: Command, actor: Actor, row: RequestRow) {
  const template =
    row.status === 'approved' ? 'vacationApproved' : row.status === 'denied' ? 'vacationDenied' : 'vacationRemoved';
  const by = (await namesOf(command.tx, actor.accountId, [actor.membershipId])).get(actor.membershipId) ?? '';
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'vacationAnswered',
    recipients: [row.membershipId],
    actorMembershipId: actor.membershipId,
    data: { date: row.startDate, accepted: row.status === 'approved', by },
    mail: template,
    mailParams: (_id, locale) => ({
      from: formatMailDate(row.startDate, locale),
      until: formatMailDate(row.endDate, locale),
      days: String(row.halfDays / 2),
      message: row.message ?? '',
      link: `${ctx.config.publicUrl}${localizedPath('vacationRequest', locale, { id: row.id })}`,
    }),
  });
}

/**
 * Decides pending requests in one command; any not pending answers 409 CONFLICT naming them. Answers the decided
 * requests as presented.
 */
async function decide(
  ctx: AppContext,
  actor: Actor,
  ids: readonly string[],
  body: VacationDecideRequest,
): Promise<VacationRequest[]> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const rows: RequestRow[] = [];
    for (const id of [...new Set(ids)].sort()) rows.push(await requestOf(tx, actor.accountId, id, true));
    requireAllowed(mayDecideVacation(actor));
    requireAbility(actor, rows, body.decision === 'approved' ? 'approve' : 'deny', notPending);
    const message = body.message?.trim() || null;
    const out: RequestRow[] = [];
    const changed: Revalidated[] = [];
    for (const row of rows) {
      const [updated] = await tx
        .update(vacationRequests)
        .set({ status: body.decision, message, decidedBy: actor.membershipId, decidedAt: now() })
        .where(eq(vacationRequests.id, row.id))
        .returning();
      if (body.decision === 'approved') changed.push(...(await writeAvailability(tx, updated)));
      await recordActivity(tx, actor, {
        entity: 'vacation',
        entityId: row.id,
        action: body.decision,
        before: { status: row.status },
        after: { status: updated.status, message },
      });
      out.push(updated);
    }
    announce(command, actor, out);
    announceRevalidated(command, actor.accountId, changed);
    for (const row of out) await mailMember(ctx, command, actor, row);
    await recordWebhooks(
      ctx,
      command,
      actor.accountId,
      'vacation.decided',
      out.map((row) => ({ id: row.id, member: row.membershipId, state: row.status })),
    );
    return presentAll(tx, actor.accountId, out);
  });
}

export async function decideVacation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: VacationDecideRequest,
): Promise<VacationRequest> {
  return (await decide(ctx, actor, [id], body))[0];
}

export async function decideVacations(ctx: AppContext, actor: Actor, body: VacationBulkDecideRequest) {
  return { requests: await decide(ctx, actor, body.ids, body) };
}

/** The requester takes back a request still waiting for a decision. */
export async function withdrawVacation(ctx: AppContext, actor: Actor, id: string): Promise<VacationRequest> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await requestOf(tx, actor.accountId, id, true);
    requireAbility(actor, [before], 'withdraw', notPending);
    const [updated] = await tx
      .update(vacationRequests)
      .set({ status: 'withdrawn' })
      .where(eq(vacationRequests.id, id))
      .returning();
    await recordActivity(tx, actor, { entity: 'vacation', entityId: id, action: 'withdraw' });
    announce(command, actor, [updated]);
    return (await presentAll(tx, actor.accountId, [updated]))[0];
  });
}

/**
 * Those who decide remove a pending or approved request (a plan changed, entered by mistake); approved days are
 * given back to the roster. The member is mailed.
 */
export async function removeVacation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: VacationRemoveRequest,
): Promise<VacationRequest> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await requestOf(tx, actor.accountId, id, true);
    requireAbility(
      actor,
      [before],
      'remove',
      (rows) => new AppError('CONFLICT', { data: { ids: rows.map((r) => r.id), reason: 'vacation.notInForce' } }),
    );
    const [updated] = await tx
      .update(vacationRequests)
      .set({
        status: 'removed',
        message: body.message?.trim() || null,
        decidedBy: actor.membershipId,
        decidedAt: now(),
      })
      .where(eq(vacationRequests.id, id))
      .returning();
    const changed = before.status === 'approved' ? await undoAvailability(tx, before) : [];
    await recordActivity(tx, actor, {
      entity: 'vacation',
      entityId: id,
      action: 'remove',
      before: { status: before.status },
    });
    announce(command, actor, [updated]);
    announceRevalidated(command, actor.accountId, changed);
    await mailMember(ctx, command, actor, updated);
    return (await presentAll(tx, actor.accountId, [updated]))[0];
  });
}
