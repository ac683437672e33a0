import type { AccountSettings, CopyWeekPreview, CopyWeekResponse, CopyWeekSkip } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  type CopyMember,
  type CopySource,
  closedOn,
  datesBetween,
  effectiveAvailability,
  formatHHmm,
  placementRefusal,
  planCopyWeek,
  todayIn,
  weekStart,
} from '@app/domain';
import { and, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availability,
  availabilityDefaults,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rosterItems,
  sicknessRecords,
} from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { instantsOf, isOverlapViolation, placedItem, requirePlanner, restHoursByDuty } from './checks';
import { namedHolidays } from './cost';
import type { ItemRow } from './present';
import { locationOf, lockMember } from './repo';
import { recordItemWebhooks } from './webhooks';

type Location = Awaited<ReturnType<typeof locationOf>>;

/** The days of the planning with billed hours in a range (such a day takes no copy). */
async function billedDays(db: DbOrTx, locationId: string, from: string, until: string) {
  const result = await db.execute(sql`
    select distinct h.date::text as "date" from hours h
    where h.location_id = ${locationId} and h.billed and h.date between ${from} and ${until}`);
  return new Set((result as unknown as { rows: { date: string }[] }).rows.map((r) => r.date));
}

/** What the rules know of the people of last week's items for the week copied into. */
async function membersOf(db: DbOrTx, accountId: string, locationId: string, ids: string[], into: string) {
  const until = addDays(into, 6);
  if (ids.length === 0) return null;
  const [active, held, tagged, sick, entries, defaults, others, rest] = await Promise.all([
    db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
      .where(
        and(
          eq(memberships.accountId, accountId),
          eq(memberships.status, 'active'),
          eq(membershipLocations.locationId, locationId),
          inArray(memberships.id, ids),
        ),
      ),
    db.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, ids)),
    db.select().from(membershipTags).where(inArray(membershipTags.membershipId, ids)),
    db
      .select()
      .from(sicknessRecords)
      .where(
        and(
          eq(sicknessRecords.accountId, accountId),
          inArray(sicknessRecords.membershipId, ids),
          lte(sicknessRecords.startDate, until),
          or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, into)),
        ),
      ),
    db
      .select()
      .from(availability)
      .where(and(inArray(availability.membershipId, ids), between(availability.date, into, until))),
    db.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, ids)),
    db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, accountId),
          inArray(rosterItems.membershipId, ids),
          between(rosterItems.date, addDays(into, -1), addDays(until, 1)),
        ),
      ),
    restHoursByDuty(db, accountId),
  ]);
  return { active: new Set(active.map((a) => a.id)), held, tagged, sick, entries, defaults, others, rest };
}

/** Last week's items, the week's own, and the plan of what copying makes and leaves out (`planCopyWeek`). */
async function plan(db: DbOrTx, actor: Actor, location: Location, date: string) {
  const settings: AccountSettings = actor.settings;
  const into = weekStart(date, settings.weekStartsOn);
  const from = addDays(into, -7);
  const until = addDays(into, 6);
  const today = todayIn(settings.timeZone);
  const [rows, existing, billed, holidays] = await Promise.all([
    db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.locationId, location.id),
          between(rosterItems.date, from, addDays(into, -1)),
        ),
      ),
    db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.locationId, location.id),
          between(rosterItems.date, into, until),
        ),
      ),
    billedDays(db, location.id, into, until),
    // Public holidays and the account's own days off: a week's pattern does not carry over onto them.
    namedHolidays(db, actor.accountId, settings, into, until, actor.locale),
  ]);
  const ids = [...new Set(rows.map((r) => r.membershipId).filter((m): m is string => m !== null))];
  const facts = await membersOf(db, actor.accountId, location.id, ids, into);
  const rest = facts?.rest ?? new Map<string, number>();
  const member = (id: string): CopyMember | null => {
    if (!facts?.active.has(id)) return null;
    const sick = facts.sick.filter((s) => s.membershipId === id);
    const defaults = facts.defaults.filter((d) => d.membershipId === id) as AvailabilityDefaultRule[];
    return {
      duties: new Set(facts.held.filter((h) => h.membershipId === id).map((h) => h.dutyId)),
      tags: new Set(facts.tagged.filter((t) => t.membershipId === id).map((t) => t.tagId)),
      sick: (d) => sick.some((s) => s.startDate <= d && (s.endDate === null || s.endDate >= d)),
      availability: (d) =>
        effectiveAvailability(
          (facts.entries.find((e) => e.membershipId === id && e.date === d) as AvailabilityState | undefined) ?? null,
          defaults,
          d,
        ),
      others: facts.others.filter((o) => o.membershipId === id).map((o) => placedItem(o, rest, settings.timeZone)),
    };
  };
  const dayRefusal = (d: string): CopyWeekSkip | null =>
    placementRefusal(d, today, location.releasedUntil, 'bulk') ??
    (closedOn(d, location) ? 'closed' : billed.has(d) ? 'billed' : holidays.has(d) ? 'holiday' : null);
  const result = planCopyWeek({
    sources: rows,
    from,
    into,
    existing,
    dayRefusal,
    member,
    place: (item) => placedItem(item, rest, settings.timeZone),
    policy: settings.unavailablePolicy,
    timeZone: settings.timeZone,
  });
  return { from, into, until, rows, ...result };
}

