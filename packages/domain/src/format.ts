/**
 * The one way dates, times and durations are written, per language (docs/product/app.md, "Dates and times"). Every
 * screen, mail and PDF formats through these functions; a test in the web app fails on hand-made formats.
 *
 * - Calendar dates ("2026-12-21") name a day: they are read in UTC, never shifted by a time zone.
 * - Instants (ISO strings with a time) are shown in the time zone given (the account's), else the reader's.
 * - Times are 24-hour in every language ("07:00"), English included, so a roster reads the same everywhere.
 * - English is written the British way ("Mon 21 Dec"), the order that matches the 24-hour clock.
 */

/** The regional variant each language is written in. */
const TAGS: Record<string, string> = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL', pl: 'pl-PL' };

/** The Intl tag of a language ("de" → "de-DE"); a tag with a region is kept. */
export const localeTag = (lang: string): string => TAGS[lang] ?? TAGS[lang.split('-')[0]] ?? 'en-GB';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(lang), { hourCycle: 'h23', ...options });
    cache.set(key, f);
  }
  return f;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date at noon UTC (formatted in UTC), or an instant (formatted in `timeZone`). */
function read(value: string | Date, timeZone?: string): { at: Date; timeZone: string | undefined } {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return { at: new Date(`${value}T12:00:00Z`), timeZone: 'UTC' };
  }
  return { at: typeof value === 'string' ? new Date(value) : value, timeZone };
}

function fmt(value: string | Date, lang: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const r = read(value, timeZone);
  return formatter(lang, { ...options, timeZone: r.timeZone }).format(r.at);
}

/** A date or an instant: a calendar date ("2026-12-21"), an ISO instant or a Date. */
export type DateValue = string | Date;

/** "21 Dec 2026" · "21. Dez. 2026" · "21 dec 2026" · "21 gru 2026". */
export const formatDate = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { day: 'numeric', month: 'short', year: 'numeric' }, timeZone);

/** "21 December 2026": a date in running text (mails, notices, deadlines). */
export const formatLongDate = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { day: 'numeric', month: 'long', year: 'numeric' }, timeZone);

/** "21 Dec": a date within a shown period. */
export const formatShortDate = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { day: 'numeric', month: 'short' }, timeZone);

/** "21/12/2026" · "21.12.2026": dates in table columns. */
export const formatNumericDate = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone);

/** "Mon 21 Dec" (short) or "Monday 21 December 2026" (long). */
export const formatWeekdayDate = (
  value: DateValue,
  lang: string,
  style: 'short' | 'long' = 'short',
  timeZone?: string,
) =>
  style === 'long'
    ? fmt(value, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone)
    : fmt(value, lang, { weekday: 'short', day: 'numeric', month: 'short' }, timeZone);

/** "Mon 21 Dec, Tue 22 Dec and Wed 23 Dec": the days a message names, each as `formatWeekdayDate`, in date order. */
export const formatDateList = (dates: readonly string[], lang: string) =>
  new Intl.ListFormat(localeTag(lang), { type: 'conjunction' }).format(
    [...new Set(dates)].sort().map((d) => formatWeekdayDate(d, lang)),
  );

/** "Mon" (short), "Monday" (long), "M" (narrow). */
export const formatWeekday = (
  value: DateValue,
  lang: string,
  style: 'short' | 'long' | 'narrow' = 'short',
  timeZone?: string,
) => fmt(value, lang, { weekday: style }, timeZone);

/** "December 2026". */
export const formatMonth = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { month: 'long', year: 'numeric' }, timeZone);

/** "21 Dec 2026, 14:05": when something happened. */
export const formatDateTime = (value: DateValue, lang: string, timeZone?: string) =>
  fmt(value, lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }, timeZone);

/** A range of calendar dates: one date when both ends are equal, else "21 Dec 2026 – 23 Dec 2026". */
export const formatDateRange = (from: DateValue, until: DateValue, lang: string) =>
  from === until ? formatDate(from, lang) : `${formatDate(from, lang)} – ${formatDate(until, lang)}`;

function hhmm(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const min = m % 60;
  return `${h < 10 ? '0' : ''}${h}:${min < 10 ? '0' : ''}${min}`;
}

/**
 * A time of day, 24-hour in every language: "07:00". Takes minutes since midnight, a stored "HH:mm", or an instant
 * (shown in `timeZone`).
 */
export function formatTime(value: number | string | Date, lang = 'en', timeZone?: string): string {
  if (typeof value === 'number') return hhmm(value);
  if (typeof value === 'string' && /^\d{1,2}:\d{2}$/.test(value)) {
    const [h, m] = value.split(':').map(Number);
    return hhmm(h * 60 + m);
  }
  return fmt(value, lang, { hour: '2-digit', minute: '2-digit' }, timeZone);
}

/** "07:00–15:00" (an en dash, no spaces). */
export const formatTimeRange = (
  from: number | string | Date,
  until: number | string | Date,
  lang = 'en',
  timeZone?: string,
) => `${formatTime(from, lang, timeZone)}–${formatTime(until, lang, timeZone)}`;

/**
 * A duration as hours and minutes: "7:30". `signed` writes "+7:30" for more; less is always "−2:00" (a real minus
 * sign). `unit` appends " h".
 */
export function formatDuration(minutes: number, options: { signed?: boolean; unit?: boolean } = {}): string {
  const rounded = Math.round(minutes);
  const sign = rounded < 0 ? '−' : options.signed && rounded > 0 ? '+' : '';
  const abs = Math.abs(rounded);
  const m = abs % 60;
  const text = `${sign}${Math.floor(abs / 60)}:${m < 10 ? '0' : ''}${m}`;
  return options.unit ? `${text} h` : text;
}
