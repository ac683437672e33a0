import { weekdayOf, weekStart } from '../roster/period';
import { addDays, daysBetween } from '../roster/time';

/** What the day counting reads of a contract (docs/product/vacation.md). */
export interface VacationContract {
  startDate: string;
  endDate: string | null;
  /** full, part or flex. */
  type: string;
  /** Contract minutes per week. */
  weeklyMinutes: number;
  /** fixed (minutes per weekday, Monday first) or flexible (a number of days per week). */
  schedule: string;
  dayMinutes: readonly number[] | null;
  daysPerWeek: number | null;
  /** Vacation days per year. */
  vacationDays: number;
}

export type VacationDuration = 'full' | 'morning' | 'afternoon';

/** Why a date of a request does not count. */
export type SkipReason = 'holiday' | 'dayOff' | 'noContract' | 'weekFull';

export interface CountedDate {
  date: string;
  /** 0, 0.5 or 1 vacation day. */
  days: number;
  /** The hours (in minutes) the day stands for. */
  minutes: number;
  skipped: SkipReason | null;
}

export interface VacationCount {
  /** Vacation days, in halves. */
  days: number;
  minutes: number;
  dates: CountedDate[];
}

/** The contract running on a date, if any. */
export function contractOn<T extends Pick<VacationContract, 'startDate' | 'endDate'>>(
  contracts: readonly T[],
  date: string,
): T | null {
  return contracts.find((c) => c.startDate <= date && (c.endDate === null || date <= c.endDate)) ?? null;
}

/**
 * The minutes a working day of the contract stands for: the weekday's hours of a fixed week, else the week's hours
 * spread over its days. A flex contract's day is capped at its hours value: the weekly hours over a five-day week
 * (docs/product/vacation.md, "Counting days").
 */
export function vacationDayMinutes(contract: VacationContract, date: string): number {
  const plain =
    contract.schedule === 'fixed'
      ? (contract.dayMinutes?.[weekdayOf(date)] ?? 0)
      : Math.round(contract.weeklyMinutes / Math.max(1, contract.daysPerWeek ?? 5));
  if (contract.type === 'flex') return Math.min(plain, Math.round(contract.weeklyMinutes / 5));
  return plain;
}

/**
 * Whether the contract has a weekday (0 Monday … 6 Sunday) as a working day: a fixed week has the days it gives
 * hours, weekends included; a number of days per week names no weekdays, so every day, Saturday and Sunday too,
 * may be one of them (the week's number caps the count, see `countVacation`). The one rule the request form, the
 * server and the sample count by (docs/product/vacation.md, "Counting days").
 */
export function contractHasWeekday(contract: VacationContract, weekday: number): boolean {
  if (contract.schedule === 'fixed') return (contract.dayMinutes?.[weekday] ?? 0) > 0;
  return weekday >= 0 && weekday < 7;
}

/**
 * Counts a vacation request's days from the contracts: every date from `from` to `until` that is a working day of
 * the contract running then (`contractHasWeekday`), and neither a public holiday nor a day off of the account
 * (`holidays`). A contract with a number of days per week counts at most that many days in one week (Monday to
 * Sunday), the first ones of the request in that week. A morning or an
 * afternoon is half a day (and half its hours); part days are requested for one date only.
 */
export function countVacation(input: {
  from: string;
  until: string;
  duration: VacationDuration;
  contracts: readonly VacationContract[];
  holidays: ReadonlySet<string>;
}): VacationCount {
  const dates: CountedDate[] = [];
  const perWeek = new Map<string, number>();
  const share = input.duration === 'full' ? 1 : 0.5;
  const span = daysBetween(input.from, input.until);
  for (let i = 0; i <= span; i++) {
    const date = addDays(input.from, i);
    const contract = contractOn(input.contracts, date);
    let skipped: SkipReason | null = null;
    if (!contract) skipped = 'noContract';
    else if (!contractHasWeekday(contract, weekdayOf(date))) skipped = 'dayOff';
    else if (input.holidays.has(date)) skipped = 'holiday';
    else if (contract.schedule !== 'fixed') {
      const week = weekStart(date);
      const used = perWeek.get(week) ?? 0;
      if (used >= (contract.daysPerWeek ?? 5)) skipped = 'weekFull';
      else perWeek.set(week, used + 1);
    }
    if (skipped || !contract) {
      dates.push({ date, days: 0, minutes: 0, skipped });
      continue;
    }
    dates.push({ date, days: share, minutes: Math.round(vacationDayMinutes(contract, date) * share), skipped: null });
  }
  return {
    days: dates.reduce((s, d) => s + d.days, 0),
    minutes: dates.reduce((s, d) => s + d.minutes, 0),
    dates,
  };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysInYear = (year: number) => (isLeap(year) ? 366 : 365);

/** Rounds to the nearest half day (the unit of vacation days). */
export const toHalfDays = (days: number) => Math.round(days * 2) / 2;

/**
 * The vacation days a year entitles to: each contract's yearly days pro rata for the part of the year it runs
 * (its start and end dates; a leap year has 366 days), summed, rounded to half days.
 */
export function yearEntitlement(contracts: readonly VacationContract[], year: number): number {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  let total = 0;
  for (const c of contracts) {
    const from = c.startDate > first ? c.startDate : first;
    const until = c.endDate && c.endDate < last ? c.endDate : last;
    if (from > until) continue;
    total += (c.vacationDays * (daysBetween(from, until) + 1)) / daysInYear(year);
  }
  return toHalfDays(total);
}
