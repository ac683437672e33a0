import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

describe('money input', () => {
  it('accepts comma or dot, strips spaces, answers cents', () => {
    expect(parseMoney('12,5')).toBe(1250);
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney(' 1 234,05 ')).toBe(123405);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney(3.1)).toBe(310);
  });
  it('answers null for empty or non-numeric input', () => {
    for (const bad of ['', '   ', 'abc', '1,2,3', '1.234', null, undefined, Number.NaN])
      expect(parseMoney(bad)).toBeNull();
  });
  it('shows two decimals in the locale', () => {
    expect(formatMoney(1250, 'de')).toBe('12,50');
    expect(formatMoney(1250, 'en')).toBe('12.50');
  });
  it('round-trips every amount written with a comma', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(parseMoney(`${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`)).toBe(cents);
      }),
    );
  });
});
