import { PERIOD_OPTIONS } from '@app/contracts';
import { getISODay } from 'date-fns';
import { now as clockNow } from '../clock';
import { addDays, addMonths, calendarDate } from './time';

export { PERIOD_OPTIONS };
export type Period = (typeof PERIOD_OPTIONS)[number];

/** Weekday of an ISO date, 0 = Monday ... 6 = Sunday. */
export function weekdayOf(date: string): number {
  return getISODay(calendarDate(date)) - 1;
}

/** The first day of the week holding `date` (Monday, or Sunday when the account's week starts then). */
export function weekStart(date: string, startsOn: 'monday' | 'sunday' = 'monday'): string {
  const offset = startsOn === 'monday' ? weekdayOf(date) : (weekdayOf(date) + 1) % 7;
  return addDays(date, -offset);
}

/** The days a roster period shows, from its first day. A month runs to the day before the same day of the next. */
export function periodRange(from: string, period: Period): { from: string; until: string } {
  switch (period) {
    case 'day':
      return { from, until: from };
    case 'week':
      return { from, until: addDays(from, 6) };
    case '2weeks':
      return { from, until: addDays(from, 13) };
    case '4weeks':
      return { from, until: addDays(from, 27) };
    case 'month':
      // To the day before the same day of the next month; from 31 January that is 27 February (28 in a leap year).
      return { from, until: addDays(addMonths(from, 1), -1) };
  }
}

/** Every date from `from` to `until`, inclusive. */
export function datesBetween(from: string, until: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = clockNow()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
