import { CompactRefs, compactRoster, type RosterResponse } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactItem,
  itemMinutes,
  memoItemMinutes,
  type PresentedApplication,
  type PresentedRow,
  presentItem,
  type Viewer,
} from './present';

const TIME_ZONE = 'Europe/Berlin';
const LOCATION = '00000000-0000-4000-8000-0000000000aa';
// Includes the autumn clock change in Berlin, so the worked minutes differ from day to day.
const DAYS = ['2026-10-24', '2026-10-25', '2026-10-26'];
const PEOPLE = ['p-1', 'p-2', 'p-3'];
const text = fc.option(fc.string({ maxLength: 8 }), { nil: null });
const minutes = fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null });

/** Rows as the load reads them: every field at its usual value or not, in any combination. */
const row: fc.Arbitrary<PresentedRow> = fc.record({
  id: fc.uuid(),
  date: fc.constantFrom(...DAYS),
  locationId: fc.constant(LOCATION),
  membershipId: fc.constantFrom(null, ...PEOPLE),
  dutyId: fc.constantFrom(null, 'd-1', 'd-2'),
  shiftId: fc.constantFrom(null, 's-1'),
  fromMinutes: minutes,
  untilMinutes: minutes,
  breakMinutes: fc.constantFrom(0, 15, 30),
  tagIds: fc.array(fc.constantFrom('t-1', 't-2'), { maxLength: 2 }),
  notes: text,
  internal: text,
  flag: fc.constantFrom(null, 'signout', 'sick'),
  sick: fc.option(
    fc.record({
      percentage: fc.integer({ min: 0, max: 100 }),
      cost: fc.option(fc.integer(), { nil: null }),
      code: text,
    }),
    { nil: null },
  ),
  conflicts: fc.array(fc.constantFrom('OVERLAP', 'AVAILABILITY'), { maxLength: 2 }),
  pendingConfirmation: fc.boolean(),
  resourceId: fc.constantFrom(null, 'r-1'),
  projectId: fc.constantFrom(null, 'p-1'),
}) as fc.Arbitrary<PresentedRow>;

const applications: fc.Arbitrary<PresentedApplication[]> = fc.array(
  fc.record({
    membershipId: fc.constantFrom(...PEOPLE),
    appliedAt: fc.constant(new Date('2026-10-01T10:00:00.123Z')),
    accepted: fc.constantFrom(null, true, false),
  }),
  { maxLength: 2 },
);

/** Planners (restricted or not: names hidden or shown) and others, with or without names on a given day. */
const viewer: fc.Arbitrary<Omit<Viewer, 'seesName'> & { namesOn: boolean[] }> = fc.record({
  membershipId: fc.constantFrom(...PEOPLE),
  planner: fc.boolean(),
  namesOn: fc.array(fc.boolean(), { minLength: DAYS.length, maxLength: DAYS.length }),
});

describe('the compact items built straight from the rows', () => {
  it('are exactly what compactRoster makes of the presented items, for every kind of viewer', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(row, applications), { maxLength: 30 }), viewer, (rows, who) => {
        const viewerOn = (date: string): Viewer => ({
          membershipId: who.membershipId,
          planner: who.planner,
          seesName: who.namesOn[DAYS.indexOf(date)],
        });
        const minutesOf = memoItemMinutes(TIME_ZONE);
        const full = {
          days: DAYS.map((date) => ({ date, released: true, past: false })),
          items: rows.map(([r, a]) => presentItem(r, a, viewerOn(r.date), TIME_ZONE, minutesOf)),
        } as RosterResponse;
        const expected = compactRoster(full, LOCATION);
        const refs = new CompactRefs();
        const items = rows.map(([r, a]) => compactItem(r, a, viewerOn(r.date), DAYS.indexOf(r.date), refs, minutesOf));
        expect(JSON.stringify(items)).toBe(JSON.stringify(expected.items));
        expect(refs.refs).toEqual(expected.refs);
      }),
      { numRuns: 300 },
    );
  });
});

describe('worked minutes remembered within a load', () => {
  it('are the item minutes of every date, times and break, asked in any order and again', () => {
    const timed = fc.record({
      date: fc.constantFrom(...DAYS, '2027-03-28'),
      fromMinutes: fc.integer({ min: 0, max: 1440 }),
      untilMinutes: fc.integer({ min: 0, max: 1440 }),
      // Breaks beyond a day too: they must not share a memo entry with other times.
      breakMinutes: fc.oneof(fc.constantFrom(0, 15, 30, 1440), fc.integer({ min: -5, max: 5000 })),
    });
    fc.assert(
      fc.property(fc.array(timed, { maxLength: 40 }), (rows) => {
        const minutesOf = memoItemMinutes(TIME_ZONE);
        for (const row of [...rows, ...rows]) expect(minutesOf(row)).toBe(itemMinutes(row, TIME_ZONE));
      }),
      { numRuns: 200 },
    );
  });
});
