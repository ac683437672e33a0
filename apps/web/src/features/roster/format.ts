import type { RosterItem, RosterResponse } from '@app/contracts';

const cache = new Map<string, Intl.DateTimeFormat>();

/** Formats an ISO date (a calendar day, no time zone) in the locale. */
export function formatDate(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

export const dayLabel = (date: string, locale: string) =>
  formatDate(date, locale, { weekday: 'short', day: 'numeric', month: 'short' });
export const longDayLabel = (date: string, locale: string) =>
  formatDate(date, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "07:00–15:00", or null without times. */
export const timesLabel = (item: Pick<RosterItem, 'times'>) =>
  item.times ? `${item.times.from}–${item.times.until}` : null;

/** The duty of an item as the roster names it. */
export function dutyOf(data: Pick<RosterResponse, 'duties'>, item: Pick<RosterItem, 'duty'>) {
  return item.duty ? (data.duties[item.duty] ?? null) : null;
}

export function shiftOf(data: Pick<RosterResponse, 'shifts'>, item: Pick<RosterItem, 'shift'>) {
  return item.shift ? (data.shifts[item.shift] ?? null) : null;
}

/** A colour for items without a duty. */
export const NO_DUTY_COLOR = '#868e96';
