import type { RosterItem } from '@app/contracts';
import { formatHHmm, itemSpan, workedMinutes } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type itemApplications, rosterItems } from '../../db/schema';

export type ItemRow = typeof rosterItems.$inferSelect;
export type ApplicationRow = typeof itemApplications.$inferSelect;

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

/**
 * `itemMinutes`, remembered per date, times and break. An instant in a time zone is slow to compute (about 10 µs)
 * and a roster repeats the same few shifts on every day, so a month of thousands of items needs only a few hundred.
 * Use one per request: the answers depend only on the key and the time zone.
 */
export function memoItemMinutes(timeZone: string): MinutesOf {
  const known = new Map<string, number>();
  return (row) => {
    const key = `${row.date}|${row.fromMinutes}|${row.untilMinutes}|${row.breakMinutes}`;
    let minutes = known.get(key);
    if (minutes === undefined) {
      minutes = itemMinutes(row, timeZone);
      known.set(key, minutes);
    }
    return minutes;
  };
}

/** The item as the roster shows it to this viewer: internal notes and others' applications only for planners. */
export function presentItem(
  row: PresentedRow,
  applications: ApplicationRow[],
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
    resource: null,
    applications: visibleApplications.map((a) => ({
      membership: a.membershipId,
      appliedAt: a.appliedAt.toISOString(),
      accepted: a.accepted,
    })),
    pending: row.pendingConfirmation,
  };
}

/**
 * The presented columns of a location's items over a period, read with one plain query: for thousands of rows the
 * query builder's per-column mapping costs more than the database. Dates come as text and arrays as arrays on
 * both drivers (a test compares this with the query builder's answer).
 */
export async function readPresentedItems(
  db: DbOrTx,
  accountId: string,
  locationId: string,
  from: string,
  until: string,
): Promise<PresentedRow[]> {
  const result = await db.execute(sql`
    select id, date::text as "date", location_id as "locationId", membership_id as "membershipId",
      duty_id as "dutyId", shift_id as "shiftId", from_minutes as "fromMinutes", until_minutes as "untilMinutes",
      break_minutes as "breakMinutes", tag_ids::text[] as "tagIds", notes, internal, flag, sick, conflicts,
      pending_confirmation as "pendingConfirmation"
    from roster_items
    where account_id = ${accountId} and location_id = ${locationId} and date between ${from} and ${until}
    order by date, from_minutes`);
  return (result as unknown as { rows: PresentedRow[] }).rows;
}
