import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placementRefusal } from './policy';
import { addDays } from './time';

const day = fc.integer({ min: -30, max: 30 }).map((d) => addDays('2026-06-15', d));

describe('placing one item', () => {
  it('a released day takes one item as creating and dropping do; the bulk tools keep away from it', () => {
    expect(placementRefusal('2026-06-16', '2026-06-15', '2026-06-21')).toBeNull();
    expect(placementRefusal('2026-06-16', '2026-06-15', '2026-06-21', 'bulk')).toBe('released');
    expect(placementRefusal('2026-06-22', '2026-06-15', '2026-06-21', 'bulk')).toBeNull();
  });

  it('a past day takes nothing, one item or many', () => {
    expect(placementRefusal('2026-06-14', '2026-06-15', null)).toBe('past');
    expect(placementRefusal('2026-06-14', '2026-06-15', null, 'bulk')).toBe('past');
  });

  it('whatever the bulk tools may do, one item may do too', () => {
    fc.assert(
      fc.property(day, day, fc.option(day, { nil: null }), (date, today, released) => {
        if (placementRefusal(date, today, released, 'bulk') === null)
          expect(placementRefusal(date, today, released)).toBeNull();
        expect(placementRefusal(date, today, released) === 'past').toBe(date < today);
      }),
    );
  });
});
