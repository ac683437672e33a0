import {
  CompactRefs,
  ROLES,
  type Role,
  type RosterCompactResponse,
  type RosterItemsResponse,
  type RosterQuery,
  type RosterResponse,
} from '@app/contracts';
import {
  addDays,
  closedOn,
  datesBetween,
  displayNameFor,
  FORECAST_DAYS,
  formatHHmm,
  isReleased,
  mayPlan,
  mayReadLabourCost,
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
import { and, asc, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients, itemApplications, projects, resources, rosterItems } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { gravatarHash } from '../members/gravatar';
import { forecastOf } from '../weather/service';
import { namedHolidays, rosterCost, sickDays } from './cost';
import { offersFor } from './offers';
import {
  compactItem,
  memoItemMinutes,
  type PresentedApplication,
  presentedColumns,
  presentItem,
  readPresentedItems,
  type Viewer,
} from './present';
import { statsFor } from './stats';

const DEFAULT_PERIOD: Period = 'week';

/** What the roster shows of an item's applications, in the load and in a read by ids alike. */
const applicationColumns = {
  itemId: itemApplications.itemId,
  membershipId: itemApplications.membershipId,
  appliedAt: itemApplications.appliedAt,
  accepted: itemApplications.accepted,
};

/**
 * The roster of a location for a period (docs/product/roster.md, "Loading"). Planners see every day; employees and
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

  // Everything else at once, in three queries: the items, their applications (by a join: a month holds thousands of
  // items, too many to list their ids in a query), and the rest in one (the people of this planning, the contracts,
  // the catalogs, comments, notes and availability). None depends on another, so PostgreSQL runs them side by side
  // (PGlite one after the other).
  const itemsFrom = visibleDates[0];
  const itemsUntil = visibleDates[visibleDates.length - 1];
  // `mine=1`: the viewer's own items only ("my duties" first, docs/product/roster.md, "On a phone").
  const mine = query.mine === '1' ? actor.membershipId : undefined;
  const itemsWhere = visibleDates.length
    ? and(
        eq(rosterItems.accountId, location.accountId),
        eq(rosterItems.locationId, location.id),
        between(rosterItems.date, itemsFrom, itemsUntil),
        mine ? eq(rosterItems.membershipId, mine) : undefined,
      )
    : null;
  const [itemRows, applications, catalogs] = await Promise.all([
    itemsWhere ? readPresentedItems(db, location.accountId, location.id, itemsFrom, itemsUntil, mine) : [],
    itemsWhere
      ? db
          .select(applicationColumns)
          .from(itemApplications)
          .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
          .where(itemsWhere)
      : [],
    readCatalogs(db, actor, location.id, planner, range.from, visibleDates),
  ]);
  const { memberRows, contracts, dutyRows, shiftRows, tagRows, locationRows, commentRows, noteRows, availabilityRows } =
    catalogs;

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
  // The planner restriction: the roster shows who is planned as ids only (the one rule: `displayNameFor`).
  const nameOf = (id: string, name: string) => displayNameFor(actor, { id, name });

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
      name: nameOf(m.id, [m.fname, m.lname].filter(Boolean).join(' ')),
      gravatar: nameOf(m.id, '') === null ? null : gravatarHash(m.email),
      duties: m.duties,
      tags: m.tags,
      contractMinutes: contracts?.get(m.id) ?? null,
      // Planners group the grid's rows by role (docs/product/roster.md, "A big planning").
      ...(planner ? { roles: m.roles.filter(isRole) } : {}),
    };
  }

  const facts = planner ? await dayFacts(db, location.id, range.from, range.until) : null;
  const days = dates.map((date) => ({
    date,
    released: isReleased(date, releasedUntil),
    past: date < today,
    ...(facts && { billed: facts.billed.has(date), closed: closedOn(date, facts.planning) }),
  }));
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
      shiftRows.map((s) => [
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
      createdAt: new Date(c.createdAt).toISOString(),
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
    weather: await rosterWeather(ctx, actor, location, settings.timeZone, today, dates),
    stats:
      planner || showsAnyName
        ? statsFor(itemRows, settings.timeZone, minutesOf)
        : statsFor(
            itemRows.filter((i) => i.membershipId === actor.membershipId),
            settings.timeZone,
            minutesOf,
          ),
  };

  // Employees: which open items they may take, so the roster offers only those (docs/product/roster.md).
  if (!planner) rest.offers = await offersFor(db, actor, itemRows);

  // Leave, holidays and cost on the grid (docs/product/roster.md, "Leave and holidays", "Hours, contract and cost"):
  // the holidays for everyone, sickness for planners, the labour cost for those who read wages with rates on.
  const holidays = await namedHolidays(db, location.accountId, settings, range.from, range.until, actor.locale);
  rest.holidays = [...holidays].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
  if (planner) rest.sick = (await sickDays(db, location.accountId, dates)).filter((s) => s.user in usersOut);
  // The labour cost is the whole period's: not in the answer of one's own items.
  if (!mine && mayReadLabourCost(actor) && actor.modules.includes('rates')) {
    rest.cost = await rosterCost(
      db,
      location.accountId,
      itemRows,
      minutesOf,
      new Set(holidays.keys()),
      location.budgetCents,
    );
  }

  const carried = await rosterResources(
    db,
    location.accountId,
    itemRows,
    planner && actor.modules.includes('resources'),
  );
  if (carried) rest.resources = carried;
  const fromProjects = await rosterProjects(db, location.accountId, itemRows);
  if (fromProjects) rest.projects = fromProjects;

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

/** The projects the items come from, with their client's name (docs/product/clients.md); undefined for none. */
async function rosterProjects(
  db: DbOrTx,
  accountId: string,
  items: readonly { projectId: string | null }[],
): Promise<RosterResponse['projects']> {
  const ids = [...new Set(items.map((i) => i.projectId).filter((p): p is string => p !== null))];
  if (ids.length === 0) return undefined;
  const rows = await db
    .select({ id: projects.id, name: projects.name, client: clients.name })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(eq(projects.accountId, accountId), inArray(projects.id, ids)));
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}

