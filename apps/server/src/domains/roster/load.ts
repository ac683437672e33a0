import {
  CompactRefs,
  type Role,
  type RosterCompactResponse,
  type RosterQuery,
  type RosterResponse,
} from '@app/contracts';
import {
  datesBetween,
  formatHHmm,
  isReleased,
  mayPlan,
  mayReadRoster,
  PERIOD_OPTIONS,
  type Period,
  periodRange,
  seesColleagueNames,
  todayIn,
  visibleDay,
  weekStart,
  withinPlanningScope,
} from '@app/domain';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  availability,
  dayComments,
  dayNotes,
  duties,
  itemApplications,
  locations,
  membershipLocations,
  rosterItems,
  shiftLocations,
  shifts,
  tags,
} from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { accountSettings, gravatarHash } from '../app/service';
import { weeklyContractMinutes } from '../members/repo';
import {
  compactItem,
  memoItemMinutes,
  type PresentedApplication,
  presentItem,
  readPresentedItems,
  type Viewer,
} from './present';
import { statsFor } from './stats';

const DEFAULT_PERIOD: Period = 'week';

/**
 * The roster of a location for a period (spec 001 section 7, Roster). Planners see every day; employees and
 * observers only released days of plannings they belong to, with colleagues' names where their rights allow.
 * A location that is gone answers 409, so the client re-initialises. With `compact=1` the answer is the compact form
 * (`RosterCompactResponse`), built from the rows without the full form in between.
 */
