import {
  type ApproveHoursRequest,
  type BulkApproveRequest,
  type BulkDenyRequest,
  type BulkResult,
  type ConfirmItemsRequest,
  HOURS_MAX_MINUTES,
  HOURS_RANGE_MAX_DAYS,
  type HoursLine,
  type HoursOptionsResponse,
  type HoursResponse,
  PAGED_TIMESHEET_TABS,
  type RegisterHoursRequest,
  type Signature,
  TIMESHEET_LINES_MAX,
  type TimesheetQuery,
  type TimesheetResponse,
  type TimesheetTab,
  type UpdateHoursRequest,
} from '@app/contracts';
import {
  addDays,
  daysBetween,
  formatHHmm,
  type HoursAction,
  type HoursLineState,
  hoursAbilitiesOf,
  hoursRefusal,
  instantOf,
  itemSpan,
  lineCost,
  localizedPath,
  mayBillHours,
  mayCollectSignatures,
  mayDeclareExpenses,
  mayDeclareTravel,
  mayReadAllHours,
  mayRegisterHours,
  mayRegisterHoursForOthers,
  mayRegisterOwnHours,
  mayRegisterUnplannedHours,
  maySuperviseHours,
  now,
  parseHHmm,
  timesheetTabs,
  timesProblem,
  todayIn,
  workedMinutes,
} from '@app/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { costCentres, hours, locations, membershipLocations, memberships, rosterItems, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { formatMailDate } from '../../platform/mail/format';
import { heldLocationIds, reachOf } from '../members/scope';
import { notify } from '../notifications/service';
import { holidayDatesBetween } from '../settings/holidays';
import {
  costRules,
  countHours,
  countOpen,
  type HoursRow,
  hoursLines,
  type LineFilter,
  lockHours,
  type OpenFilter,
  openLines,
  wageOf,
} from './repo';

/**
 * Hours (docs/product/hours.md): registration by members as their rights allow, the supervisor's approval, denial (with
 * a personal message, mailed in the member's language), edits, bulk approval of a week or a location, drawn
 * signatures, and the cost of every line. Every function takes the acting member; every write is one command
 * (platform/command.ts) whose answer is read in its transaction; every query names the account. Realtime says only
 * what changed: `HoursUpdated` to the account's room, sent once the change committed.
 */

const signatureRequired = (actor: Actor) => actor.modules.includes('signature');

/** Tells the account's open apps which lines changed (after the commit). */
function announce(command: Command, actor: Actor, ids: string[], members: string[]) {
  command.emit(`account.${actor.accountId}`, 'HoursUpdated', { ids, members: [...new Set(members)] }, actor);
}

// Reading

function defaultRange(today: string, q: Pick<TimesheetQuery, 'from' | 'until'>) {
  const until = q.until ?? today;
  const from = q.from ?? addDays(until, -34);
  if (daysBetween(from, until) < 0) throw fieldError({ until: ['validation.range'] });
  if (daysBetween(from, until) >= HOURS_RANGE_MAX_DAYS) throw fieldError({ until: ['validation.range'] });
  return { from, until };
}

/** The filter each tab reads, or null when the member does not see that tab. */
function tabFilters(
  actor: Actor,
  tab: TimesheetTab,
  base: { accountId: string; from: string; until: string; location?: string; member?: string },
  reach: string[] | null,
  today: string,
): { hours?: LineFilter; open?: OpenFilter } | null {
  if (!timesheetTabs(actor).includes(tab)) return null;
  const pastUntil = base.until < today ? base.until : today;
  switch (tab) {
    case 'register':
      return { open: { ...base, until: pastUntil, locationIds: null, of: actor.membershipId } };
    case 'pending':
      return { hours: { ...base, locationIds: null, ownOf: actor.membershipId, statuses: ['pending', 'denied'] } };
    case 'approve':
      return { hours: { ...base, locationIds: reach, statuses: ['pending'] } };
    case 'approved':
      return mayReadAllHours(actor)
        ? { hours: { ...base, locationIds: reach, statuses: ['approved'] } }
        : { hours: { ...base, locationIds: null, ownOf: actor.membershipId, statuses: ['approved'] } };
    case 'confirm':
      return { open: { ...base, until: pastUntil, locationIds: reach, notOf: actor.membershipId } };
    case 'unsigned':
      return { hours: { ...base, locationIds: reach, statuses: ['approved'], unsigned: true } };
  }
}