/**
 * The vehicles and equipment the roster names (docs/product/resources.md): those its items carry, and for planners
 * with the resources module every one not archived, for the toolbox to offer. Undefined when there are none.
 */
async function rosterResources(
  db: DbOrTx,
  accountId: string,
  items: readonly { resourceId: string | null }[],
  all: boolean,
): Promise<RosterResponse['resources']> {
  const ids = [...new Set(items.map((i) => i.resourceId).filter((r): r is string => r !== null))];
  if (!all && ids.length === 0) return undefined;
  const rows = await db
    .select({
      id: resources.id,
      name: resources.name,
      kind: resources.kind,
      type: resources.type,
      capacity: resources.capacity,
      archived: resources.archived,
    })
    .from(resources)
    .where(
      and(
        eq(resources.accountId, accountId),
        all
          ? or(eq(resources.archived, false), ids.length ? inArray(resources.id, ids) : undefined)
          : inArray(resources.id, ids),
      ),
    )
    .orderBy(asc(resources.name));
  if (rows.length === 0) return undefined;
  return Object.fromEntries(rows.map((r) => [r.id, { ...r, kind: r.kind === 'equipment' ? 'equipment' : 'vehicle' }]));
}

/**
 * Items of a location by id, as the roster's load shows them to this viewer (a realtime event named them): the same
 * checks as the load (a location of another account or gone answers 409, the roles, the restriction by plannings),
 * the same days (planners every day, the others released days), the same names per day. Ids of other accounts or
 * locations, and items on days the viewer does not see, are left out: the web drops what it asked for and did not
 * get.
 */
