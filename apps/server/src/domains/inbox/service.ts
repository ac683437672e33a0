import type { InboxEntry, InboxKind, InboxQuery, InboxResponse, SwapBreak } from '@app/contracts';
import { INBOX_ENTRIES_MAX } from '@app/contracts';
import {
  displayNameFor,
  formatHHmm,
  hoursAbilitiesOf,
  inboxKinds,
  mayPlan,
  now,
  todayIn,
  vacationAbilitiesOf,
} from '@app/domain';
import { and, asc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  duties,
  hours,
  itemApplications,
  locations,
  membershipLocations,
  memberships,
  rosterItems,
  users,
  vacationRequests,
} from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { membersInScope, planningReachOf, reachOf } from '../members/scope';
import { pendingSwaps } from '../swaps/repo';

/**
 * GET /api/inbox (docs/product/inbox.md): what waits on this member's answer, oldest date first, each kind read
 * where its own page reads it and limited the same way: applications and sign-outs of the plannings within the
 * planner's restriction, vacation requests of the people within it, hours of the plannings a supervisor oversees.
 * The answers go to the kinds' own calls; `can` says which ones this member has.
 */
export async function readInbox(ctx: AppContext, actor: Actor, query: InboxQuery): Promise<InboxResponse> {
  const db = ctx.db;
  const all = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.accountId, actor.accountId))
    .orderBy(asc(locations.name));
  // Another account's planning answers 404 whoever asks; only then the member's kinds decide.
  if (query.location && !all.some((l) => l.id === query.location)) throw new AppError('NOT_FOUND');
  const kinds = inboxKinds(actor, actor.modules);
  requireAllowed(kinds.length > 0);
  const planning = await planningReachOf(db, actor);
  const hoursReach = kinds.includes('hours') ? await reachOf(db, actor) : [];
  // A planner reaches the plannings of their restriction; a supervisor who does not plan, those they oversee.
  const reachable = all.filter(
    (l) => planning.includes(l.id) && (mayPlan(actor) || hoursReach === null || hoursReach.includes(l.id)),
  );
  if (query.location && !reachable.some((l) => l.id === query.location)) throw new AppError('FORBIDDEN');
  const shown = query.location ? [query.location] : reachable.map((l) => l.id);
  const today = todayIn(actor.settings.timeZone, now());
  const name = (id: string, fname: string, lname: string) => ({
    id,
    name: displayNameFor(actor, { id, name: `${fname} ${lname}`.trim() }),
  });
  const where = (id: string) => {
    const l = all.find((x) => x.id === id);
    return l ? { id: l.id, name: l.name } : null;
  };
  const times = (from: number | null, until: number | null) => ({
    from: from === null ? null : formatHHmm(from),
    until: until === null ? null : formatHHmm(until),
  });
  const total = sql<number>`(count(*) over ())::int`;
  const counts: Record<InboxKind, number> = { application: 0, signOut: 0, swap: 0, vacation: 0, hours: 0 };
  const entries: InboxEntry[] = [];
  const none = {
    item: null,
    target: null,
    until: null,
    planned: null,
    registered: null,
    days: null,
    duration: null,
    swap: null,
  };

  if (kinds.includes('application') && shown.length) {
    const rows = await db
      .select({
        id: itemApplications.id,
        membershipId: itemApplications.membershipId,
        item: rosterItems,
        duty: duties.name,
        fname: users.fname,
        lname: users.lname,
        total,
      })
      .from(itemApplications)
      .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
      .innerJoin(memberships, eq(memberships.id, itemApplications.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          isNull(itemApplications.accepted),
          isNull(rosterItems.membershipId),
          inArray(rosterItems.locationId, shown),
          gte(rosterItems.date, today),
        ),
      )
      .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes), asc(itemApplications.appliedAt))
      .limit(INBOX_ENTRIES_MAX);
    counts.application = rows[0]?.total ?? 0;
    for (const r of rows)
      entries.push({
        ...none,
        kind: 'application',
        id: r.id,
        item: r.item.id,
        target: r.membershipId,
        person: name(r.membershipId, r.fname, r.lname),
        location: where(r.item.locationId),
        duty: r.duty,
        date: r.item.date,
        planned: times(r.item.fromMinutes, r.item.untilMinutes),
        can: { accept: true, deny: true },
      });
  }

  if (kinds.includes('signOut') && shown.length) {
    const rows = await db
      .select({ item: rosterItems, duty: duties.name, fname: users.fname, lname: users.lname, total })
      .from(rosterItems)
      .innerJoin(memberships, eq(memberships.id, rosterItems.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          eq(rosterItems.flag, 'signout'),
          inArray(rosterItems.locationId, shown),
          gte(rosterItems.date, today),
        ),
      )
      .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes))
      .limit(INBOX_ENTRIES_MAX);
    counts.signOut = rows[0]?.total ?? 0;
    for (const r of rows)
      entries.push({
        ...none,
        kind: 'signOut',
        id: r.item.id,
        item: r.item.id,
        person: name(r.item.membershipId as string, r.fname, r.lname),
        location: where(r.item.locationId),
        duty: r.duty,
        date: r.item.date,
        planned: times(r.item.fromMinutes, r.item.untilMinutes),
        can: { accept: true, deny: true },
      });
  }

  if (kinds.includes('swap') && shown.length) {
    const rows = await pendingSwaps(db, actor.accountId, shown, actor.settings.timeZone);
    counts.swap = rows.length;
    for (const r of rows.slice(0, INBOX_ENTRIES_MAX))
      entries.push({
        ...none,
        kind: 'swap',
        id: r.offer.id,
        item: r.item.id,
        target: r.offer.id,
        person: { id: r.taker.id, name: displayNameFor(actor, r.taker) },
        location: where(r.item.locationId),
        duty: r.duty,
        date: r.item.date,
        planned: times(r.item.fromMinutes, r.item.untilMinutes),
        swap: {
          from: { id: r.from.id, name: displayNameFor(actor, r.from) },
          breaks: r.offer.breaks as SwapBreak[],
          wanted: r.wanted,
        },
        can: { accept: true, deny: true },
      });
  }

  if (kinds.includes('vacation')) {
    // Vacation belongs to a person, not a planning: the filter keeps the people of the chosen planning.
    const conditions: SQL[] = [eq(vacationRequests.accountId, actor.accountId), eq(vacationRequests.status, 'pending')];
    const people = await membersInScope(db, actor);
    if (people) conditions.push(inArray(vacationRequests.membershipId, [...people]));
    if (query.location) {
      const held = db
        .select({ id: membershipLocations.membershipId })
        .from(membershipLocations)
        .where(eq(membershipLocations.locationId, query.location));
      conditions.push(inArray(vacationRequests.membershipId, held));
    }
    const rows = await db
      .select({ request: vacationRequests, fname: users.fname, lname: users.lname, total })
      .from(vacationRequests)
      .innerJoin(memberships, eq(memberships.id, vacationRequests.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(...conditions))
      .orderBy(asc(vacationRequests.startDate), asc(vacationRequests.createdAt))
      .limit(INBOX_ENTRIES_MAX);
    counts.vacation = rows[0]?.total ?? 0;
    for (const r of rows) {
      const can = vacationAbilitiesOf(actor, r.request);
      entries.push({
        ...none,
        kind: 'vacation',
        id: r.request.id,
        target: r.request.id,
        person: name(r.request.membershipId, r.fname, r.lname),
        location: null,
        duty: null,
        date: r.request.startDate,
        until: r.request.endDate,
        days: r.request.halfDays / 2,
        duration: r.request.duration,
        can: { accept: can.approve, deny: can.deny },
      });
    }
  }

  const hoursAt = hoursReach === null ? shown : shown.filter((id) => hoursReach.includes(id));
  if (kinds.includes('hours') && hoursAt.length) {
    const rows = await db
      .select({
        line: hours,
        plannedFrom: rosterItems.fromMinutes,
        plannedUntil: rosterItems.untilMinutes,
        duty: duties.name,
        fname: users.fname,
        lname: users.lname,
        total,
      })
      .from(hours)
      .innerJoin(memberships, eq(memberships.id, hours.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(rosterItems, eq(rosterItems.id, hours.itemId))
      .leftJoin(duties, eq(duties.id, hours.dutyId))
      .where(and(eq(hours.accountId, actor.accountId), eq(hours.status, 'pending'), inArray(hours.locationId, hoursAt)))
      .orderBy(asc(hours.date), asc(hours.fromMinutes))
      .limit(INBOX_ENTRIES_MAX);
    counts.hours = rows[0]?.total ?? 0;
    for (const r of rows) {
      const can = hoursAbilitiesOf(actor, {
        membershipId: r.line.membershipId,
        createdBy: r.line.createdBy,
        status: 'pending',
        paid: r.line.paid,
        signed: r.line.signature != null,
      });
      entries.push({
        ...none,
        kind: 'hours',
        id: r.line.id,
        item: r.line.itemId,
        target: r.line.id,
        person: name(r.line.membershipId, r.fname, r.lname),
        location: where(r.line.locationId),
        duty: r.duty,
        date: r.line.date,
        planned: r.line.itemId ? times(r.plannedFrom, r.plannedUntil) : null,
        registered: { ...times(r.line.fromMinutes, r.line.untilMinutes), minutes: r.line.minutes },
        can: { accept: can.approve, deny: can.deny },
      });
    }
  }

  entries.sort((a, b) => a.date.localeCompare(b.date));
  return {
    kinds,
    entries,
    counts: {
      ...counts,
      total: counts.application + counts.signOut + counts.swap + counts.vacation + counts.hours,
    },
    locations: reachable,
  };
}
