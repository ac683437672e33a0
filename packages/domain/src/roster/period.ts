import { now as clockNow } from '../clock';
import { addDays } from './time';

export const PERIOD_OPTIONS = ['day', 'week', '2weeks', '4weeks', 'month'] as const;
export type Period = (typeof PERIOD_OPTIONS)[number];

/** Weekday of an ISO date, 0 = Monday ... 6 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The first day of the week holding `date` (Monday, or Sunday when the account's week starts then). */
export function weekStart(date: string, startsOn: 'monday' | 'sunday' = 'monday'): string {
  const offset = startsOn === 'monday' ? weekdayOf(date) : (weekdayOf(date) + 1) % 7;
  return addDays(date, -offset);
}

/** The days a roster period shows, from its first day. A month runs to the same day of the next month. */
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
    case 'month': {
      const [y, m, d] = from.split('-').map(Number);
      const next = new Date(Date.UTC(y, m, d));
      return { from, until: addDays(next.toISOString().slice(0, 10), -1) };
    }
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
