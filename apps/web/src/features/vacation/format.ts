import type { Locale } from '@app/contracts';
import { localeTag } from '@app/domain';
import { formatDate, formatDateRange, formatDuration, formatLongDate } from '../../ui/format';

/** A calendar date as the reader writes it ("4 May 2026"); a date names a day, so it is read in UTC. */
export const formatDay = (date: string, lang: Locale, style: 'short' | 'long' = 'short'): string =>
  style === 'long' ? formatLongDate(date, lang) : formatDate(date, lang);

/** A range of dates, one date when both ends are the same. */
export const formatRange = (from: string, until: string, lang: Locale) => formatDateRange(from, until, lang);

/** Days, halves shown as the language writes decimals ("2.5", "2,5"). */
export const formatDays = (days: number, lang: Locale) =>
  new Intl.NumberFormat(localeTag(lang), { maximumFractionDigits: 1 }).format(days);

/** Minutes as hours and minutes, signed when asked ("+7:30", "−2:00"). */
export const formatMinutes = (minutes: number, signed = false): string => formatDuration(minutes, { signed });

/** Mantine colours of the states. */
export const STATE_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'teal',
  denied: 'red',
  withdrawn: 'gray',
  removed: 'gray',
};
