import { type Period, weekStart } from '@app/domain';

/**
 * The roster's view in plain values: its tabs and the first day of a period. Kept apart from the roster's model so
 * the page's early reads (boot.ts) can work out the roster's first read without the roster's code.
 */

/** The roster's tabs (docs/product/roster.md): my duties, open duties, all duties, and an employee's applications. */
export const ROSTER_TABS = ['all', 'mine', 'open', 'applied'] as const;
export type RosterTab = (typeof ROSTER_TABS)[number];

export const isRosterTab = (value: unknown): value is RosterTab => (ROSTER_TABS as readonly unknown[]).includes(value);

/** The first day a period shows for a date: the day itself, the week's first day, or the 1st of the month. */
export function periodStart(date: string, period: Period, weekStartsOn: 'monday' | 'sunday'): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 8)}01`;
  return weekStart(date, weekStartsOn);
}