/** The line's state as the hours rules read it (packages/domain policies/hours.ts). */
const lineState = (row: HoursRow): HoursLineState => ({
  membershipId: row.membershipId,
  createdBy: row.createdBy,
  status: row.status as HoursLineState['status'],
  paid: row.paid,
  signed: row.signature != null,
});

/**
 * Refuses an action the hours rules do not allow on the line now, with the rule's code. `NOTHING_TO_DO` (reopening a
 * line that is not approved) is no refusal: the caller leaves the line as it is.
 */
function requireHoursAbility(actor: Actor, row: HoursRow, action: HoursAction): 'change' | 'unchanged' {
  const refusal = hoursRefusal(actor, lineState(row), action);
  if (refusal === null) return 'change';
  if (refusal === 'NOTHING_TO_DO') return 'unchanged';
  if (refusal === 'CONFLICT') throw new AppError('CONFLICT', { data: { status: row.status } });
  throw new AppError(refusal);
}

function withAbilities(actor: Actor, entries: { row: HoursRow; line: HoursLine }[]): HoursLine[] {
  return entries.map(({ row, line }) => {
    const can = hoursAbilitiesOf(actor, lineState(row));
    return {
      ...line,
      editable: can.edit,
      can,
      // Only supervisors, billers and the member themselves see the cost of a line.
      costCents: mayReadAllHours(actor) || row.membershipId === actor.membershipId ? line.costCents : null,
    };
  });
}

export async function timesheet(ctx: AppContext, actor: Actor, q: TimesheetQuery): Promise<TimesheetResponse> {
  const settings = actor.settings;
  const today = todayIn(settings.timeZone);
  const range = defaultRange(today, q);
  const reach = await reachOf(ctx.db, actor);
  const base = { accountId: actor.accountId, ...range, location: q.location, member: q.member };
  const filters = tabFilters(actor, q.tab, base, reach, today);
  if (!filters) throw new AppError('FORBIDDEN');
  const counts: Record<string, number> = {};
  for (const tab of timesheetTabs(actor)) {
    const f = tabFilters(actor, tab, base, reach, today);
    if (!f) continue;
    counts[tab] = f.open ? await countOpen(ctx.db, f.open) : await countHours(ctx.db, f.hours as LineFilter);
  }
  const total = counts[q.tab] ?? 0;
  // The tabs that grow with the past come a page at a time; the work lists whole (docs/architecture.md, "Paging").
  if (PAGED_TIMESHEET_TABS.includes(q.tab)) {
    const lines =
      (q.page - 1) * q.size >= total
        ? []
        : withAbilities(
            actor,
            await hoursLines(ctx.db, filters.hours as LineFilter, { limit: q.size, offset: (q.page - 1) * q.size }),
          );
    return { tab: q.tab, lines, paging: { page: q.page, size: q.size, total }, counts };
  }
  const lines = filters.open
    ? (await openLines(ctx.db, filters.open)).map((e) => e.line)
    : withAbilities(actor, await hoursLines(ctx.db, filters.hours as LineFilter));
  return { tab: q.tab, lines, paging: { page: 1, size: TIMESHEET_LINES_MAX, total }, counts };
}

