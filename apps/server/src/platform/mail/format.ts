import type { Locale } from '@app/contracts';

export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL', pl: 'pl-PL' };

/**
 * A calendar date (YYYY-MM-DD) as the recipient reads it in their language: "Monday, 30 November 2026",
 * "Montag, 30. November 2026". A calendar date names a day, not an instant, so it is formatted as that day in UTC.
 */
export function formatMailDate(date: string, locale: Locale): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