export async function loadRoster(
  ctx: AppContext,
  actor: Actor,
  query: RosterQuery,
): Promise<RosterResponse | RosterCompactResponse> {
  const db = ctx.db;
  const { account, location, belongs, scope } = await readChecks(db, actor, query.location);
  if (!account) throw new AppError('NOT_FOUND');
  const settings = accountSettings(account.settings);
  if (!location) throw new AppError('CONFLICT', { data: { reason: 'location' } }, 'the location is gone');

  const planner = mayPlan(actor);
  requireAllowed(mayReadRoster(actor, belongs));
  // The restriction by plannings (employee page): a planner limited to some plannings reads only those.
  requireAllowed(withinPlanningScope(scope, location.id, belongs));

  const today = todayIn(settings.timeZone);
  const period = query.period ?? DEFAULT_PERIOD;
  const first = query.date ?? (period === 'day' ? today : weekStart(today, settings.weekStartsOn));
  const range = periodRange(first, period);
  const releasedUntil = location.releasedUntil;
  const dates = datesBetween(range.from, range.until);
  const visibleDates = dates.filter((date) => visibleDay({ roles: actor.roles, belongs, date, releasedUntil }));

  // Everything else at once: the items, their applications (by a join: a month holds thousands of items, too many to
  // list their ids in a query), the people of this planning, the contracts, the catalogs, comments, notes and
  // availability. None depends on another, so PostgreSQL runs them side by side (PGlite one after the other).
  const itemsFrom = visibleDates[0];
  const itemsUntil = visibleDates[visibleDates.length - 1];
  const itemsWhere = visibleDates.length
    ? and(
        eq(rosterItems.accountId, location.accountId),
        eq(rosterItems.locationId, location.id),
        between(rosterItems.date, itemsFrom, itemsUntil),
      )
    : null;
  const [
    itemRows,
    applications,
    memberRows,
    contracts,
    dutyRows,
    shiftRows,
    tagRows,
    locationRows,
    commentRows,
    noteRows,
    availabilityRows,
  ] = await Promise.all([
    itemsWhere ? readPresentedItems(db, location.accountId, location.id, itemsFrom, itemsUntil) : [],
    itemsWhere
      ? db
          .select({
            itemId: itemApplications.itemId,
            membershipId: itemApplications.membershipId,
            appliedAt: itemApplications.appliedAt,
            accepted: itemApplications.accepted,
          })
          .from(itemApplications)
          .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
          .where(itemsWhere)
      : [],
    // The people of this planning, with the duties and tags they hold.
    readPeople(db, actor.accountId, location.id),
    // Weekly contract hours, for planned against contract hours (planners only: it is HR data).
    planner ? weeklyContractMinutes(db, actor.accountId, range.from) : null,
    db.select().from(duties).where(eq(duties.accountId, actor.accountId)).orderBy(asc(duties.name)),
    db
      .select({ shift: shifts })
      .from(shifts)
      .innerJoin(shiftLocations, eq(shiftLocations.shiftId, shifts.id))
      .where(and(eq(shifts.accountId, actor.accountId), eq(shiftLocations.locationId, location.id)))
      .orderBy(asc(shifts.startMinutes)),
    db.select().from(tags).where(eq(tags.accountId, actor.accountId)).orderBy(asc(tags.name)),
    planner
      ? db.select().from(locations).where(eq(locations.accountId, actor.accountId)).orderBy(asc(locations.name))
      : db
          .select({ location: locations })
          .from(locations)
          .innerJoin(membershipLocations, eq(membershipLocations.locationId, locations.id))
          .where(
            and(eq(locations.accountId, actor.accountId), eq(membershipLocations.membershipId, actor.membershipId)),
          )
          .orderBy(asc(locations.name))
          .then((rows) => rows.map((r) => r.location)),
    visibleDates.length
      ? db
          .select()
          .from(dayComments)
          .where(and(eq(dayComments.locationId, location.id), inArray(dayComments.date, visibleDates)))
          .orderBy(asc(dayComments.createdAt))
      : [],
    visibleDates.length
      ? db
          .select()
          .from(dayNotes)
          .where(and(eq(dayNotes.locationId, location.id), inArray(dayNotes.date, visibleDates)))
      : [],
    // The availability of the people of this planning (planners only).
    planner && visibleDates.length
      ? db
          .select({
            membershipId: availability.membershipId,
            date: availability.date,
            type: availability.type,
            startMinutes: availability.startMinutes,
            endMinutes: availability.endMinutes,
            status: availability.status,
          })
          .from(availability)
          .innerJoin(membershipLocations, eq(membershipLocations.membershipId, availability.membershipId))
          .where(
            and(
              eq(availability.accountId, actor.accountId),
              eq(membershipLocations.locationId, location.id),
              inArray(availability.date, visibleDates),
            ),
          )
      : [],
  ]);

  // From the session, not from the people of this planning: a restricted planner may not belong to it.
  const plannerRestricted = actor.plannerRestricted;
  const plannedDays = new Set(itemRows.filter((i) => i.membershipId === actor.membershipId).map((i) => i.date));
  const namesOn = (date: string) =>
    seesColleagueNames({
      roles: actor.roles as Role[],
      rights: actor.rights,
      plannerRestricted,
      plannedThatDay: plannedDays.has(date),
    });
  // Once a date, not once an item.
  const namesByDate = new Map(visibleDates.map((date) => [date, namesOn(date)]));
  const showsAnyName = [...namesByDate.values()].some(Boolean);
  // The planner restriction: the roster shows who is planned as ids only.
  const hidesNames = planner && plannerRestricted;

  // Thousands of items in a month: look up by key rather than filter per item, and compute each distinct
  // date and times once (for the items and the stats).
  const applicationsByItem = groupBy(applications, (a) => a.itemId);
  const minutesOf = memoItemMinutes(settings.timeZone);
  const noApplications: PresentedApplication[] = [];
  // One viewer a date (whether names show depends on the day), not one an item.
  const viewers = new Map<string, Viewer>(
    visibleDates.map((date) => [
      date,
      { membershipId: actor.membershipId, planner, seesName: namesByDate.get(date) ?? namesOn(date) },
    ]),
  );
  const viewerOn = (date: string): Viewer =>
    viewers.get(date) ?? { membershipId: actor.membershipId, planner, seesName: namesOn(date) };
  const usersOut: RosterResponse['users'] = {};
  for (const m of memberRows.sort((a, b) => a.lname.localeCompare(b.lname))) {
    if (m.status !== 'active') continue;
    const own = m.id === actor.membershipId;
    if (!planner && !own && !showsAnyName) continue;
    usersOut[m.id] = {
      id: m.id,
      name: own || !hidesNames ? [m.fname, m.lname].filter(Boolean).join(' ') : null,
      gravatar: own || !hidesNames ? gravatarHash(m.email) : null,
      duties: m.duties,
      tags: m.tags,
      contractMinutes: contracts?.get(m.id) ?? null,
    };
  }

  const days = dates.map((date) => ({ date, released: isReleased(date, releasedUntil), past: date < today }));
  const rest: Omit<RosterResponse, 'days' | 'items'> = {
    client: null,
    users: usersOut,
    duties: Object.fromEntries(
      dutyRows.map((d) => [
        d.id,
        {
          id: d.id,
          identifier: d.identifier,
          name: d.name,
          color: d.color,
          trashed: d.trashed,
          restHours: d.restHours,
        },
      ]),
    ),
    shifts: Object.fromEntries(
      shiftRows.map(({ shift: s }) => [
        s.id,
        {
          id: s.id,
          identifier: s.identifier,
          name: s.name,
          times: { from: formatHHmm(s.startMinutes), until: formatHHmm(s.endMinutes), break: s.breakMinutes },
          trashed: s.trashed,
        },
      ]),
    ),
    locations: Object.fromEntries(
      locationRows.map((l) => [l.id, { id: l.id, name: l.name, releasedUntil: l.releasedUntil }]),
    ),
    comments: commentRows.map((c) => ({
      id: c.id,
      date: c.date,
      user: c.membershipId,
      message: c.message,
      createdAt: c.createdAt.toISOString(),
    })),
    notes: Object.fromEntries(noteRows.map((n) => [n.date, n.content])),
    tags: Object.fromEntries(tagRows.map((t) => [t.id, { id: t.id, name: t.name }])),
    availability: availabilityRows.map((a) => ({
      user: a.membershipId,
      date: a.date,
      type: a.type,
      start: a.startMinutes === null ? null : formatHHmm(a.startMinutes),
      end: a.endMinutes === null ? null : formatHHmm(a.endMinutes),
      status: a.status,
    })),
    periods: { default: DEFAULT_PERIOD, options: [...PERIOD_OPTIONS], from: range.from, until: range.until },
    weather: null,
    stats:
      planner || showsAnyName
        ? statsFor(itemRows, settings.timeZone, minutesOf)
        : statsFor(
            itemRows.filter((i) => i.membershipId === actor.membershipId),
            settings.timeZone,
            minutesOf,
          ),
  };

  if (query.compact === '1') {
    // The compact form straight from the rows (what `compactRoster` makes of the full form, in one pass).
    const refs = new CompactRefs();
    const dayIndex = new Map(dates.map((date, i) => [date, i]));
    const items = itemRows.map((row) =>
      compactItem(
        row,
        applicationsByItem.get(row.id) ?? noApplications,
        viewerOn(row.date),
        dayIndex.get(row.date)!,
        refs,
        minutesOf,
      ),
    );
    return { days, ...rest, location: query.location, refs: refs.refs, items };
  }
  const items = itemRows.map((row) =>
    presentItem(
      row,
      applicationsByItem.get(row.id) ?? noApplications,
      viewerOn(row.date),
      settings.timeZone,
      minutesOf,
    ),
  );
  return { days, items, ...rest };
}

