import { LEFT_OUT_REASONS } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AvailabilityState } from './availability';
import { cellAbsence, type LeftOutInput, leftOutReason } from './picker';

const TZ = 'Europe/Berlin';
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+01:00`);
const DATE = '2027-01-12';

const item = {
  id: 'item',
  date: DATE,
  dutyId: 'service',
  tagIds: ['bar'],
  shiftId: null,
  restHours: 11,
  fromMinutes: 12 * 60,
  untilMinutes: 14 * 60,
  span: { start: at(DATE, '12:00'), end: at(DATE, '14:00') },
};

function input(over: Partial<LeftOutInput> = {}): LeftOutInput {
  return {
    item,
    duties: new Set(['service']),
    tags: new Set(['bar']),
    sick: false,
    availability: null,
    others: [],
    policy: 'warn',
    timeZone: TZ,
    ...over,
  };
}

const state = (type: AvailabilityState['type'], over: Partial<AvailabilityState> = {}): AvailabilityState => ({
  date: DATE,
  type,
  startMinutes: null,
  endMinutes: null,
  status: type === 'vacation' ? 'approved' : null,
  ...over,
});

const other = (from: string, until: string, date = DATE, endDate = date) => ({
  id: `o-${date}-${from}`,
  date,
  shiftId: null,
  restHours: 11,
  span: { start: at(date, from), end: at(endDate, until) },
});

describe('who the person picker leaves out, and why', () => {
  it('offers a person who holds the duty and tags and has nothing against the item', () => {
    expect(leftOutReason(input())).toBeNull();
  });

  it('names vacation (requested or approved) but not a denied one', () => {
    expect(leftOutReason(input({ availability: state('vacation') }))).toBe('vacation');
    expect(leftOutReason(input({ availability: state('vacation', { status: 'requested' }) }))).toBe('vacation');
    expect(leftOutReason(input({ availability: state('vacation', { status: 'denied' }) }))).toBeNull();
  });

  it('names sickness, unavailability and a limited window the item does not fit', () => {
    expect(leftOutReason(input({ sick: true }))).toBe('sick');
    expect(leftOutReason(input({ availability: state('unavailable') }))).toBe('unavailable');
    expect(leftOutReason(input({ availability: state('limited', { startMinutes: 480, endMinutes: 720 }) }))).toBe(
      'limited',
    );
    expect(leftOutReason(input({ availability: state('limited', { startMinutes: 600, endMinutes: 900 }) }))).toBeNull();
  });

  it('offers unavailable people when the account allows planning them', () => {
    expect(leftOutReason(input({ availability: state('unavailable'), policy: 'allow' }))).toBeNull();
  });

  it('names a missing duty or tag', () => {
    expect(leftOutReason(input({ duties: new Set(['kitchen']) }))).toBe('duty');
    expect(leftOutReason(input({ tags: new Set() }))).toBe('tags');
  });

  it('names an overlap with their own item and the rest period after one', () => {
    expect(leftOutReason(input({ others: [other('13:00', '15:00')] }))).toBe('overlap');
    // The night before until 06:00 leaves 6 hours before noon, less than 11.
    expect(leftOutReason(input({ others: [other('22:00', '06:00', '2027-01-11', DATE)] }))).toBe('rest');
  });

  it('without an item (a day) names only absence', () => {
    expect(leftOutReason(input({ item: null, availability: state('vacation') }))).toBe('vacation');
    expect(leftOutReason(input({ item: null, sick: true }))).toBe('sick');
    expect(leftOutReason(input({ item: null, availability: state('unavailable') }))).toBe('unavailable');
    expect(leftOutReason(input({ item: null, duties: new Set() }))).toBeNull();
  });

  it('names the first reason of the list that holds', () => {
    const arb = fc.record({
      vacation: fc.boolean(),
      sick: fc.boolean(),
      duty: fc.boolean(),
      tags: fc.boolean(),
      overlap: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, (f) => {
        const reason = leftOutReason(
          input({
            availability: f.vacation ? state('vacation') : null,
            sick: f.sick,
            duties: new Set(f.duty ? [] : ['service']),
            tags: new Set(f.tags ? [] : ['bar']),
            others: f.overlap ? [other('13:00', '15:00')] : [],
          }),
        );
        const holding = LEFT_OUT_REASONS.filter((r) => (f as Record<string, boolean>)[r]);
        expect(reason).toBe(holding[0] ?? null);
      }),
    );
  });
});

describe("the mark of a person's day on the grid", () => {
  it('shows vacation (not a denied one), sickness, then unavailable and limited availability', () => {
    expect(cellAbsence(state('vacation'), true)).toBe('vacation');
    expect(cellAbsence(state('vacation', { status: 'denied' }), false)).toBeNull();
    expect(cellAbsence(state('vacation', { status: 'denied' }), true)).toBe('sick');
    expect(cellAbsence(state('unavailable'), false)).toBe('unavailable');
    expect(cellAbsence(state('limited'), false)).toBe('limited');
    expect(cellAbsence(state('available'), false)).toBeNull();
    expect(cellAbsence(null, false)).toBeNull();
  });
});
