import { STATISTICS_RANGE_MAX_DAYS, type StatisticsQuery, type StatisticsResponse } from '@app/contracts';
import { addDays, computeStatistics, daysBetween, mayReadStatistics, now, todayIn } from '@app/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { duties, hours, locations, memberContracts, memberships, rosterItems, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/**
 * GET /api/statistics (docs/product/reports.md; module statistics; accountants and owners): the figures of
 * `computeStatistics` over a range (the current month by default, at most STATISTICS_RANGE_MAX_DAYS days), optionally
 * one planning, with the names the pages show. Every query names the account.
 */
export async function readStatistics(ctx: AppContext, actor: Actor, q: StatisticsQuery): Promise<StatisticsResponse> {
  requireAllowed(mayReadStatistics(actor));
  const today = todayIn(actor.settings.timeZone, now());
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const until = q.until ?? addDays(`${addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
  if (until < from) throw fieldError({ until: ['availability.rangeOrder'] });
  if (daysBetween(from, until) + 1 > STATISTICS_RANGE_MAX_DAYS)
    throw fieldError({ until: ['availability.rangeTooLong'] });

  const places = await ctx.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.accountId, actor.accountId))
    .orderBy(asc(locations.name));
  if (q.location && !places.some((l) => l.id === q.location)) throw new AppError('NOT_FOUND');
  const only = q.location ? [q.location] : places.map((l) => l.id);

  const itemRows = only.length
    ? await ctx.db
        .select({
          date: rosterItems.date,
          membershipId: rosterItems.membershipId,
          locationId: rosterItems.locationId,
          dutyId: rosterItems.dutyId,
          startAt: rosterItems.startAt,
          endAt: rosterItems.endAt,
          breakMinutes: rosterItems.breakMinutes,
          flag: rosterItems.flag,
        })
        .from(rosterItems)
        .where(
          and(
            eq(rosterItems.accountId, actor.accountId),
            inArray(rosterItems.locationId, only),
            gte(rosterItems.date, from),
            lte(rosterItems.date, until),
            isNotNull(rosterItems.startAt),
          ),
        )
    : [];
  const hourRows = only.length
    ? await ctx.db
        .select({
          date: hours.date,
          membershipId: hours.membershipId,
          locationId: hours.locationId,
          dutyId: hours.dutyId,
          minutes: hours.minutes,
          costCents: hours.costCents,
        })
        .from(hours)
        .where(
          and(
            eq(hours.accountId, actor.accountId),
            inArray(hours.locationId, only),
            gte(hours.date, from),
            lte(hours.date, until),
            ne(hours.status, 'denied'),
          ),
        )
    : [];
  // Contracts of the people planned or registered in range (the whole account without a planning filter).
  const people = new Set<string>([
    ...itemRows.map((i) => i.membershipId).filter((m): m is string => Boolean(m)),
    ...hourRows.map((h) => h.membershipId),
  ]);
  const contractRows = await ctx.db
    .select({
      membershipId: memberContracts.membershipId,
      startDate: memberContracts.startDate,
      endDate: memberContracts.endDate,
      weeklyMinutes: memberContracts.weeklyMinutes,
    })
    .from(memberContracts)
    .where(
      and(
        eq(memberContracts.accountId, actor.accountId),
        lte(memberContracts.startDate, until),
        or(gte(memberContracts.endDate, from), isNull(memberContracts.endDate)),
      ),
    );
  const contracts = contractRows.filter((c) => !q.location || people.has(c.membershipId));

  const stats = computeStatistics({
    from,
    until,
    items: itemRows.map((i) => ({
      date: i.date,
      membershipId: i.membershipId,
      locationId: i.locationId,
      dutyId: i.dutyId,
      minutes: Math.max(
        0,
        Math.round(((i.endAt?.getTime() ?? 0) - (i.startAt?.getTime() ?? 0)) / 60_000) - i.breakMinutes,
      ),
      sick: i.flag === 'sick',
    })),
    hours: hourRows,
    contracts,
  });

  const dutyNames = new Map(
    (
      await ctx.db
        .select({ id: duties.id, name: duties.name })
        .from(duties)
        .where(eq(duties.accountId, actor.accountId))
    ).map((d) => [d.id, d.name]),
  );
  const personIds = stats.people.map((p) => p.id);
  const names = new Map(
    personIds.length
      ? (
          await ctx.db
            .select({ id: memberships.id, fname: users.fname, lname: users.lname, email: users.email })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(and(eq(memberships.accountId, actor.accountId), inArray(memberships.id, personIds)))
        ).map((m) => [m.id, [m.fname, m.lname].filter(Boolean).join(' ') || m.email])
      : [],
  );
  const placeNames = new Map(places.map((l) => [l.id, l.name]));
  return {
    from,
    until,
    totals: stats.totals,
    weeks: stats.weeks,
    locations: stats.locations
      .map((l) => ({ ...l, name: placeNames.get(l.id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    duties: stats.duties
      .map((d) => ({ ...d, name: d.id ? (dutyNames.get(d.id) ?? null) : null }))
      .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff')),
    people: stats.people
      .map((p) => ({ ...p, name: names.get(p.id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    options: { locations: places },
  };
}
