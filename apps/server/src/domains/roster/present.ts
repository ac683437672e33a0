import type { CompactExtra, CompactItem, CompactRefs, RosterItem } from '@app/contracts';
import { datesBetween, formatHHmm, itemSpan, workedMinutes } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type itemApplications, rosterItems } from '../../db/schema';

export type ItemRow = typeof rosterItems.$inferSelect;
export type ApplicationRow = typeof itemApplications.$inferSelect;
/** What presenting an item reads of its applications. */
export type PresentedApplication = Pick<ApplicationRow, 'membershipId' | 'appliedAt' | 'accepted'>;

/**
 * The columns of an item that presenting it reads: a roster of thousands of items selects only these (the
 * timestamps and instants cost the most to read and are not shown).
 */
export const presentedColumns = {
  id: rosterItems.id,
  date: rosterItems.date,
  locationId: rosterItems.locationId,
  membershipId: rosterItems.membershipId,
  dutyId: rosterItems.dutyId,
  shiftId: rosterItems.shiftId,
  fromMinutes: rosterItems.fromMinutes,
  untilMinutes: rosterItems.untilMinutes,
  breakMinutes: rosterItems.breakMinutes,
  tagIds: rosterItems.tagIds,
  notes: rosterItems.notes,
  internal: rosterItems.internal,
  flag: rosterItems.flag,
  sick: rosterItems.sick,
  conflicts: rosterItems.conflicts,
  pendingConfirmation: rosterItems.pendingConfirmation,
  resourceId: rosterItems.resourceId,
  projectId: rosterItems.projectId,
  travelRole: rosterItems.travelRole,
};
export type PresentedRow = Pick<ItemRow, keyof typeof presentedColumns>;

export interface Viewer {
  membershipId: string;
  planner: boolean;
  /** Whether this viewer sees who is assigned to this item. */
  seesName: boolean;
}

type TimedRow = Pick<ItemRow, 'date' | 'fromMinutes' | 'untilMinutes' | 'breakMinutes'>;
/** Worked minutes of a timed item (its times set). */
export type MinutesOf = (row: TimedRow) => number;

/** Worked minutes of a timed item: its span in the time zone less the break. */
export const itemMinutes = (row: TimedRow, timeZone: string): number =>
  workedMinutes(itemSpan(row.date, row.fromMinutes!, row.untilMinutes!, timeZone), row.breakMinutes);

/** Worked minutes by time zone, date, times and break: a pure function of its key, so requests share it. */
const knownMinutes = new Map<string, number>();
/** Enough for every shift on every day of several years in a few zones; cleared whole when full. */
const KNOWN_MINUTES_MAX = 100_000;

/**
 * `itemMinutes`, remembered per time zone, date, times and break across requests. An instant in a time zone is slow
 * to compute (about 10 µs) and a roster repeats the same few shifts on every day, so a month of thousands of items
 * needs only a few hundred, and a month loaded again none. In front of that, each call's own memo by date and then by
 * the times as one number: a month's 6,000 items (asked twice, for the items and the stats) then build no key
 * strings, 0.3 ms instead of 3 ms.
 */
export function memoItemMinutes(timeZone: string): MinutesOf {
  const remembered = (row: TimedRow) => {
    const key = `${timeZone}|${row.date}|${row.fromMinutes}|${row.untilMinutes}|${row.breakMinutes}`;
    let minutes = knownMinutes.get(key);
    if (minutes === undefined) {
      minutes = itemMinutes(row, timeZone);
      if (knownMinutes.size >= KNOWN_MINUTES_MAX) knownMinutes.clear();
      knownMinutes.set(key, minutes);
    }
    return minutes;
  };
  const byDate = new Map<string, Map<number, number>>();
  return (row) => {
    const { fromMinutes: from, untilMinutes: until, breakMinutes: pause } = row;
    // Times of a day and a break each within 0–1440 make one exact number; anything else is asked as above.
    if (!(inDay(from!) && inDay(until!) && inDay(pause))) return remembered(row);
    let known = byDate.get(row.date);
    if (!known) {
      known = new Map();
      byDate.set(row.date, known);
    }
    const times = (from! * 1441 + until!) * 1441 + pause;
    let minutes = known.get(times);
    if (minutes === undefined) {
      minutes = remembered(row);
      known.set(times, minutes);
    }
    return minutes;
  };
}