export async function loadRosterItems(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  ids: string[],
): Promise<RosterItemsResponse> {
  const db = ctx.db;
  const { account, location, belongs, scope } = await readChecks(db, actor, locationId);
  if (!account) throw new AppError('NOT_FOUND');
  const settings = accountSettings(account.settings);
  if (!location) throw new AppError('CONFLICT', { data: { reason: 'location' } }, 'the location is gone');
  const planner = mayPlan(actor);
  requireAllowed(mayReadRoster(actor, belongs));
  requireAllowed(withinPlanningScope(scope, location.id, belongs));

  const inLocation = and(eq(rosterItems.accountId, location.accountId), eq(rosterItems.locationId, location.id));
  const rows = (
    await db
      .select(presentedColumns)
      .from(rosterItems)
      .where(and(inLocation, inArray(rosterItems.id, [...new Set(ids)])))
      .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes))
  ).filter((r) => visibleDay({ roles: actor.roles, belongs, date: r.date, releasedUntil: location.releasedUntil }));
  if (!rows.length) return { items: [] };
  const dates = [...new Set(rows.map((r) => r.date))];
  const [applications, ownDays] = await Promise.all([
    db
      .select(applicationColumns)
      .from(itemApplications)
      .where(
        inArray(
          itemApplications.itemId,
          rows.map((r) => r.id),
        ),
      ),
    // Whether colleagues' names show on a day depends on the viewer's own items there, as in the load.
    db
      .selectDistinct({ date: rosterItems.date })
      .from(rosterItems)
      .where(and(inLocation, eq(rosterItems.membershipId, actor.membershipId), inArray(rosterItems.date, dates))),
  ]);
  const plannedDays = new Set(ownDays.map((d) => d.date));
  const applicationsByItem = groupBy(applications, (a) => a.itemId);
  const viewers = new Map<string, Viewer>(
    dates.map((date) => [
      date,
      {
        membershipId: actor.membershipId,
        planner,
        seesName: seesColleagueNames({
          roles: actor.roles as Role[],
          rights: actor.rights,
          plannerRestricted: actor.plannerRestricted,
          plannedThatDay: plannedDays.has(date),
        }),
      },
    ]),
  );
  return {
    items: rows.map((row) =>
      presentItem(row, applicationsByItem.get(row.id) ?? [], viewers.get(row.date)!, settings.timeZone),
    ),
    ...(planner ? {} : { offers: await offersFor(db, actor, rows) }),
  };
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
  roles: string[];
}

/** Everything of a load but the items and their applications, as `readCatalogs` reads it. */
interface Catalogs {
  /** The people of this planning with the duties and tags they hold. */
  memberRows: PersonRow[];
  /** Weekly contract minutes by member (planners only), else null. */
  contracts: Map<string, number> | null;
  dutyRows: { id: string; identifier: string; name: string; color: string; trashed: boolean; restHours: number }[];
  shiftRows: {
    id: string;
    identifier: string;
    name: string;
    startMinutes: number;
    endMinutes: number;
    breakMinutes: number;
    trashed: boolean;
  }[];
  tagRows: { id: string; name: string }[];
  locationRows: { id: string; name: string; releasedUntil: string | null }[];
  /** `createdAt` as PostgreSQL writes a timestamp (what the drivers hand drizzle to make a `Date` of). */
  commentRows: { id: string; date: string; membershipId: string; message: string; createdAt: string }[];
  noteRows: { date: string; content: string }[];
  availabilityRows: {
    membershipId: string;
    date: string;
    type: string;
    startMinutes: number | null;
    endMinutes: number | null;
    status: string | null;
  }[];
}

/** One column of `readCatalogs`: the rows as a JSON array of arrays, `[]` when there are none. */
const rowsOf = (rows: SQL) => sql`coalesce((${rows}), '[]')`;
const noRows = sql`'[]'::json`;

/**
 * The people of this planning (with the duties and tags they hold), the contracts, the catalogs (duties, the
 * location's shifts, tags, locations), the days' comments and notes and the availability, read as one JSON text:
 * one query instead of ten (each query costs the server its building, its writing to the socket and its result
 * mapping), and for a planning of hundreds of people much faster to parse than rows (see `readPresentedItems`).
 * Every part keeps the conditions, joins and order of the query it replaces; contracts and availability are read for
 * planners only (contract hours are HR data).
 */
