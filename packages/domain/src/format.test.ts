import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateList,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatLongDate,
  formatMonth,
  formatNumericDate,
  formatShortDate,
  formatTime,
  formatTimeRange,
  formatWeekday,
  formatWeekdayDate,
  localeTag,
} from './format';

describe('one date and time format per language', () => {
  it('writes a calendar date the same in every time zone (it names a day)', () => {
    expect(formatDate('2026-12-21', 'en')).toBe('21 Dec 2026');
    expect(formatDate('2026-12-21', 'de')).toBe('21. Dez. 2026');
    expect(formatDate('2026-12-21', 'nl')).toBe('21 dec 2026');
    expect(formatDate('2026-12-21', 'pl')).toBe('21 gru 2026');
    expect(formatLongDate('2026-12-21', 'en')).toBe('21 December 2026');
    expect(formatShortDate('2026-12-21', 'de')).toBe('21. Dez.');
    expect(formatNumericDate('2026-12-21', 'de')).toBe('21.12.2026');
    expect(formatNumericDate('2026-12-21', 'en')).toBe('21/12/2026');
  });

  it('writes weekdays with the date, short and long', () => {
    expect(formatWeekdayDate('2026-12-21', 'en')).toBe('Mon 21 Dec');
    expect(formatWeekdayDate('2026-12-21', 'de')).toBe('Mo., 21. Dez.');
    expect(formatWeekdayDate('2026-12-21', 'en', 'long')).toBe('Monday, 21 December 2026');
    expect(formatWeekday('2026-12-21', 'pl', 'long')).toBe('poniedziałek');
    expect(formatMonth('2026-12-01', 'nl')).toBe('december 2026');
  });

  it('lists the days a message names in date order, once each, joined as the language does', () => {
    expect(formatDateList(['2026-12-23', '2026-12-21', '2026-12-21'], 'en')).toBe('Mon 21 Dec and Wed 23 Dec');
    expect(formatDateList(['2026-12-21'], 'de')).toBe('Mo., 21. Dez.');
    expect(formatDateList(['2026-12-21', '2026-12-22', '2026-12-23'], 'de')).toBe(
      'Mo., 21. Dez., Di., 22. Dez. und Mi., 23. Dez.',
    );
  });

  it('writes times 24-hour in every language, English included', () => {
    for (const lang of ['en', 'de', 'nl', 'pl']) {
      expect(formatTime('2026-12-21T13:05:00Z', lang, 'UTC')).toBe('13:05');
      expect(formatTime('2026-12-21T00:30:00Z', lang, 'UTC')).toBe('00:30');
    }
    expect(formatTime(7 * 60)).toBe('07:00');
    expect(formatTime('7:30')).toBe('07:30');
    expect(formatTimeRange('07:00', '15:30')).toBe('07:00–15:30');
    expect(formatTime('2026-12-21T13:05:00Z', 'de', 'Europe/Berlin')).toBe('14:05');
  });

  it('writes an instant with its time in the given time zone', () => {
    expect(formatDateTime('2026-12-21T13:05:00Z', 'en', 'Europe/Berlin')).toBe('21 Dec 2026, 14:05');
    expect(formatDateTime('2026-12-21T13:05:00Z', 'de', 'Europe/Berlin')).toBe('21. Dez. 2026, 14:05');
  });

  it('writes a range as one date when both ends are equal', () => {
    expect(formatDateRange('2026-12-21', '2026-12-21', 'en')).toBe('21 Dec 2026');
    expect(formatDateRange('2026-12-21', '2026-12-23', 'en')).toBe('21 Dec 2026 – 23 Dec 2026');
  });

  it('writes durations as h:mm with a real minus sign', () => {
    expect(formatDuration(450)).toBe('7:30');
    expect(formatDuration(-120)).toBe('−2:00');
    expect(formatDuration(450, { signed: true, unit: true })).toBe('+7:30 h');
    expect(formatDuration(0, { signed: true })).toBe('0:00');
  });

  it('reads a duration back to the same minutes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (minutes) => {
        const text = formatDuration(minutes);
        const negative = text.startsWith('−');
        const [h, m] = text.replace('−', '').split(':').map(Number);
        expect(m).toBeLessThan(60);
        expect((negative ? -1 : 1) * (h * 60 + m)).toBe(minutes);
      }),
    );
  });

  it('writes every minute of the day as HH:mm (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(formatTime(minutes)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }),
    );
  });

  it('maps languages to their regional variant', () => {
    expect(localeTag('en')).toBe('en-GB');
    expect(localeTag('de-AT')).toBe('de-DE');
    expect(localeTag('xx')).toBe('en-GB');
  });
});