const inDay = (minutes: number) => Number.isInteger(minutes) && minutes >= 0 && minutes <= 1440;

/** The item as the roster shows it to this viewer: internal notes and others' applications only for planners. */
export function presentItem(
  row: PresentedRow,
  applications: PresentedApplication[],
  viewer: Viewer,
  timeZone: string,
  minutesOf: MinutesOf = (r) => itemMinutes(r, timeZone),
): RosterItem {
  const hasTimes = row.fromMinutes !== null && row.untilMinutes !== null;
  const own = row.membershipId === viewer.membershipId;
  const visibleApplications = viewer.planner
    ? applications
    : applications.filter((a) => a.membershipId === viewer.membershipId);
  return {
    id: row.id,
    date: row.date,
    location: row.locationId,
    // Planners see who works unless the planner restriction hides names; others as their rights allow.
    user: viewer.seesName || own ? row.membershipId : null,
    assigned: row.membershipId !== null,
    duty: row.dutyId,
    shift: row.shiftId,
    times: hasTimes
      ? { from: formatHHmm(row.fromMinutes!), until: formatHHmm(row.untilMinutes!), break: row.breakMinutes }
      : null,
    tags: row.tagIds,
    notes: row.notes,
    internal: viewer.planner ? row.internal : null,
    flag: (row.flag as RosterItem['flag']) ?? null,
    conflicts: viewer.planner && row.conflicts.length > 0 ? row.conflicts : null,
    hour: row.sick ? { billable: row.sick.percentage, cost: row.sick.cost, code: row.sick.code } : null,
    stats: hasTimes ? { minutes: minutesOf(row) } : null,
    resource: row.resourceId,
    travelRole: (row.travelRole as RosterItem['travelRole']) ?? null,
    project: row.projectId,
    applications: visibleApplications.map((a) => ({
      membership: a.membershipId,
      appliedAt: a.appliedAt.toISOString(),
      accepted: a.accepted,
    })),
    pending: row.pendingConfirmation,
  };
}

/**
 * The item as `presentItem` shows it to this viewer, in the compact form (`compactRoster` of the presented item)
 * built straight from the row: a month's load makes thousands of these, so no `RosterItem` object is made first and
 * compacted afterwards. A test holds it equal to `compactRoster` of `presentItem` for every kind of viewer.
 */
export function compactItem(
  row: PresentedRow,
  applications: PresentedApplication[],
  viewer: Viewer,
  day: number,
  refs: CompactRefs,
  minutesOf: MinutesOf,
): CompactItem {
  const user = viewer.seesName || row.membershipId === viewer.membershipId ? row.membershipId : null;
  const hasTimes = row.fromMinutes !== null && row.untilMinutes !== null;
  const tuple: CompactItem = [
    row.id,
    day,
    refs.ref(user),
    refs.ref(row.dutyId),
    refs.ref(row.shiftId),
    hasTimes ? formatHHmm(row.fromMinutes!) : null,
    hasTimes ? formatHHmm(row.untilMinutes!) : null,
    hasTimes ? row.breakMinutes : 0,
    hasTimes ? minutesOf(row) : null,
  ];
  // The fields that differ from the usual, in the order `compactRoster` writes them (field by field, as there).
  let extra: CompactExtra | undefined;
  if ((row.membershipId !== null) !== (user !== null)) extra = { assigned: row.membershipId !== null };
  if (row.tagIds.length > 0) extra = { ...extra, tags: row.tagIds };
  if (row.notes !== null) extra = { ...extra, notes: row.notes };
  if (viewer.planner && row.internal !== null) extra = { ...extra, internal: row.internal };
  if (row.flag != null) extra = { ...extra, flag: row.flag as RosterItem['flag'] };
  if (viewer.planner && row.conflicts.length > 0) extra = { ...extra, conflicts: row.conflicts };
  if (row.sick) extra = { ...extra, hour: { billable: row.sick.percentage, cost: row.sick.cost, code: row.sick.code } };
  if (row.resourceId !== null) extra = { ...extra, resource: row.resourceId };
  if (row.travelRole != null) extra = { ...extra, travelRole: row.travelRole as RosterItem['travelRole'] };
  if (row.projectId !== null) extra = { ...extra, project: row.projectId };
  if (applications.length > 0) {
    const visible = viewer.planner ? applications : applications.filter((a) => a.membershipId === viewer.membershipId);
    if (visible.length > 0) {
      const presented = visible.map((a) => ({
        membership: a.membershipId,
        appliedAt: a.appliedAt.toISOString(),
        accepted: a.accepted,
      }));
      extra = { ...extra, applications: presented };
    }
  }
  if (row.pendingConfirmation) extra = { ...extra, pending: true };
  if (extra) tuple.push(extra);
  return tuple;
}

