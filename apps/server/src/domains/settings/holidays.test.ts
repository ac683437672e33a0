import { describe, expect, it } from 'vitest';
import { publicHolidays } from './holidays';

const berlin = { country: 'DE', region: 'BE' } as const;
const nameOn = (locale: 'en' | 'de' | 'nl' | 'pl', date: string) =>
  publicHolidays(berlin, 2026, locale).find((h) => h.date === date)?.name;

describe('public holiday names', () => {
  it('are in the reader’s language', () => {
    expect(nameOn('de', '2026-12-25')).toBe('1. Weihnachtstag');
    expect(nameOn('pl', '2026-12-25')).toBe('Pierwszy dzień Bożego Narodzenia');
    expect(nameOn('nl', '2026-12-25')).toBe('Kerstmis');
    expect(nameOn('en', '2026-12-25')).toBe('Christmas Day');
  });

  it('fall back to English where the library lacks the language, never to a third one', () => {
    // date-holidays has no Polish name for Ascension Day; asked for Polish alone it answered in Dutch.
    expect(nameOn('pl', '2026-05-14')).toBe('Ascension Day');
  });
});
