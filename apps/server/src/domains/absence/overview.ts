import type { AvailabilityDefaultType, AvailabilityOverviewQuery, AvailabilityOverviewResponse } from '@app/contracts';
import {
  addDays,
  availabilityWeekday,
  displayNameFor,
  formatHHmm,
  hidesNames,
  mayViewTeamAvailability,
} from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { membershipDuties, membershipLocations, memberships, membershipTags, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { defaultsOf, entriesBetween } from '../availability/repo';
import { presentEntry } from '../availability/service';
import { requirePlanningInScope } from '../members/scope';
import { locationOf } from '../roster/repo';
import { recordsOf } from './repo';
import { presentRecord } from './service';

const hhmm = (minutes: number | null) => (minutes === null ? null : formatHHmm(minutes));

/**
 * Everyone of a location over a range (at most six weeks): their entries and weekday defaults, their duties and
 * tags for the filters, their sickness, and how many days each has left without availability.
 */
export async function availabilityOverview(
  ctx: AppContext,
  actor: Actor,
  query: AvailabilityOverviewQuery,
): Promise<AvailabilityOverviewResponse> {
  const db = ctx.db;
  const location = await locationOf(db, actor.accountId, query.location);
  requireAllowed(mayViewTeamAvailability(actor));
  await requirePlanningInScope(db, actor, location.id);
  const people = await db
    .select({
      id: memberships.id,
      fname: users.fname,
      lname: users.lname,
      flag: memberships.availabilityFlag,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.status, 'active'),
        eq(membershipLocations.locationId, location.id),
      ),
    )
    // Hidden names (the planner restriction) do not show their order either.
    .orderBy(...(hidesNames(actor) ? [asc(memberships.id)] : [asc(users.lname), asc(users.fname)]));
  const ids = people.map((p) => p.id);
  const none = ids.length === 0;
  const [entries, defaults, dutyLinks, tagLinks, sickness] = await Promise.all([
    none ? [] : entriesBetween(db, actor.accountId, query.from, query.until, null),
    none ? [] : defaultsOf(db, actor.accountId, ids),
    none ? [] : db.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, ids)),
    none ? [] : db.select().from(membershipTags).where(inArray(membershipTags.membershipId, ids)),
    none
      ? []
      : recordsOf(db, actor.accountId, { membershipIds: ids, overlaps: { from: query.from, until: query.until } }),
  ]);
  const mine = new Set(ids);
  const ownEntries = entries.filter((e) => mine.has(e.membershipId));
  const days: string[] = [];
  for (let d = query.from; d <= query.until; d = addDays(d, 1)) days.push(d);
  return {
    from: query.from,
    until: query.until,
    location: location.id,
    members: people.map((p) => {
      const dated = new Set(ownEntries.filter((e) => e.membershipId === p.id).map((e) => e.date));
      const weekdays = new Set(defaults.filter((d) => d.membershipId === p.id).map((d) => d.weekday));
      return {
        id: p.id,
        name: displayNameFor(actor, { id: p.id, name: `${p.fname} ${p.lname}`.trim() }),
        duties: dutyLinks.filter((l) => l.membershipId === p.id).map((l) => l.dutyId),
        tags: tagLinks.filter((l) => l.membershipId === p.id).map((l) => l.tagId),
        entersAvailability: p.flag,
        missing: days.filter((d) => !dated.has(d) && !weekdays.has(availabilityWeekday(d))).length,
      };
    }),
    entries: ownEntries.map(presentEntry),
    defaults: defaults.map((d) => ({
      membership: d.membershipId,
      weekday: d.weekday,
      type: d.type as AvailabilityDefaultType,
      start: hhmm(d.startMinutes),
      end: hhmm(d.endMinutes),
    })),
    sickness: sickness.map((r) => presentRecord(actor, r.record, `${r.fname} ${r.lname}`.trim(), r.items)),
  };
}