/** The rows by key, each list in the rows' order. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

interface PersonRow {
  id: string;
  status: string;
  fname: string;
  lname: string;
  email: string;
  duties: string[];
  tags: string[];
}

/**
 * The people of a planning with the duties and tags they hold, read as one JSON text: one round trip, and for a
 * planning of hundreds of people much faster to parse than rows (see `readPresentedItems`).
 */
async function readPeople(db: AppContext['db'], accountId: string, locationId: string): Promise<PersonRow[]> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(m.id, m.status, u.fname, u.lname, u.email,
      coalesce((select json_agg(d.duty_id) from membership_duties d where d.membership_id = m.id), '[]'),
      coalesce((select json_agg(t.tag_id) from membership_tags t where t.membership_id = m.id), '[]'))), '[]')::text
      as "people"
    from memberships m
    join users u on u.id = m.user_id
    join membership_locations l on l.membership_id = m.id
    where m.account_id = ${accountId} and l.location_id = ${locationId}`);
  const [{ people }] = (result as unknown as { rows: { people: string }[] }).rows;
  return (JSON.parse(people) as [string, string, string, string, string, string[], string[]][]).map((p) => ({
    id: p[0],
    status: p[1],
    fname: p[2],
    lname: p[3],
    email: p[4],
    duties: p[5],
    tags: p[6],
  }));
}

interface Checks {
  /** The account's settings, null when the account is not there. */
  account: { settings: unknown } | null;
  location: { id: string; accountId: string; releasedUntil: string | null } | null;
  /** Whether the viewer belongs to the location. */
  belongs: boolean;
  /** The viewer's restriction by plannings (`planningScopeOf`), null when none is set. */
  scope: { planningScope: 'all' | 'own' | 'some'; scopeLocationIds: string[]; scopeDutyIds: string[] } | null;
}

/**
 * What the checks need, as one JSON text (one query instead of four; each query costs the server its building,
 * writing and mapping): the account's settings, the location of this account, whether the viewer belongs to it,
 * and the viewer's planning scope.
 */
async function readChecks(db: AppContext['db'], actor: Actor, locationId: string): Promise<Checks> {
  const result = await db.execute(sql`
    select json_build_array(
      (select json_build_array(a.settings) from accounts a where a.id = ${actor.accountId}),
      (select json_build_array(l.id, l.account_id, l.released_until) from locations l
        where l.id = ${locationId} and l.account_id = ${actor.accountId}),
      exists (select 1 from membership_locations ml
        where ml.location_id = ${locationId} and ml.membership_id = ${actor.membershipId}),
      (select json_build_array(s.planning_scope, s.scope_location_ids, s.scope_duty_ids) from member_settings s
        where s.membership_id = ${actor.membershipId}))::text as "checks"`);
  const [{ checks }] = (result as unknown as { rows: { checks: string }[] }).rows;
  const [account, location, belongs, scope] = JSON.parse(checks) as [
    [unknown] | null,
    [string, string, string | null] | null,
    boolean,
    ['all' | 'own' | 'some', string[], string[]] | null,
  ];
  return {
    account: account && { settings: account[0] },
    location: location && { id: location[0], accountId: location[1], releasedUntil: location[2] },
    belongs,
    scope: scope && { planningScope: scope[0], scopeLocationIds: scope[1], scopeDutyIds: scope[2] },
  };
}
