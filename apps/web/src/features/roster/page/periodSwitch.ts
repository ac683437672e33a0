import { type Period, periodRange } from '@app/domain';
import { periodStart } from '../model';

/**
 * The day a period switch keeps in view (docs/product/roster.md, "Periods"): the day the planner was looking at when
 * it is still within the shown period (Week → Month → Week returns to the same week), else today when it is shown,
 * else the period's first day.
 */
export function switchedStart(input: {
  start: string;
  period: Period;
  next: Period;
  /** The first day of the period shown before, while it lies within the shown period (see `keptAnchor`). */
  anchor: string | null;
  today: string;
  weekStartsOn: 'monday' | 'sunday';
}): string {
  const { start, period, next, anchor, today, weekStartsOn } = input;
  const { from, until } = periodRange(start, period);
  const within = (date: string | null): date is string => date !== null && date >= from && date <= until;
  const day = within(anchor) ? anchor : within(today) ? today : start;
  return periodStart(day, next, weekStartsOn);
}

/**
 * The anchor after the view moved to `start` for `period`: kept while the new view still shows it (switching to a
 * longer period), else the new view's first day; a month has no such day of its own (null: today or the 1st).
 */
export function keptAnchor(anchor: string | null, start: string, period: Period): string | null {
  const { from, until } = periodRange(start, period);
  if (anchor !== null && anchor >= from && anchor <= until) return anchor;
  return period === 'month' ? null : start;
}
