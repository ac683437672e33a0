import {
  HOURS_RANGE_MAX_DAYS,
  type HoursOptionsResponse,
  PAGED_TIMESHEET_TABS,
  TIMESHEET_LINES_MAX,
  type TimesheetQuery,
  type TimesheetResponse,
  type TimesheetTab,
} from '@app/contracts';
import {
  addDays,
  daysBetween,
  mayBillHours,
  mayCollectSignatures,
  mayDeclareExpenses,
  mayDeclareTravel,
  mayReadAllHours,
  mayRegisterHoursForOthers,
  mayRegisterOwnHours,
  mayRegisterUnplannedHours,
  maySuperviseHours,
  timesheetTabs,
  todayIn,
} from '@app/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { costCentres, locations, membershipLocations, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { heldLocationIds, reachOf } from '../members/scope';
import { signatureRequired } from './access';
import { withAbilities } from './present';
import { countHours, countOpen, hoursLines, type LineFilter, type OpenFilter, openLines } from './repo';

/** Reading hours: the timesheet's tabs (each with its filter and count) and what the registration form offers. */

function defaultRange(today: string, q: Pick<TimesheetQuery, 'from' | 'until'>) {
  const until = q.until ?? today;
  const from = q.from ?? addDays(until, -34);
  if (daysBetween(from, until) < 0) throw fieldError({ until: ['validation.range'] });
  if (daysBetween(from, until) >= HOURS_RANGE_MAX_DAYS) throw fieldError({ until: ['validation.range'] });
  return { from, until };
}

/** The filter each tab reads, or null when the member does not see that tab. */
function tabFilters(
  actor: Actor,
  tab: TimesheetTab,
  base: { accountId: string; from: string; until: string; location?: string; member?: string },
  reach: string[] | null,
  today: string,
): { hours?: LineFilter; open?: OpenFilter } | null {
  if (!timesheetTabs(actor).includes(tab)) return null;
  const pastUntil = base.until < today ? base.until : today;
  switch (tab) {
    case 'register':
      return { open: { ...base, until: pastUntil, locationIds: null, of: actor.membershipId } };
    case 'pending':
      return { hours: { ...base, locationIds: null, ownOf: actor.membershipId, statuses: ['pending', 'denied'] } };
    case 'approve':
      return { hours: { ...base, locationIds: reach, statuses: ['pending'] } };
    case 'approved':
      return mayReadAllHours(actor)
        ? { hours: { ...base, locationIds: reach, statuses: ['approved'] } }
        : { hours: { ...base, locationIds: null, ownOf: actor.membershipId, statuses: ['approved'] } };
    case 'confirm':
      return { open: { ...base, until: pastUntil, locationIds: reach, notOf: actor.membershipId } };
    case 'unsigned':
      return { hours: { ...base, locationIds: reach, statuses: ['approved'], unsigned: true } };
  }
}

export async function timesheet(ctx: AppContext, actor: Actor, q: TimesheetQuery): Promise<TimesheetResponse> {
  const settings = actor.settings;
  const today = todayIn(settings.timeZone);
  const range = defaultRange(today, q);
  const reach = await reachOf(ctx.db, actor);
  const base = { accountId: actor.accountId, ...range, location: q.location, member: q.member };
  const filters = tabFilters(actor, q.tab, base, reach, today);
  if (!filters) throw new AppError('FORBIDDEN');
  const counts: Record<string, number> = {};
  for (const tab of timesheetTabs(actor)) {
    const f = tabFilters(actor, tab, base, reach, today);
    if (!f) continue;
    counts[tab] = f.open ? await countOpen(ctx.db, f.open) : await countHours(ctx.db, f.hours as LineFilter);
  }
  const total = counts[q.tab] ?? 0;
  // The tabs that grow with the past come a page at a time; the work lists whole (docs/architecture.md, "Paging").
  if (PAGED_TIMESHEET_TABS.includes(q.tab)) {
    const lines =
      (q.page - 1) * q.size >= total
        ? []
        : withAbilities(
            actor,
            await hoursLines(ctx.db, filters.hours as LineFilter, { limit: q.size, offset: (q.page - 1) * q.size }),
          );
    return { tab: q.tab, lines, paging: { page: q.page, size: q.size, total }, counts };
  }
  const lines = filters.open
    ? (await openLines(ctx.db, filters.open)).map((e) => e.line)
    : withAbilities(actor, await hoursLines(ctx.db, filters.hours as LineFilter));
  return { tab: q.tab, lines, paging: { page: 1, size: TIMESHEET_LINES_MAX, total }, counts };
}

export async function options(ctx: AppContext, actor: Actor): Promise<HoursOptionsResponse> {
  const settings = actor.settings;
  const reach = await reachOf(ctx.db, actor);
  const own = await heldLocationIds(ctx.db, actor.membershipId);
  const locationRows = await ctx.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.accountId, actor.accountId), ne(locations.status, 'archived')))
    .orderBy(asc(locations.name));
  const seen = new Set([...(reach ?? locationRows.map((l) => l.id)), ...own]);
  const centres = await ctx.db
    .select({ id: costCentres.id, name: costCentres.name, isDefault: costCentres.isDefault })
    .from(costCentres)
    .where(eq(costCentres.accountId, actor.accountId))
    .orderBy(asc(costCentres.name));
  const others = mayRegisterHoursForOthers(actor) ? await registrableMembers(ctx.db, actor, reach ?? null) : [];
  const [me] = await ctx.db
    .select({ name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, actor.membershipId));
  return {
    tabs: timesheetTabs(actor),
    locations: locationRows.filter((l) => seen.has(l.id)),
    costCentres: centres,
    members: [{ id: actor.membershipId, name: me?.name ?? '' }, ...others.filter((m) => m.id !== actor.membershipId)],
    may: {
      own: mayRegisterOwnHours(actor),
      unplanned: mayRegisterUnplannedHours(actor),
      others: mayRegisterHoursForOthers(actor),
      expenses: mayDeclareExpenses(actor) && settings.expensesEnabled,
      travel: mayDeclareTravel(actor) && settings.travelEnabled,
      supervise: maySuperviseHours(actor),
      sign: mayCollectSignatures(actor),
      bill: mayBillHours(actor),
    },
    settings: {
      kmCompensationCents: settings.kmCompensationCents,
      expenseMaxCents: settings.expenseMaxCents,
      signatureRequired: signatureRequired(actor),
    },
  };
}

/** Active members of the account the actor may register for: managers everyone, others colleagues of their plannings. */
async function registrableMembers(db: DbOrTx, actor: Actor, reach: string[] | null) {
  const own = reach ?? null;
  const rows = await db
    .selectDistinct({ id: memberships.id, name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.status, 'active'),
        own === null ? sql`true` : own.length ? inArray(membershipLocations.locationId, own) : sql`false`,
      ),
    )
    .orderBy(sql`2`);
  return rows;
}