/**
 * The presented columns of a location's items over a period, read with one plain query that answers them as one
 * JSON text (an array of arrays): for thousands of rows, parsing one JSON text is several times faster than the
 * drivers' per-field parsing (PGlite most of all), and dates, arrays and JSON come out the same on both drivers
 * (a test compares this with the query builder's answer).
 *
 * The text is written with plain concatenation rather than `json_build_array` per row, which looks up the type of
 * each of its values again on every row: a month of 6,000 items costs PostgreSQL about 15 ms instead of 25 ms. The
 * date goes out as days since `from` (the output of a date is the dearest part), the location not at all (it is
 * `locationId`), and the fields an item rarely has (tags, notes, internal, flag, sick, conflicts, pending, resource,
 * project, travel role) only when one of them is set, as one array.
 */
export async function readPresentedItems(
  db: DbOrTx,
  accountId: string,
  locationId: string,
  from: string,
  until: string,
  /** Only this member's items (the viewer's own), else all of them. */
  membershipId?: string,
): Promise<PresentedRow[]> {
  const result = await db.execute(sql`
    select '[' || coalesce(string_agg(concat('["', id, '",', date - ${from}::date, ',',
      coalesce('"' || membership_id || '"', 'null'), ',', coalesce('"' || duty_id || '"', 'null'), ',',
      coalesce('"' || shift_id || '"', 'null'), ',', coalesce(from_minutes::text, 'null'), ',',
      coalesce(until_minutes::text, 'null'), ',', break_minutes,
      case when tag_ids = '{}' and notes is null and internal is null and flag is null and sick is null
        and conflicts = '{}' and not pending_confirmation and resource_id is null and project_id is null
        and travel_role is null then ''
        else ',' || json_build_array(tag_ids, notes, internal, flag, sick, conflicts, pending_confirmation,
          resource_id, project_id, travel_role) end,
      ']'), ',' order by date, from_minutes), '') || ']' as "rows"
    from roster_items
    where account_id = ${accountId} and location_id = ${locationId} and date between ${from} and ${until}
      ${membershipId ? sql`and membership_id = ${membershipId}` : sql``}`);
  const [{ rows }] = (result as unknown as { rows: { rows: string }[] }).rows;
  const dates = datesBetween(from, until);
  // The columns in the order written, as an object literal (one shape for every row).
  return (JSON.parse(rows) as PresentedTuple[]).map((v) => {
    const rare = v[8];
    return {
      id: v[0],
      date: dates[v[1]],
      locationId,
      membershipId: v[2],
      dutyId: v[3],
      shiftId: v[4],
      fromMinutes: v[5],
      untilMinutes: v[6],
      breakMinutes: v[7],
      tagIds: rare ? rare[0] : [],
      notes: rare ? rare[1] : null,
      internal: rare ? rare[2] : null,
      flag: rare ? rare[3] : null,
      sick: rare ? rare[4] : null,
      conflicts: rare ? rare[5] : [],
      pendingConfirmation: rare ? rare[6] : false,
      resourceId: rare ? rare[7] : null,
      projectId: rare ? rare[8] : null,
      travelRole: rare ? rare[9] : null,
    };
  });
}

type PresentedTuple = [
  PresentedRow['id'],
  number,
  PresentedRow['membershipId'],
  PresentedRow['dutyId'],
  PresentedRow['shiftId'],
  PresentedRow['fromMinutes'],
  PresentedRow['untilMinutes'],
  PresentedRow['breakMinutes'],
  (
    | [
        PresentedRow['tagIds'],
        PresentedRow['notes'],
        PresentedRow['internal'],
        PresentedRow['flag'],
        PresentedRow['sick'],
        PresentedRow['conflicts'],
        PresentedRow['pendingConfirmation'],
        PresentedRow['resourceId'],
        PresentedRow['projectId'],
        PresentedRow['travelRole'],
      ]
    | undefined
  ),
];
