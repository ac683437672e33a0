import type { RosterItem, RosterResponse } from '@app/contracts';
import { formatTimeRange, formatWeekdayDate } from '../../ui/format';

/** "Mon 21 Dec" (the formats of ui/format.ts). */
export const dayLabel = (date: string, locale: string) => formatWeekdayDate(date, locale);
/** "Monday, 21 December 2026". */
export const longDayLabel = (date: string, locale: string) => formatWeekdayDate(date, locale, 'long');

/** "07:00–15:00", or null without times. */
export const timesLabel = (item: Pick<RosterItem, 'times'>) =>
  item.times ? formatTimeRange(item.times.from, item.times.until) : null;

/** The duty of an item as the roster names it. */
export function dutyOf(data: Pick<RosterResponse, 'duties'>, item: Pick<RosterItem, 'duty'>) {
  return item.duty ? (data.duties[item.duty] ?? null) : null;
}

export function shiftOf(data: Pick<RosterResponse, 'shifts'>, item: Pick<RosterItem, 'shift'>) {
  return item.shift ? (data.shifts[item.shift] ?? null) : null;
}

/** A colour for items without a duty. */
export const NO_DUTY_COLOR = '#868e96';