export async function options(ctx: AppContext, actor: Actor): Promise<HoursOptionsResponse> {
  const settings = actor.settings;
  const reach = await reachOf(ctx.db, actor);
  const own = await heldLocationIds(ctx.db, actor.membershipId);
  const locationRows = await ctx.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.accountId, actor.accountId), ne(locations.status, 'archived')))
    .orderBy(asc(locations.name));
  const seen = new Set([...(reach ?? locationRows.map((l) => l.id)), ...own]);
  const centres = await ctx.db
    .select({ id: costCentres.id, name: costCentres.name, isDefault: costCentres.isDefault })
    .from(costCentres)
    .where(eq(costCentres.accountId, actor.accountId))
    .orderBy(asc(costCentres.name));
  const others = mayRegisterHoursForOthers(actor) ? await registrableMembers(ctx.db, actor, reach ?? null) : [];
  const [me] = await ctx.db
    .select({ name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, actor.membershipId));
  return {
    tabs: timesheetTabs(actor),
    locations: locationRows.filter((l) => seen.has(l.id)),
    costCentres: centres,
    members: [{ id: actor.membershipId, name: me?.name ?? '' }, ...others.filter((m) => m.id !== actor.membershipId)],
    may: {
      own: mayRegisterOwnHours(actor),
      unplanned: mayRegisterUnplannedHours(actor),
      others: mayRegisterHoursForOthers(actor),
      expenses: mayDeclareExpenses(actor) && settings.expensesEnabled,
      travel: mayDeclareTravel(actor) && settings.travelEnabled,
      supervise: maySuperviseHours(actor),
      sign: mayCollectSignatures(actor),
      bill: mayBillHours(actor),
    },
    settings: {
      kmCompensationCents: settings.kmCompensationCents,
      expenseMaxCents: settings.expenseMaxCents,
      signatureRequired: signatureRequired(actor),
    },
  };
}

/** Active members of the account the actor may register for: managers everyone, others colleagues of their plannings. */
async function registrableMembers(db: DbOrTx, actor: Actor, reach: string[] | null) {
  const own = reach ?? null;
  const rows = await db
    .selectDistinct({ id: memberships.id, name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.status, 'active'),
        own === null ? sql`true` : own.length ? inArray(membershipLocations.locationId, own) : sql`false`,
      ),
    )
    .orderBy(sql`2`);
  return rows;
}

// Writing

export interface Draft {
  membershipId: string;
  itemId: string | null;
  locationId: string;
  dutyId: string | null;
  date: string;
  tagIds: string[];
}

