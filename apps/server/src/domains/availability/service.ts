import type {
  AccountSettings,
  AvailabilityDefaultDay,
  AvailabilityDefaultsRequest,
  AvailabilityDefaultsResponse,
  AvailabilityDefaultType,
  AvailabilityDeleteRequest,
  AvailabilityDeleteResponse,
  AvailabilityEntry,
  AvailabilityListResponse,
  AvailabilityQuery,
  AvailabilitySaveRequest,
  AvailabilitySaveResponse,
  AvailabilitySettings,
  AvailabilitySettingsUpdate,
  AvailabilityType,
  VacationStatus,
} from '@app/contracts';
import {
  type AvailabilityEditScope,
  type AvailabilityProblems,
  addDays,
  availabilityDayRefusal,
  availabilityDeadline,
  availabilityEditScope,
  availabilityProblems,
  availabilitySaveProblems,
  availabilityStateOf,
  availabilityWeekday,
  formatHHmm,
  hasProblems,
  mayChangeAvailabilitySettings,
  mayPlan,
  mayReadAvailability,
  mayUseVacationStatus,
  parseHHmm,
} from '@app/domain';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { announceRevalidated, revalidateItems } from '../conflicts/revalidate';
import { membersInScope, requireMemberInScope } from '../members/scope';
import {
  type AvailabilityRow,
  type DefaultRow,
  defaultsOf,
  deleteEntries,
  entriesBetween,
  entriesOn,
  memberOfAccount,
  mergeSettings,
  replaceDefaults,
  settingsOf,
  upsertEntries,
} from './repo';

const hhmm = (minutes: number | null) => (minutes === null ? null : formatHHmm(minutes));
const minutesOf = (value: string | null | undefined) => (value ? parseHHmm(value) : null);