async function readCatalogs(
  db: AppContext['db'],
  actor: Actor,
  locationId: string,
  planner: boolean,
  from: string,
  visibleDates: string[],
): Promise<Catalogs> {
  const accountId = actor.accountId;
  const dates = visibleDates.length
    ? sql.join(
        visibleDates.map((date) => sql`${date}`),
        sql`, `,
      )
    : null;
  const result = await db.execute(sql`
    select json_build_array(
      ${rowsOf(sql`select json_agg(json_build_array(m.id, m.status, u.fname, u.lname, u.email,
        coalesce((select json_agg(d.duty_id) from membership_duties d where d.membership_id = m.id), '[]'),
        coalesce((select json_agg(t.tag_id) from membership_tags t where t.membership_id = m.id), '[]'), m.roles))
        from memberships m
        join users u on u.id = m.user_id
        join membership_locations l on l.membership_id = m.id
        where m.account_id = ${accountId} and l.location_id = ${locationId}`)},
      ${
        planner
          ? rowsOf(sql`select json_agg(json_build_array(c.membership_id, c.weekly_minutes)) from member_contracts c
            where c.account_id = ${accountId} and c.start_date <= ${from}
              and (c.end_date is null or c.end_date >= ${from})`)
          : sql`null`
      },
      ${rowsOf(sql`select json_agg(json_build_array(d.id, d.identifier, d.name, d.color, d.trashed, d.rest_hours)
        order by d.name) from duties d where d.account_id = ${accountId}`)},
      ${rowsOf(sql`select json_agg(json_build_array(s.id, s.identifier, s.name, s.start_minutes, s.end_minutes,
        s.break_minutes, s.trashed) order by s.start_minutes)
        from shifts s join shift_locations sl on sl.shift_id = s.id
        where s.account_id = ${accountId} and sl.location_id = ${locationId}`)},
      ${rowsOf(sql`select json_agg(json_build_array(t.id, t.name) order by t.name) from tags t
        where t.account_id = ${accountId}`)},
      ${
        planner
          ? rowsOf(sql`select json_agg(json_build_array(l.id, l.name, l.released_until) order by l.name)
            from locations l where l.account_id = ${accountId}`)
          : rowsOf(sql`select json_agg(json_build_array(l.id, l.name, l.released_until) order by l.name)
            from locations l join membership_locations ml on ml.location_id = l.id
            where l.account_id = ${accountId} and ml.membership_id = ${actor.membershipId}`)
      },
      ${
        dates
          ? rowsOf(sql`select json_agg(json_build_array(c.id, c.date, c.membership_id, c.message, c.created_at::text)
            order by c.created_at) from day_comments c where c.location_id = ${locationId} and c.date in (${dates})`)
          : noRows
      },
      ${
        dates
          ? rowsOf(sql`select json_agg(json_build_array(n.date, n.content)) from day_notes n
            where n.location_id = ${locationId} and n.date in (${dates})`)
          : noRows
      },
      ${
        planner && dates
          ? rowsOf(sql`select json_agg(json_build_array(a.membership_id, a.date, a.type, a.start_minutes,
            a.end_minutes, a.status))
            from availability a join membership_locations ml on ml.membership_id = a.membership_id
            where a.account_id = ${accountId} and ml.location_id = ${locationId} and a.date in (${dates})`)
          : noRows
      })::text as "catalogs"`);
  const [{ catalogs }] = (result as unknown as { rows: { catalogs: string }[] }).rows;
  const [people, contracts, dutyRows, shiftRows, tagRows, locationRows, commentRows, noteRows, availabilityRows] =
    JSON.parse(catalogs) as [
      [string, string, string, string, string, string[], string[], string[]][],
      [string, number][] | null,
      [string, string, string, string, boolean, number][],
      [string, string, string, number, number, number, boolean][],
      [string, string][],
      [string, string, string | null][],
      [string, string, string, string, string][],
      [string, string][],
      [string, string, string, number | null, number | null, string | null][],
    ];
  return {
    memberRows: people.map((p) => ({
      id: p[0],
      status: p[1],
      fname: p[2],
      lname: p[3],
      email: p[4],
      duties: p[5],
      tags: p[6],
      roles: p[7],
    })),
    contracts: contracts && new Map(contracts),
    dutyRows: dutyRows.map((d) => ({
      id: d[0],
      identifier: d[1],
      name: d[2],
      color: d[3],
      trashed: d[4],
      restHours: d[5],
    })),
    shiftRows: shiftRows.map((s) => ({
      id: s[0],
      identifier: s[1],
      name: s[2],
      startMinutes: s[3],
      endMinutes: s[4],
      breakMinutes: s[5],
      trashed: s[6],
    })),
    tagRows: tagRows.map((t) => ({ id: t[0], name: t[1] })),
    locationRows: locationRows.map((l) => ({ id: l[0], name: l[1], releasedUntil: l[2] })),
    commentRows: commentRows.map((c) => ({
      id: c[0],
      date: c[1],
      membershipId: c[2],
      message: c[3],
      createdAt: c[4],
    })),
    noteRows: noteRows.map((n) => ({ date: n[0], content: n[1] })),
    availabilityRows: availabilityRows.map((a) => ({
      membershipId: a[0],
      date: a[1],
      type: a[2],
      startMinutes: a[3],
      endMinutes: a[4],
      status: a[5],
    })),
  };
}