/** The rules every registration and edit meets; answers the columns to write. */
async function checkedValues(
  tx: Tx,
  actor: Actor,
  draft: Draft,
  input: UpdateHoursRequest,
  opts: { exceptId?: string; defaultCostCentre?: string | null },
) {
  const settings = actor.settings;
  const problem = timesProblem(
    { from: input.from, until: input.until, break: input.break },
    draft.date,
    settings.timeZone,
  );
  if (problem) throw new AppError(problem === 'ERR_BREAK' ? 'ERR_NEGATIVE' : problem);
  const from = parseHHmm(input.from) as number;
  const until = parseHHmm(input.until) as number;
  const span = itemSpan(draft.date, from, until, settings.timeZone);
  const minutes = workedMinutes(span, input.break);
  if (minutes > HOURS_MAX_MINUTES) throw new AppError('ERR_HOURS_LONG', { data: { max: HOURS_MAX_MINUTES } });
  if (instantOf(draft.date, from, settings.timeZone) > now().getTime())
    throw new AppError('ERR_HOURS_FUTURE', { data: { date: draft.date } });

  // No two registrations of one member at the same time.
  const nearby = await tx
    .select({ id: hours.id, date: hours.date, from: hours.fromMinutes, until: hours.untilMinutes })
    .from(hours)
    .where(
      and(
        eq(hours.accountId, actor.accountId),
        eq(hours.membershipId, draft.membershipId),
        sql`${hours.date} between ${addDays(draft.date, -1)} and ${addDays(draft.date, 1)}`,
        opts.exceptId ? ne(hours.id, opts.exceptId) : sql`true`,
      ),
    );
  for (const other of nearby) {
    const s = itemSpan(other.date, other.from, other.until, settings.timeZone);
    if (s.start < span.end && span.start < s.end)
      throw new AppError('ERR_HOURS_OVERLAP', { data: { date: other.date } });
  }

  // Expenses (euro) and travel (km): each with its right and the account's setting.
  const expenses = input.expensesCents ?? null;
  if (expenses) {
    requireAllowed(mayDeclareExpenses(actor) && settings.expensesEnabled);
    if (settings.expenseMaxCents != null && expenses > settings.expenseMaxCents)
      throw new AppError('ERR_EXPENSE_MAX', { data: { max: settings.expenseMaxCents } });
  }
  const km = input.travelKm ?? null;
  if (km) {
    requireAllowed(mayDeclareTravel(actor) && settings.travelEnabled);
    if (!input.travelRole) throw fieldError({ travelRole: ['validation.required'] });
  }

  // Cost centre: the one chosen (of this account), else the item's, else the account's default.
  let costCentreId = input.costCentre ?? opts.defaultCostCentre ?? null;
  if (input.costCentre) {
    const [cc] = await tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.id, input.costCentre), eq(costCentres.accountId, actor.accountId)));
    if (!cc) throw new AppError('NOT_FOUND');
  }
  if (!costCentreId) {
    const [cc] = await tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.accountId, actor.accountId), eq(costCentres.isDefault, true)));
    costCentreId = cc?.id ?? null;
  }

  const costCents = await costOf(tx, actor.accountId, draft, { from, until, break: input.break, minutes });
  return {
    fromMinutes: from,
    untilMinutes: until,
    breakMinutes: input.break,
    minutes,
    costCentreId,
    comment: input.comment ?? '',
    expensesCents: expenses || null,
    travelKm: km || null,
    travelRole: km ? (input.travelRole ?? null) : null,
    kmCompensationCents: km && input.travelRole === 'driver' ? settings.kmCompensationCents : km ? 0 : null,
    costCents,
  };
}

/**
 * The line's cost: the duty's override rate, else the member's hourly wage (none for a fixed salary), times the
 * factor of the account's wage of that amount (1.00 when none matches), plus premiums (packages/domain).
 */
export async function costOf(
  tx: DbOrTx,
  accountId: string,
  draft: Draft,
  t: { from: number; until: number; break: number; minutes: number },
): Promise<number | null> {
  const wage = await wageOf(tx, accountId, draft.membershipId, draft.dutyId);
  const hourly = wage.override ?? wage.member;
  if (hourly == null) return null;
  const rules = await costRules(tx, accountId);
  const factor = rules.rates.find((r) => r.hourlyCents === hourly)?.factor ?? 100;
  const holidays = await holidayDatesBetween(tx, accountId, draft.date, addDays(draft.date, 1));
  return lineCost({
    date: draft.date,
    from: t.from,
    until: t.until,
    breakMinutes: t.break,
    workedMinutes: t.minutes,
    hourlyCents: hourly,
    factor,
    tagIds: draft.tagIds,
    holidays,
    premiums: rules.premiums,
  }).totalCents;
}

async function lineOf(db: DbOrTx, actor: Actor, id: string): Promise<HoursLine> {
  const entries = await hoursLines(db, {
    accountId: actor.accountId,
    from: '1950-01-01',
    until: '2100-12-31',
    locationIds: null,
    ids: [id],
  });
  return withAbilities(actor, entries)[0];
}

/** Whether the hours (of a member, at a location) are in the actor's reach: own, registered by them, or supervised. */
async function requireReach(
  db: DbOrTx,
  actor: Actor,
  row: { membershipId: string; createdBy?: string | null; locationId: string },
) {
  if (row.membershipId === actor.membershipId || row.createdBy === actor.membershipId) return;
  if (!mayReadAllHours(actor) && !mayRegisterHoursForOthers(actor)) throw new AppError('FORBIDDEN');
  const reach = await reachOf(db, actor);
  if (reach && !reach.includes(row.locationId)) throw new AppError('FORBIDDEN');
}

