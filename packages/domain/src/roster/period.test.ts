import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesBetween, periodRange, weekdayOf, weekStart } from './period';
import { addDays, addMonths, daysBetween } from './time';

/** Any calendar date from 1950 to 2050, the span of the product's date pickers. */
const anyDate = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2050-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar arithmetic', () => {
  it('crosses month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    // The days of the changes to and from summer time are ordinary calendar days.
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
  });

  it('adds months clamping to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('adding and subtracting days are inverse, and daysBetween measures them', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -800, max: 800 }), (date, n) => {
        expect(addDays(addDays(date, n), -n)).toBe(date);
        expect(daysBetween(date, addDays(date, n))).toBe(n);
      }),
    );
  });

  it('weekdays run Monday 0 to Sunday 6, and a week starts on its Monday or Sunday', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
    expect(weekdayOf('2028-02-29')).toBe(1);
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-29', 'sunday')).toBe('2026-11-29');
    expect(weekStart('2026-11-28', 'sunday')).toBe('2026-11-22');
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(weekdayOf(addDays(date, 7))).toBe(weekdayOf(date));
        expect(weekdayOf(weekStart(date))).toBe(0);
      }),
    );
  });
});

describe('roster periods', () => {
  it('a month runs to the day before the same day of the next month, also from a month’s last day', () => {
    expect(periodRange('2026-11-01', 'month')).toEqual({ from: '2026-11-01', until: '2026-11-30' });
    expect(periodRange('2026-01-31', 'month')).toEqual({ from: '2026-01-31', until: '2026-02-27' });
    expect(periodRange('2028-01-31', 'month')).toEqual({ from: '2028-01-31', until: '2028-02-28' });
    expect(periodRange('2026-02-01', 'month')).toEqual({ from: '2026-02-01', until: '2026-02-28' });
    expect(periodRange('2028-02-01', 'month')).toEqual({ from: '2028-02-01', until: '2028-02-29' });
    expect(periodRange('2026-12-10', 'month')).toEqual({ from: '2026-12-10', until: '2027-01-09' });
  });

  it('every period starts on its first day and holds 1 to 31 days', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.constantFrom('day', 'week', '2weeks', '4weeks', 'month') as fc.Arbitrary<never>,
        (d, p) => {
          const range = periodRange(d, p);
          const days = datesBetween(range.from, range.until);
          expect(days[0]).toBe(d);
          expect(days.length).toBeGreaterThanOrEqual(1);
          expect(days.length).toBeLessThanOrEqual(31);
        },
      ),
    );
  });
});