interface Checks {
  /** The account's settings, null when the account is not there. */
  account: { settings: unknown } | null;
  location: {
    id: string;
    accountId: string;
    releasedUntil: string | null;
    budgetCents: number | null;
    latitude: number | null;
    longitude: number | null;
  } | null;
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
/**
 * What planners learn of each day beyond past and released: the billed days and the planning's dates (a day that
 * takes no duty says why, docs/product/roster.md).
 */
async function dayFacts(db: AppContext['db'], locationId: string, from: string, until: string) {
  const result = await db.execute(sql`
    select json_build_array(l.start_date, l.end_date,
      coalesce((select json_agg(distinct h.date) from hours h
        where h.location_id = l.id and h.billed and h.date between ${from} and ${until}), '[]'))::text as "facts"
    from locations l where l.id = ${locationId}`);
  const [row] = (result as unknown as { rows: { facts: string }[] }).rows;
  const [startDate, endDate, billed] = row
    ? (JSON.parse(row.facts) as [string | null, string | null, string[]])
    : [null, null, []];
  return { planning: { startDate, endDate }, billed: new Set(billed) };
}

/**
 * The weather module's forecast for the period's days (docs/product/weather.md): the planning's next seven days from
 * the provider, cached per planning and day; null with the module off or when there is none.
 */
async function rosterWeather(
  ctx: AppContext,
  actor: Actor,
  location: { id: string; accountId: string; latitude: number | null; longitude: number | null },
  timeZone: string,
  today: string,
  dates: readonly string[],
): Promise<RosterResponse['weather']> {
  if (!actor.modules.includes('weather')) return null;
  if (dates[dates.length - 1] < today || dates[0] > addDays(today, FORECAST_DAYS - 1)) return null;
  const days = await forecastOf(
    ctx.db,
    ctx.config.weatherUrl,
    { ...location, locationId: location.id },
    timeZone,
    today,
  );
  const inPeriod = days?.filter((d) => dates.includes(d.date)) ?? [];
  return inPeriod.length ? inPeriod : null;
}

async function readChecks(db: AppContext['db'], actor: Actor, locationId: string): Promise<Checks> {
  const result = await db.execute(sql`
    select json_build_array(
      (select json_build_array(a.settings) from accounts a where a.id = ${actor.accountId}),
      (select json_build_array(l.id, l.account_id, l.released_until, l.budget_cents, l.latitude, l.longitude)
        from locations l
        where l.id = ${locationId} and l.account_id = ${actor.accountId}),
      exists (select 1 from membership_locations ml
        where ml.location_id = ${locationId} and ml.membership_id = ${actor.membershipId}),
      (select json_build_array(s.planning_scope, s.scope_location_ids, s.scope_duty_ids) from member_settings s
        where s.membership_id = ${actor.membershipId}))::text as "checks"`);
  const [{ checks }] = (result as unknown as { rows: { checks: string }[] }).rows;
  const [account, location, belongs, scope] = JSON.parse(checks) as [
    [unknown] | null,
    [string, string, string | null, number | null, number | null, number | null] | null,
    boolean,
    ['all' | 'own' | 'some', string[], string[]] | null,
  ];
  return {
    account: account && { settings: account[0] },
    location: location && {
      id: location[0],
      accountId: location[1],
      releasedUntil: location[2],
      budgetCents: location[3],
      latitude: location[4],
      longitude: location[5],
    },
    belongs,
    scope: scope && { planningScope: scope[0], scopeLocationIds: scope[1], scopeDutyIds: scope[2] },
  };
}

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);