export async function register(ctx: AppContext, actor: Actor, input: RegisterHoursRequest): Promise<HoursResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    let draft: Draft;
    let defaultCostCentre: string | null = null;
    if (input.item) {
      const [item] = await tx
        .select()
        .from(rosterItems)
        .where(and(eq(rosterItems.id, input.item), eq(rosterItems.accountId, actor.accountId)))
        .for('update');
      if (!item?.membershipId) throw new AppError('NOT_FOUND');
      requireAllowed(mayRegisterHours(actor, { forMember: item.membershipId, planned: true }));
      if (item.membershipId !== actor.membershipId)
        await requireReach(tx, actor, { ...item, membershipId: item.membershipId });
      const [existing] = await tx.select({ id: hours.id }).from(hours).where(eq(hours.itemId, item.id));
      if (existing) throw new AppError('ERR_HOURS_EXIST', { data: { hours: existing.id } });
      draft = {
        membershipId: item.membershipId,
        itemId: item.id,
        locationId: item.locationId,
        dutyId: item.dutyId,
        date: item.date,
        tagIds: item.tagIds,
      };
      defaultCostCentre = item.costCentreId;
    } else {
      const member = input.member ?? actor.membershipId;
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, input.location as string), eq(locations.accountId, actor.accountId)));
      if (!loc) throw new AppError('NOT_FOUND');
      const [m] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.id, member), eq(memberships.accountId, actor.accountId)));
      if (!m) throw new AppError('NOT_FOUND');
      requireAllowed(mayRegisterHours(actor, { forMember: member, planned: false }));
      if (member !== actor.membershipId) await requireReach(tx, actor, { membershipId: member, locationId: loc.id });
      draft = {
        membershipId: member,
        itemId: null,
        locationId: loc.id,
        dutyId: null,
        date: input.date as string,
        tagIds: [],
      };
    }
    const values = await checkedValues(tx, actor, draft, input, { defaultCostCentre });
    const at = now();
    const [row] = await tx
      .insert(hours)
      .values({
        accountId: actor.accountId,
        membershipId: draft.membershipId,
        itemId: draft.itemId,
        locationId: draft.locationId,
        dutyId: draft.dutyId,
        date: draft.date,
        tagIds: draft.tagIds,
        ...values,
        status: 'pending',
        createdBy: actor.membershipId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: hours.id });
    await recordActivity(tx, actor, { entity: 'hours', entityId: row.id, action: 'create', after: values });
    const line = await lineOf(tx, actor, row.id);
    announce(command, actor, [row.id], [line.member.id]);
    return { hours: line };
  });
}

/**
 * The one shape of a change to one line: lock it, let `change` authorise, check, write and log it, tell the open
 * apps, and answer the line as the transaction sees it.
 */
async function changeLine(
  ctx: AppContext,
  actor: Actor,
  id: string,
  change: (command: Command, row: HoursRow) => Promise<void>,
): Promise<HoursResponse> {
  return runCommand(ctx, actor, async (command) => {
    const row = await lockHours(command.tx, actor.accountId, id);
    await change(command, row);
    announce(command, actor, [id], [row.membershipId]);
    return { hours: await lineOf(command.tx, actor, id) };
  });
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateHoursRequest,
): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    await requireReach(tx, actor, row);
    requireHoursAbility(actor, row, 'edit');
    const values = await checkedValues(
      tx,
      actor,
      { ...row, itemId: row.itemId, dutyId: row.dutyId },
      { ...input, costCentre: input.costCentre ?? row.costCentreId },
      { exceptId: row.id },
    );
    // A denied line that is changed goes back to the supervisor.
    const reset =
      row.status === 'denied' ? { status: 'pending', denialMessage: null, deniedAt: null, deniedBy: null } : {};
    await tx
      .update(hours)
      .set({ ...values, ...reset, updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'update', before: row, after: values });
  });
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await lockHours(tx, actor.accountId, id);
    await requireReach(tx, actor, row);
    requireHoursAbility(actor, row, 'remove');
    await tx.delete(hours).where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'delete', before: row });
    announce(command, actor, [id], [row.membershipId]);
  });
}