const entryOf = ({ source, date }: { source: CopySource; date: string }) => ({
  source: source.id,
  date,
  user: source.membershipId,
  duty: source.dutyId,
  shift: source.shiftId,
  times:
    source.fromMinutes !== null && source.untilMinutes !== null
      ? { from: formatHHmm(source.fromMinutes), until: formatHHmm(source.untilMinutes), break: source.breakMinutes }
      : null,
});

async function planningOf(db: DbOrTx, actor: Actor, locationId: string) {
  const location = await locationOf(db, actor.accountId, locationId);
  requirePlanner(actor);
  await requirePlanningInScope(db, actor, location.id);
  return location;
}

/** What copying last week into the week of `date` would make and leave out, with the reasons. */
export async function previewCopyWeek(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
): Promise<CopyWeekPreview> {
  const location = await planningOf(ctx.db, actor, locationId);
  const out = await plan(ctx.db, actor, location, date);
  return {
    from: out.from,
    into: out.into,
    until: out.until,
    create: out.create.map(entryOf),
    skip: out.skip.map((s) => ({ ...entryOf(s), reason: s.reason })),
  };
}

/**
 * Copies last week into the week of `date` in one transaction: the people copied are locked first, so a concurrent
 * assignment and the plan see each other; the plan is made again inside it.
 */
export async function copyWeek(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
): Promise<CopyWeekResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const location = await planningOf(tx, actor, locationId);
    const into = weekStart(date, actor.settings.weekStartsOn);
    const people = await tx
      .selectDistinct({ id: rosterItems.membershipId })
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.locationId, location.id),
          inArray(rosterItems.date, datesBetween(addDays(into, -7), addDays(into, -1))),
        ),
      );
    for (const { id } of people.sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''))) {
      if (id) await lockMember(tx, actor.accountId, id).catch(() => null);
    }
    const out = await plan(tx, actor, location, date);
    const created: string[] = [];
    for (const { source, date: day } of out.create) {
      const row = out.rows.find((r) => r.id === source.id) as ItemRow;
      const values = {
        accountId: actor.accountId,
        locationId: location.id,
        date: day,
        membershipId: row.membershipId,
        dutyId: row.dutyId,
        shiftId: row.shiftId,
        fromMinutes: row.fromMinutes,
        untilMinutes: row.untilMinutes,
        breakMinutes: row.breakMinutes,
        costCentreId: row.costCentreId,
        tagIds: row.tagIds,
        notes: row.notes,
        internal: row.internal,
      };
      try {
        const [inserted] = await tx
          .insert(rosterItems)
          .values({ ...values, ...instantsOf(values, actor.settings.timeZone) })
          .returning({ id: rosterItems.id });
        created.push(inserted.id);
      } catch (err) {
        if (isOverlapViolation(err)) throw new AppError('ERR_OVERLAP');
        throw err;
      }
    }
    await recordActivity(tx, actor, {
      entity: 'items',
      action: 'bulk.copyWeek',
      before: null,
      after: { created, changed: [], deleted: [], into: out.into, skipped: out.skip.length },
    });
    await recordItemWebhooks(ctx, command, actor, { created, changed: [], deleted: [] });
    if (created.length)
      command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: location.id, ids: created }, actor);
    return { created, changed: [], deleted: [], skipped: out.skip.length };
  });
}
