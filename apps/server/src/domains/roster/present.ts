import type { RosterItem } from '@app/contracts';
import { formatHHmm, itemSpan, workedMinutes } from '@app/domain';
import type { itemApplications, rosterItems } from '../../db/schema';

export type ItemRow = typeof rosterItems.$inferSelect;
export type ApplicationRow = typeof itemApplications.$inferSelect;

export interface Viewer {
  membershipId: string;
  planner: boolean;
  /** Whether this viewer sees who is assigned to this item. */
  seesName: boolean;
}

/** The item as the roster shows it to this viewer: internal notes and others' applications only for planners. */
export function presentItem(
  row: ItemRow,
  applications: ApplicationRow[],
  viewer: Viewer,
  timeZone: string,
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
    user: viewer.seesName || own || viewer.planner ? row.membershipId : null,
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
    stats: hasTimes
      ? { minutes: workedMinutes(itemSpan(row.date, row.fromMinutes!, row.untilMinutes!, timeZone), row.breakMinutes) }
      : null,
    resource: null,
    applications: visibleApplications.map((a) => ({
      membership: a.membershipId,
      appliedAt: a.appliedAt.toISOString(),
      accepted: a.accepted,
    })),
    pending: row.pendingConfirmation,
  };
}
