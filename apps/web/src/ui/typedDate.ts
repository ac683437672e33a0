import { isCalendarDate } from '@app/contracts';

/**
 * A date typed into a date field, day first as the fields show it ("2.5.1994", "02.05.1994", "2-5-1994"), or as
 * YYYY-MM-DD: the day as YYYY-MM-DD, or null when it is no calendar day. Without this the picker's default reading
 * took "02.05.1994" for the 5th of February.
 */
export function parseTypedDate(typed: string): string | null {
  const value = typed.trim();
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const iso = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : null;
  return iso && isCalendarDate(iso) ? iso : null;
}
