import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './typedDate';

describe('a typed date', () => {
  it('reads the day first, as the fields show it', () => {
    expect(parseTypedDate('02.05.1994')).toBe('1994-05-02');
    expect(parseTypedDate('2.5.1994')).toBe('1994-05-02');
    expect(parseTypedDate(' 31-12-2026 ')).toBe('2026-12-31');
    expect(parseTypedDate('1994-05-02')).toBe('1994-05-02');
  });

  it('is no day when the calendar has none', () => {
    for (const typed of ['30.02.2026', '29.02.2027', '13.13.2026', '2.5.94', 'tomorrow', ''])
      expect(parseTypedDate(typed)).toBeNull();
    expect(parseTypedDate('29.02.2028')).toBe('2028-02-29');
  });

  it('reads back every day it writes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1950-01-01'), max: new Date('2050-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(parseTypedDate(`${day}.${m}.${y}`)).toBe(iso);
      }),
    );
  });
});
