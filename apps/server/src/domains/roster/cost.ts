import type { Country, HolidaySettings, Locale, PublicHoliday, RosterCost } from '@app/contracts';
import { type CostedItem, type PremiumRule, plannedCost, premiumRulesOf, type Wage } from '@app/domain';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountHolidays, duties, memberships, premiums, premiumTags, rates, sicknessRecords } from '../../db/schema';
import { publicHolidays } from '../settings/holidays';
import type { MinutesOf, PresentedRow } from './present';

/**
 * The planned labour cost of a roster period (docs/product/roster.md, "Hours, contract and cost"): each timed item at
 * its duty's rate, else its member's hourly wage (none for a fixed salary), times the factor of the account's wage
 * of that amount (1.00 when none matches), plus premiums; the rule is `plannedCost` (packages/domain), the same
 * line cost the hours use. The caller checks who may read it.
 */
export async function rosterCost(
  db: DbOrTx,
  accountId: string,
  rows: readonly PresentedRow[],
  minutesOf: MinutesOf,
  holidays: ReadonlySet<string>,
  budgetCents: number | null,
): Promise<RosterCost> {
  const members = [...new Set(rows.map((r) => r.membershipId).filter((m): m is string => m !== null))];
  const dutyIds = [...new Set(rows.map((r) => r.dutyId).filter((d): d is string => d !== null))];
  const [memberRows, dutyRows, rateRows, premiumRows, premiumTagRows] = await Promise.all([
    members.length
      ? db
          .select({ id: memberships.id, salaryKind: memberships.salaryKind, rateCents: memberships.rateCents })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, members)))
      : [],
    dutyIds.length
      ? db
          .select({ id: duties.id, rate: duties.overrideRateCents })
          .from(duties)
          .where(and(eq(duties.accountId, accountId), inArray(duties.id, dutyIds)))
      : [],
    db
      .select({ hourlyCents: rates.hourlyCents, factor: rates.factor })
      .from(rates)
      .where(eq(rates.accountId, accountId)),
    db.select().from(premiums).where(eq(premiums.accountId, accountId)),
    db
      .select({ premiumId: premiumTags.premiumId, tagId: premiumTags.tagId })
      .from(premiumTags)
      .innerJoin(premiums, eq(premiums.id, premiumTags.premiumId))
      .where(eq(premiums.accountId, accountId)),
  ]);
  const memberWage = new Map(memberRows.map((m) => [m.id, m.salaryKind === 'fixed' ? null : m.rateCents]));
  const dutyRate = new Map(dutyRows.map((d) => [d.id, d.rate]));
  const factorOf = (hourly: number) => rateRows.find((r) => r.hourlyCents === hourly)?.factor ?? 100;
  const rules: PremiumRule[] = premiumRulesOf(premiumRows, premiumTagRows);
  const wageOf = (item: CostedItem): Wage | null => {
    const hourly = (item.duty ? dutyRate.get(item.duty) : null) ?? (item.user ? memberWage.get(item.user) : null);
    return hourly == null ? null : { hourlyCents: hourly, factor: factorOf(hourly) };
  };
  const items: CostedItem[] = [];
  for (const r of rows) {
    if (r.fromMinutes === null || r.untilMinutes === null) continue;
    items.push({
      date: r.date,
      user: r.membershipId,
      duty: r.dutyId,
      from: r.fromMinutes,
      until: r.untilMinutes,
      breakMinutes: r.breakMinutes,
      workedMinutes: minutesOf(r),
      tagIds: r.tagIds,
    });
  }
  const cost = plannedCost(items, { wageOf, holidays, premiums: rules });
  return { ...cost, budgetCents };
}

/** The days of a period each member is reported sick, as (member, date) pairs. */
export async function sickDays(db: DbOrTx, accountId: string, dates: readonly string[]) {
  if (!dates.length) return [];
  const from = dates[0];
  const until = dates[dates.length - 1];
  const records = await db
    .select({ user: sicknessRecords.membershipId, from: sicknessRecords.startDate, until: sicknessRecords.endDate })
    .from(sicknessRecords)
    .where(
      and(
        eq(sicknessRecords.accountId, accountId),
        lte(sicknessRecords.startDate, until),
        or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, from)),
      ),
    );
  return records.flatMap((r) =>
    dates.filter((d) => d >= r.from && (r.until === null || d <= r.until)).map((date) => ({ user: r.user, date })),
  );
}

/** Public holidays by country, region, year and language: the calendar is the same for every load. */
const publicCache = new Map<string, PublicHoliday[]>();

/**
 * The holidays of a period, named (docs/product/roster.md, "Leave and holidays"): the public holidays of the account's
 * country and region in the reader's language, and the account's own days off (those win on a shared date).
 */
export async function namedHolidays(
  db: DbOrTx,
  accountId: string,
  settings: { country: string; holidayRegion: string | null },
  from: string,
  until: string,
  locale: Locale,
): Promise<Map<string, string>> {
  const calendar: HolidaySettings = { country: settings.country as Country, region: settings.holidayRegion };
  const out = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    const key = `${calendar.country}|${calendar.region ?? ''}|${year}|${locale}`;
    let days = publicCache.get(key);
    if (!days) {
      days = publicHolidays(calendar, year, locale);
      publicCache.set(key, days);
    }
    for (const h of days) if (h.date >= from && h.date <= until) out.set(h.date, h.name);
  }
  const own = await db
    .select({ date: accountHolidays.date, name: accountHolidays.name })
    .from(accountHolidays)
    .where(
      and(eq(accountHolidays.accountId, accountId), gte(accountHolidays.date, from), lte(accountHolidays.date, until)),
    );
  for (const h of own) out.set(h.date, h.name);
  return out;
}