export function presentEntry(row: AvailabilityRow): AvailabilityEntry {
  return {
    id: row.id,
    membership: row.membershipId,
    date: row.date,
    type: row.type as AvailabilityType,
    start: hhmm(row.startMinutes),
    end: hhmm(row.endMinutes),
    status: (row.status as VacationStatus | null) ?? null,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 422 with catalog keys under `availability.` per field. */
function invalid(problems: AvailabilityProblems | Record<string, string[]>, data?: Record<string, unknown>) {
  const fields = Object.fromEntries(
    Object.entries(problems).map(([field, list]) => [field, (list ?? []).map((p) => `availability.${p}`)]),
  );
  return new AppError('VALIDATION', { fields, ...(data ? { data } : {}) }, 'invalid input');
}

/** How far the actor may change the member's availability (and from which date); 403 when not at all. */
function editScope(
  actor: Actor,
  target: { id: string; availabilityFlag: boolean },
  settings: AccountSettings,
): AvailabilityEditScope & { level: 'planner' | 'own' } {
  const scope = availabilityEditScope(
    {
      membershipId: actor.membershipId,
      roles: actor.roles,
      rights: actor.rights,
      managerLimited: actor.managerLimited,
      availabilityFlag: target.id === actor.membershipId && target.availabilityFlag,
    },
    target.id,
    settings,
  );
  if (!scope.level) throw new AppError('FORBIDDEN');
  return { ...scope, level: scope.level };
}

/**
 * Enforces the dates' abilities (`availabilityDayRefusal`, the rule the web's calendar reads): dates before an own
 * editor's deadline answer 422 naming them, a vacation already decided (for planners only) 403 naming its dates.
 */
function assertChangeable(
  scope: AvailabilityEditScope,
  dates: readonly string[],
  existing: readonly AvailabilityRow[],
) {
  const entries = new Map(existing.map((e) => [e.date, availabilityStateOf(e)]));
  const refusals = dates.map((date) => ({
    date,
    refusal: availabilityDayRefusal(scope, date, entries.get(date) ?? null),
  }));
  const closed = refusals.filter((r) => r.refusal === 'deadline').map((r) => r.date);
  if (closed.length) throw invalid({ dates: ['deadline'] }, { deadline: scope.deadline, dates: closed });
  const decided = refusals.filter((r) => r.refusal === 'decided').map((r) => r.date);
  if (decided.length) throw new AppError('FORBIDDEN', { data: { dates: decided } });
}

/**
 * The entries (and weekday defaults) between two dates: one member's when asked for (their own, or anyone's for
 * planners), else the whole account's for planners and the actor's own for everyone else. At most 93 days.
 */
export async function listAvailability(
  ctx: AppContext,
  actor: Actor,
  query: AvailabilityQuery,
): Promise<AvailabilityListResponse> {
  let scope: string | null;
  if (query.membership) {
    const target = await memberOfAccount(ctx.db, actor.accountId, query.membership);
    if (!mayReadAvailability(actor, target.id)) throw new AppError('FORBIDDEN');
    await requireMemberInScope(ctx.db, actor, target.id);
    scope = target.id;
  } else {
    scope = mayPlan(actor) ? null : actor.membershipId;
  }
  // The whole account's for planners, narrowed to the people of their plannings (restriction by plannings).
  const reach = scope ? null : await membersInScope(ctx.db, actor);
  const reached = (membershipId: string) => !reach || reach.has(membershipId);
  const [entries, defaults] = await Promise.all([
    entriesBetween(ctx.db, actor.accountId, query.from, query.until, scope),
    defaultsOf(ctx.db, actor.accountId, scope ? [scope] : null),
  ]);
  return {
    from: query.from,
    until: query.until,
    entries: entries.filter((e) => reached(e.membershipId)).map(presentEntry),
    defaults: defaults
      .filter((d) => reached(d.membershipId))
      .map((d) => ({
        membership: d.membershipId,
        weekday: d.weekday,
        type: d.type as AvailabilityDefaultType,
        start: hhmm(d.startMinutes),
        end: hhmm(d.endMinutes),
      })),
  };
}

/** Tells the account's open apps whose availability changed on which dates (after the commit). */
function announce(command: Command, actor: Actor, membershipId: string, dates: string[], extra: object = {}) {
  command.emit(`account.${actor.accountId}`, 'AvailabilityUpdated', { membershipId, dates, ...extra }, actor);
}

/**
 * Saves one entry per selected date, all with the same type and constraints, replacing what the member had on
 * those dates. A member editing themself is bound by the weeks-ahead deadline, only requests vacation (the status
 * defaults to `requested`) and cannot change a vacation already approved or denied.
 */
export async function saveAvailability(
  ctx: AppContext,
  actor: Actor,
  body: AvailabilitySaveRequest,
): Promise<AvailabilitySaveResponse> {
  const startMinutes = minutesOf(body.start);
  const endMinutes = minutesOf(body.end);
  const dates = [...body.dates].sort();
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const target = await memberOfAccount(tx, actor.accountId, body.membership, true);
    await requireMemberInScope(tx, actor, target.id);
    const settings = await settingsOf(tx, actor.accountId);
    const scope = editScope(actor, target, settings);
    const status = body.status ?? (body.type === 'vacation' && scope.level === 'own' ? 'requested' : null);
    const problems = availabilitySaveProblems({ type: body.type, startMinutes, endMinutes, status, dates });
    if (hasProblems(problems)) throw invalid(problems);
    if (!mayUseVacationStatus(scope.level, status)) throw new AppError('FORBIDDEN');
    const existing = await entriesOn(tx, actor.accountId, target.id, dates);
    assertChangeable(scope, dates, existing);
    const note = body.note?.trim() || null;
    const rows = await upsertEntries(
      tx,
      dates.map((date) => ({
        accountId: actor.accountId,
        membershipId: target.id,
        date,
        type: body.type,
        startMinutes,
        endMinutes,
        status,
        note,
      })),
    );
    const before = new Map(existing.map((e) => [e.date, e]));
    for (const row of rows) {
      const old = before.get(row.date);
      await recordActivity(tx, actor, {
        entity: 'availability',
        entityId: row.id,
        action: old ? 'update' : 'create',
        before: old ? presentEntry(old) : null,
        after: presentEntry(row),
      });
    }
    const changed = await revalidateItems(tx, actor.accountId, { membershipId: target.id, dates });
    announce(command, actor, body.membership, dates);
    announceRevalidated(command, actor.accountId, changed);
    return { entries: rows.map(presentEntry) };
  });
}

