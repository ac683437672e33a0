import { PROJECT_HORIZON_DAYS, type ScheduleLine } from '@app/contracts';
import { addDays, occurrenceDates, projectDuties, todayIn } from '@app/domain';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { locations, projects, rosterItems } from '../../db/schema';

type ProjectRow = typeof projects.$inferSelect;

/** What bringing a project's duties in line with its schedule did (or, refused, would do). */
export interface FillResult {
  created: string[];
  removed: string[];
  /** Staffed duties that no longer fit the schedule: kept on the roster with their person, no longer the project's. */
  detached: string[];
  /** Kept duties whose vehicle or travel role changed with the project's. */
  rerouted?: string[];
}

const keyOf = (d: {
  locationId: string;
  date: string;
  fromMinutes: number | null;
  untilMinutes: number | null;
  breakMinutes: number;
  dutyId: string | null;
}) => `${d.locationId}|${d.date}|${d.fromMinutes}|${d.untilMinutes}|${d.breakMinutes}|${d.dutyId ?? ''}`;

const INSERT_CHUNK = 500;

/** The last day a project keeps filled: a year ahead, never past its own end or its planning's. */
export function horizonOf(project: Pick<ProjectRow, 'endDate'>, locationEnd: string | null, today: string): string {
  let last = addDays(today, PROJECT_HORIZON_DAYS);
  if (project.endDate && project.endDate < last) last = project.endDate;
  if (locationEnd && locationEnd < last) last = locationEnd;
  return last;
}

/**
 * Brings the project's duties from today on in line with its schedule (docs/product/clients.md): missing open
 * duties are added, surplus open duties go, and staffed duties are kept while they fit. Staffed duties that no
 * longer fit (the schedule, dates or planning changed) are only touched when `confirmed`: then they stay on the
 * roster with their person but leave the project. `addOnly` (the daily job) never takes anything away.
 * Idempotent: a second run with the same schedule changes nothing. Past days are never changed.
 */
export async function fillProject(
  tx: Tx,
  project: ProjectRow,
  timeZone: string,
  opts: { confirmed: boolean; addOnly?: boolean },
): Promise<FillResult & { needsConfirmation: boolean }> {
  const today = todayIn(timeZone);
  const [location] = await tx
    .select({ startDate: locations.startDate, endDate: locations.endDate })
    .from(locations)
    .where(eq(locations.id, project.locationId));
  const first = location?.startDate && location.startDate > today ? location.startDate : today;
  const last = horizonOf(project, location?.endDate ?? null, today);
  const dates = occurrenceDates(project.rrule, project, first, last);
  const wanted = projectDuties(dates, project.schedule as ScheduleLine[], timeZone);

  const existing = await tx
    .select({
      id: rosterItems.id,
      locationId: rosterItems.locationId,
      date: rosterItems.date,
      fromMinutes: rosterItems.fromMinutes,
      untilMinutes: rosterItems.untilMinutes,
      breakMinutes: rosterItems.breakMinutes,
      dutyId: rosterItems.dutyId,
      membershipId: rosterItems.membershipId,
      resourceId: rosterItems.resourceId,
      travelRole: rosterItems.travelRole,
    })
    .from(rosterItems)
    .where(and(eq(rosterItems.projectId, project.id), gte(rosterItems.date, today)))
    .for('update');

  // Staffed duties first, so they are the ones kept where the schedule still asks for them.
  const byKey = new Map<string, typeof existing>();
  for (const item of [...existing].sort((a, b) => Number(!a.membershipId) - Number(!b.membershipId))) {
    const key = keyOf(item);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const toCreate: typeof wanted = [];
  // Kept duties whose vehicle or travel role the project now puts otherwise (docs/product/resources.md).
  const toRide = new Map<string, string[]>();
  for (const duty of wanted) {
    const key = keyOf({ ...duty, locationId: project.locationId });
    const pool = byKey.get(key);
    const kept = pool?.shift();
    if (!kept) {
      toCreate.push(duty);
      continue;
    }
    const ride = rideOf(project, duty);
    if (kept.resourceId !== ride.resourceId || kept.travelRole !== ride.travelRole) {
      const group = `${ride.resourceId ?? ''}|${ride.travelRole ?? ''}`;
      toRide.set(group, [...(toRide.get(group) ?? []), kept.id]);
    }
  }
  const surplus = [...byKey.values()].flat();
  const removed = opts.addOnly ? [] : surplus.filter((i) => !i.membershipId).map((i) => i.id);
  const staffed = opts.addOnly ? [] : surplus.filter((i) => i.membershipId).map((i) => i.id);
  if (staffed.length && !opts.confirmed) return { created: [], removed, detached: staffed, needsConfirmation: true };

  if (removed.length) await tx.delete(rosterItems).where(inArray(rosterItems.id, removed));
  if (staffed.length) await tx.update(rosterItems).set({ projectId: null }).where(inArray(rosterItems.id, staffed));
  const rerouted: string[] = [];
  if (!opts.addOnly) {
    for (const [group, ids] of toRide) {
      const [resourceId, travelRole] = group.split('|');
      await tx
        .update(rosterItems)
        .set({ resourceId: resourceId || null, travelRole: travelRole || null })
        .where(inArray(rosterItems.id, ids));
      rerouted.push(...ids);
    }
  }
  const created: string[] = [];
  for (let i = 0; i < toCreate.length; i += INSERT_CHUNK) {
    const rows = await tx
      .insert(rosterItems)
      .values(
        toCreate.slice(i, i + INSERT_CHUNK).map((d) => ({
          accountId: project.accountId,
          locationId: project.locationId,
          projectId: project.id,
          date: d.date,
          dutyId: d.dutyId,
          fromMinutes: d.fromMinutes,
          untilMinutes: d.untilMinutes,
          breakMinutes: d.breakMinutes,
          startAt: new Date(d.start),
          endAt: new Date(d.end),
          ...rideOf(project, d),
        })),
      )
      .returning({ id: rosterItems.id });
    created.push(...rows.map((r) => r.id));
  }
  await tx.update(projects).set({ filledUntil: last }).where(eq(projects.id, project.id));
  return { created, removed, detached: staffed, rerouted, needsConfirmation: false };
}

/**
 * The vehicle a project's duty carries and how its person travels (docs/product/resources.md, "Drivers and
 * passengers"): the line's vehicle; with the project's travel roles the line's first person drives, the others ride.
 */
function rideOf(
  project: Pick<ProjectRow, 'travelRoles'>,
  duty: { resourceId: string | null; seat: number },
): { resourceId: string | null; travelRole: 'driver' | 'passenger' | null } {
  if (!duty.resourceId) return { resourceId: null, travelRole: null };
  return {
    resourceId: duty.resourceId,
    travelRole: project.travelRoles ? (duty.seat === 0 ? 'driver' : 'passenger') : null,
  };
}

/** Projects whose filled days end before a year ahead of `today` (or were never filled): the daily job's work. */
export async function projectsToTopUp(db: DbOrTx, today: string) {
  const horizon = addDays(today, PROJECT_HORIZON_DAYS);
  return db
    .select()
    .from(projects)
    .where(
      and(
        or(isNull(projects.endDate), gte(projects.endDate, today)),
        or(
          isNull(projects.filledUntil),
          sql`${projects.filledUntil} < least(coalesce(${projects.endDate}, ${horizon}::date), ${horizon}::date)`,
        ),
      ),
    );
}
