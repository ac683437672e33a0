import { weekdayOf } from '../roster/period';
import { addDays } from '../roster/time';

/**
 * The cost of one line of hours (docs/product/hours.md): rate x hours x factor, plus premiums by weekday, time window,
 * tags and holidays. Pure, shared by the server (the cost it stores) and the web (the preview while typing).
 *
 * The rules, written down so the hand-worked tests can check them:
 * - The line runs from `from` to `until` (minutes since midnight) on `date`; an end not after the start runs past
 *   midnight into the next day. Each minute belongs to the calendar day it falls on: the hours after midnight are
 *   the next day's (a Sunday night shift into Monday earns the Sunday premium only until 24:00).
 * - Base: hourly rate x factor x worked hours, where worked = span less the break (or `workedMinutes` when the
 *   caller measured the span on instants, as on a daylight-saving night).
 * - A premium counts the minutes of the span that meet every condition it names: its weekdays (ISO, 1 = Monday),
 *   its time window (an end not after the start wraps past midnight), one of its tags on the line, a holiday. A
 *   premium naming no condition counts every minute. The break is taken out pro rata: a premium's minutes are
 *   scaled by worked / span, since a break has no fixed place in the day.
 * - Premiums add up (night and Sunday on a Sunday night is both); each is rate x factor x percent x its minutes.
 * - Every part is rounded to whole cents (half up) on its own; the total is their sum.
 */

export interface PremiumRule {
  id: string;
  /** Surcharge on the hourly rate, in percent. */
  percent: number;
  /** ISO weekdays, 1 (Monday) to 7 (Sunday); empty means every day. */
  weekdays: readonly number[];
  /** Time window in minutes since midnight; both null means the whole day. */
  from: number | null;
  until: number | null;
  /** The premium applies to lines carrying one of these tags; empty means any line. */
  tagIds: readonly string[];
  /** Only on holidays. */
  holidays: boolean;
  active?: boolean;
}

/** A stored premium and its tag links as the cost rule reads them (the server's hours and the roster's cost). */
export function premiumRulesOf(
  premiums: readonly {
    id: string;
    percent: number;
    weekdays: readonly number[];
    fromMinutes: number | null;
    untilMinutes: number | null;
    holidays: boolean;
    active: boolean;
  }[],
  tags: readonly { premiumId: string; tagId: string }[],
): PremiumRule[] {
  return premiums.map((p) => ({
    id: p.id,
    percent: p.percent,
    weekdays: p.weekdays,
    from: p.fromMinutes,
    until: p.untilMinutes,
    tagIds: tags.filter((t) => t.premiumId === p.id).map((t) => t.tagId),
    holidays: p.holidays,
    active: p.active,
  }));
}

export interface CostInput {
  date: string;
  from: number;
  until: number;
  breakMinutes: number;
  /** Worked minutes measured elsewhere (on instants); defaults to the wall-clock span less the break. */
  workedMinutes?: number;
  /** Gross hourly rate in cents. */
  hourlyCents: number;
  /** Cost conversion factor in hundredths (125 = 1.25). */
  factor: number;
  tagIds?: readonly string[];
  /** Holiday dates (public and the account's own), YYYY-MM-DD. */
  holidays?: ReadonlySet<string> | readonly string[];
  premiums?: readonly PremiumRule[];
}

export interface PremiumCost {
  id: string;
  /** Minutes of the span the premium counts (before the break is taken out). */
  minutes: number;
  cents: number;
}

export interface CostBreakdown {
  /** Wall-clock span in minutes. */
  spanMinutes: number;
  workedMinutes: number;
  baseCents: number;
  premiums: PremiumCost[];
  totalCents: number;
}

export const DAY_MINUTES = 1440;

/** The wall-clock length of a span: an end not after the start runs into the next day. */
export function spanMinutes(from: number, until: number): number {
  return until > from ? until - from : until + DAY_MINUTES - from;
}

/** The pieces of a span per calendar day: [date, start, end) in minutes of that day. */
export function daySegments(date: string, from: number, until: number): { date: string; start: number; end: number }[] {
  if (until > from) return [{ date, start: from, end: until }];
  const out = [{ date, start: from, end: DAY_MINUTES }];
  if (until > 0) out.push({ date: addDays(date, 1), start: 0, end: until });
  return out;
}

/** Minutes of [start, end) inside [a, b). */
const overlap = (start: number, end: number, a: number, b: number) =>
  Math.max(0, Math.min(end, b) - Math.max(start, a));

/** Minutes of [start, end) inside a premium's window; a window whose end is not after its start wraps. */
export function windowMinutes(start: number, end: number, from: number | null, until: number | null): number {
  if (from == null || until == null) return end - start;
  if (until > from) return overlap(start, end, from, until);
  return overlap(start, end, from, DAY_MINUTES) + overlap(start, end, 0, until);
}

/** The ISO weekday (1 = Monday ... 7 = Sunday) of a date. */
export const isoWeekday = (date: string) => weekdayOf(date) + 1;

/** The minutes of a line a premium counts. */
export function premiumMinutes(
  rule: PremiumRule,
  line: { date: string; from: number; until: number; tagIds?: readonly string[] },
  isHoliday: (date: string) => boolean,
): number {
  if (rule.active === false) return 0;
  if (rule.tagIds.length && !rule.tagIds.some((t) => line.tagIds?.includes(t))) return 0;
  let minutes = 0;
  for (const seg of daySegments(line.date, line.from, line.until)) {
    if (rule.weekdays.length && !rule.weekdays.includes(isoWeekday(seg.date))) continue;
    if (rule.holidays && !isHoliday(seg.date)) continue;
    minutes += windowMinutes(seg.start, seg.end, rule.from, rule.until);
  }
  return minutes;
}

/** Half up to whole cents (costs are never negative). */
const cents = (value: number) => Math.round(value + 1e-9);

export function lineCost(input: CostInput): CostBreakdown {
  const span = spanMinutes(input.from, input.until);
  const worked = Math.max(0, input.workedMinutes ?? span - input.breakMinutes);
  const perMinute = (input.hourlyCents * input.factor) / 100 / 60;
  const holidays = input.holidays instanceof Set ? input.holidays : new Set(input.holidays ?? []);
  const isHoliday = (d: string) => holidays.has(d);
  const baseCents = cents(perMinute * worked);
  const share = span > 0 ? worked / span : 0;
  const premiums: PremiumCost[] = [];
  for (const rule of input.premiums ?? []) {
    const minutes = premiumMinutes(rule, input, isHoliday);
    if (minutes <= 0) continue;
    premiums.push({ id: rule.id, minutes, cents: cents((perMinute * rule.percent * minutes * share) / 100) });
  }
  return {
    spanMinutes: span,
    workedMinutes: worked,
    baseCents,
    premiums,
    totalCents: baseCents + premiums.reduce((sum, p) => sum + p.cents, 0),
  };
}