/** Removes the member's entries on the dates (the weekday default holds again), under the rules of saving. */
export async function deleteAvailability(
  ctx: AppContext,
  actor: Actor,
  body: AvailabilityDeleteRequest,
): Promise<AvailabilityDeleteResponse> {
  const dates = [...new Set(body.dates)].sort();
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const target = await memberOfAccount(tx, actor.accountId, body.membership, true);
    await requireMemberInScope(tx, actor, target.id);
    const settings = await settingsOf(tx, actor.accountId);
    const scope = editScope(actor, target, settings);
    assertChangeable(scope, dates, await entriesOn(tx, actor.accountId, target.id, dates));
    const rows = await deleteEntries(tx, actor.accountId, target.id, dates);
    for (const row of rows) {
      await recordActivity(tx, actor, {
        entity: 'availability',
        entityId: row.id,
        action: 'delete',
        before: presentEntry(row),
      });
    }
    const removed = rows.map((r) => r.date).sort();
    const changed = await revalidateItems(tx, actor.accountId, { membershipId: target.id, dates: removed });
    if (removed.length) announce(command, actor, body.membership, removed);
    announceRevalidated(command, actor.accountId, changed);
    return { deleted: removed };
  });
}

/** Seven days, Monday first; a weekday without a default has type null. */
function presentWeek(membershipId: string, rules: readonly DefaultRow[]): AvailabilityDefaultsResponse {
  const days = Array.from({ length: 7 }, (_, weekday): AvailabilityDefaultDay => {
    const rule = rules.find((r) => r.weekday === weekday);
    return rule
      ? {
          weekday,
          type: rule.type as AvailabilityDefaultType,
          start: hhmm(rule.startMinutes),
          end: hhmm(rule.endMinutes),
        }
      : { weekday, type: null, start: null, end: null };
  });
  return { membership: membershipId, days };
}

export async function getAvailabilityDefaults(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
): Promise<AvailabilityDefaultsResponse> {
  const target = await memberOfAccount(ctx.db, actor.accountId, membershipId);
  if (!mayReadAvailability(actor, target.id)) throw new AppError('FORBIDDEN');
  await requireMemberInScope(ctx.db, actor, target.id);
  return presentWeek(target.id, await defaultsOf(ctx.db, actor.accountId, [target.id]));
}

const sameRule = (a: Omit<DefaultRow, 'membershipId'> | undefined, b: Omit<DefaultRow, 'membershipId'> | undefined) =>
  a?.type === b?.type && a?.startMinutes === b?.startMinutes && a?.endMinutes === b?.endMinutes;

/**
 * Replaces a member's weekday defaults with the week sent (a weekday left out or with type null has none). A
 * member bound by the weeks-ahead deadline cannot change the days before it through their defaults either: each
 * such day without an entry whose weekday changes keeps what held there, written as an entry (the old default,
 * or `available` without constraints where there was none, which the roster treats the same).
 */
