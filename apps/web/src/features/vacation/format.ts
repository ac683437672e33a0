import type { Locale } from '@app/contracts';

const TAGS: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL', pl: 'pl-PL' };

/** A calendar date as the reader writes it ("Mon 4 May 2026"); a date names a day, so it is read in UTC. */
export function formatDay(date: string, lang: Locale, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(TAGS[lang], {
    weekday: 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

/** A range of dates, one date when both ends are the same. */
export const formatRange = (from: string, until: string, lang: Locale) =>
  from === until ? formatDay(from, lang) : `${formatDay(from, lang)} – ${formatDay(until, lang)}`;

/** Days, halves shown as the language writes decimals ("2.5", "2,5"). */
export const formatDays = (days: number, lang: Locale) =>
  new Intl.NumberFormat(TAGS[lang], { maximumFractionDigits: 1 }).format(days);

/** Minutes as hours and minutes, signed when asked ("+7:30", "−2:00"). */
export function formatMinutes(minutes: number, signed = false): string {
  const sign = minutes < 0 ? '−' : signed && minutes > 0 ? '+' : '';
  const abs = Math.abs(minutes);
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Mantine colours of the states. */
export const STATE_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'teal',
  denied: 'red',
  withdrawn: 'gray',
  removed: 'gray',
};