// Approval

function signatureColumns(actor: Actor, signature: Signature | null | undefined, already: boolean) {
  if (signature) return { signature: signature.image, signeeName: signature.name, signedAt: now() };
  if (signatureRequired(actor) && !already) throw fieldError({ signature: ['validation.signatureRequired'] });
  return {};
}

/** Supervising reaches the lines of the member's locations, and their own. */
async function requireSupervisorReach(tx: DbOrTx, actor: Actor, row: HoursRow) {
  const reach = await reachOf(tx, actor);
  if (reach && !reach.includes(row.locationId) && row.membershipId !== actor.membershipId)
    throw new AppError('FORBIDDEN');
}

export async function approve(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ApproveHoursRequest,
): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'approve');
    const at = now();
    const signed = signatureColumns(actor, input.signature, row.signature != null);
    await tx
      .update(hours)
      .set({ status: 'approved', approvedAt: at, approvedBy: actor.membershipId, updatedAt: at, ...signed })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'approve' });
  });
}

export async function deny(ctx: AppContext, actor: Actor, id: string, message: string): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async (command, row) => {
    const { tx } = command;
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'deny');
    const at = now();
    await tx
      .update(hours)
      .set({ status: 'denied', denialMessage: message, deniedAt: at, deniedBy: actor.membershipId, updatedAt: at })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'deny' });
    await notifyDenied(ctx, command, actor, [row], message);
  });
}

/**
 * Tells each member whose hours were denied (the "hours denied" notification: in the app, by mail in their language
 * with the supervisor's message and a link to the timesheet, by push, per their settings), in the denial's own
 * transaction: the notification and the mail stand or fall with it.
 */
async function notifyDenied(ctx: AppContext, command: Command, actor: Actor, rows: HoursRow[], message: string) {
  for (const membershipId of new Set(rows.map((r) => r.membershipId))) {
    const theirs = rows.filter((r) => r.membershipId === membershipId);
    await notify(ctx, command, {
      accountId: actor.accountId,
      event: 'hoursDenied',
      recipients: [membershipId],
      actorMembershipId: actor.membershipId,
      data: { date: theirs[0].date },
      mailParams: (_id, locale) => ({
        date: theirs.map((r) => formatMailDate(r.date, locale)).join(', '),
        message,
        link: `${ctx.config.publicUrl}${localizedPath('timesheet', locale, { page: 'pending' })}`,
      }),
    });
  }
}

export async function reopen(ctx: AppContext, actor: Actor, id: string): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    await requireSupervisorReach(tx, actor, row);
    if (requireHoursAbility(actor, row, 'reopen') === 'unchanged') return;
    await tx
      .update(hours)
      .set({ status: 'pending', approvedAt: null, approvedBy: null, billed: false, updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'reopen' });
  });
}

export async function sign(ctx: AppContext, actor: Actor, id: string, signature: Signature): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    // The signature-only supervisor's one call (docs/product/hours.md); approved hours only.
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'sign');
    await tx
      .update(hours)
      .set({ signature: signature.image, signeeName: signature.name, signedAt: now(), updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'sign' });
  });
}

export async function setBilled(ctx: AppContext, actor: Actor, id: string, billed: boolean): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    const reach = await reachOf(tx, actor);
    if (reach && !reach.includes(row.locationId)) throw new AppError('FORBIDDEN');
    requireHoursAbility(actor, row, 'bill');
    await tx.update(hours).set({ billed, updatedAt: now() }).where(eq(hours.id, id));
  });
}

// Bulk

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
    const out: { id: string; membershipId: string }[] = [];
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
      out.push({ id: row.id, membershipId: item.membershipId });
    }
    await recordActivity(tx, actor, { entity: 'hours', action: 'confirm', after: { count: out.length } });
    announce(
      command,
      actor,
      out.map((c) => c.id),
      out.map((c) => c.membershipId),
    );
    return { count: out.length };
  });
}