export async function saveAvailabilityDefaults(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  body: AvailabilityDefaultsRequest,
): Promise<AvailabilityDefaultsResponse> {
  const problems: Record<string, string[]> = {};
  const seen = new Set<number>();
  const rules: Omit<DefaultRow, 'membershipId'>[] = [];
  body.days.forEach((day, i) => {
    if (seen.has(day.weekday)) problems[`days.${i}.weekday`] = ['weekdayDuplicate'];
    seen.add(day.weekday);
    const startMinutes = minutesOf(day.start);
    const endMinutes = minutesOf(day.end);
    const dayProblems = availabilityProblems({ type: day.type ?? 'unavailable', startMinutes, endMinutes });
    for (const [field, list] of Object.entries(dayProblems)) problems[`days.${i}.${field}`] = list ?? [];
    if (day.type) rules.push({ weekday: day.weekday, type: day.type, startMinutes, endMinutes });
  });
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const target = await memberOfAccount(tx, actor.accountId, membershipId, true);
    await requireMemberInScope(tx, actor, target.id);
    const settings = await settingsOf(tx, actor.accountId);
    const { level } = editScope(actor, target, settings);
    if (Object.keys(problems).length) throw invalid(problems);
    const old = await defaultsOf(tx, actor.accountId, [target.id]);
    const kept: string[] = [];
    if (level === 'own' && settings.availabilityWeeksAhead > 0) {
      const today = availabilityDeadline(0, settings.timeZone);
      const deadline = availabilityDeadline(settings.availabilityWeeksAhead, settings.timeZone);
      const closed: string[] = [];
      for (let d = today; d < deadline; d = addDays(d, 1)) {
        const weekday = availabilityWeekday(d);
        const before = old.find((r) => r.weekday === weekday);
        if (
          !sameRule(
            before,
            rules.find((r) => r.weekday === weekday),
          )
        )
          closed.push(d);
      }
      const taken = new Set((await entriesOn(tx, actor.accountId, target.id, closed)).map((e) => e.date));
      const rows = await upsertEntries(
        tx,
        closed
          .filter((d) => !taken.has(d))
          .map((date) => {
            const before = old.find((r) => r.weekday === availabilityWeekday(date));
            return {
              accountId: actor.accountId,
              membershipId: target.id,
              date,
              type: before?.type ?? 'available',
              startMinutes: before?.startMinutes ?? null,
              endMinutes: before?.endMinutes ?? null,
              status: null,
              note: null,
            };
          }),
      );
      for (const row of rows) {
        await recordActivity(tx, actor, {
          entity: 'availability',
          entityId: row.id,
          action: 'create',
          after: presentEntry(row),
        });
        kept.push(row.date);
      }
    }
    await replaceDefaults(tx, target.id, rules);
    await recordActivity(tx, actor, {
      entity: 'availability',
      entityId: target.id,
      action: 'defaults',
      before: presentWeek(target.id, old).days,
      after: presentWeek(
        target.id,
        rules.map((r) => ({ ...r, membershipId: target.id })),
      ).days,
    });
    const changed = await revalidateItems(tx, actor.accountId, { membershipId: target.id });
    announce(command, actor, membershipId, kept, { defaults: true });
    announceRevalidated(command, actor.accountId, changed);
    return presentWeek(
      target.id,
      rules.map((r) => ({ ...r, membershipId: target.id })),
    );
  });
}

const pickSettings = (s: AccountSettings): AvailabilitySettings => ({
  unavailablePolicy: s.unavailablePolicy,
  plannersMayChangeAvailability: s.plannersMayChangeAvailability,
  availabilityWeeksAhead: s.availabilityWeeksAhead,
});

export async function getAvailabilitySettings(ctx: AppContext, actor: Actor): Promise<AvailabilitySettings> {
  return pickSettings(await settingsOf(ctx.db, actor.accountId));
}

/** Owners and managers without the manager limitation change the account's availability settings. */
export async function updateAvailabilitySettings(
  ctx: AppContext,
  actor: Actor,
  patch: AvailabilitySettingsUpdate,
): Promise<AvailabilitySettings> {
  requireAllowed(mayChangeAvailabilitySettings(actor));
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = pickSettings(await settingsOf(tx, actor.accountId));
    if (Object.keys(changes).length === 0) return before;
    await mergeSettings(tx, actor.accountId, changes);
    const now = pickSettings(await settingsOf(tx, actor.accountId));
    await recordActivity(tx, actor, { entity: 'availability', action: 'settings', before, after: now });
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'settings' });
    return now;
  });
}
