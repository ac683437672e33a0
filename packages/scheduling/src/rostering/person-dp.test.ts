import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpSearch } from './dp-search';
import { breachesOf } from './evaluate';
import { OFF, type RosterInstance } from './instance';
import { PersonDp } from './person-dp';
import { readInstance } from './read-instance';
import { TINY } from './tiny.test-kit';

/** One person alone, random rules, over `days` days with `shifts` shift types. */
const people = fc.record({
  days: fc.integer({ min: 1, max: 8 }),
  shifts: fc.integer({ min: 1, max: 2 }),
  lengths: fc.array(fc.constantFrom(240, 480, 600), { minLength: 2, maxLength: 2 }),
  banned: fc.boolean(),
  maxShifts: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 2 }),
  minMinutes: fc.integer({ min: 0, max: 2400 }),
  extraMinutes: fc.integer({ min: 0, max: 3000 }),
  maxCons: fc.integer({ min: 1, max: 5 }),
  minCons: fc.integer({ min: 1, max: 3 }),
  minOff: fc.integer({ min: 1, max: 3 }),
  weekends: fc.integer({ min: 0, max: 1 }),
  daysOff: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 2 }),
  costs: fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 27, maxLength: 27 }),
});

type PersonCase = typeof people extends fc.Arbitrary<infer T> ? T : never;

function instanceOf(g: PersonCase): { instance: RosterInstance; costs: Float64Array } {
  const nV = g.shifts + 1;
  const instance: RosterInstance = {
    name: 'one',
    days: g.days,
    shifts: Array.from({ length: g.shifts }, (_, s) => ({
      id: `S${s}`,
      minutes: g.lengths[s],
      notFollowedBy: g.banned && s === 1 ? [0] : [],
    })),
    people: [
      {
        id: 'A',
        maxShifts: g.maxShifts.slice(0, g.shifts),
        minTotalMinutes: g.minMinutes,
        maxTotalMinutes: g.minMinutes + g.extraMinutes,
        maxConsecutiveShifts: g.maxCons,
        minConsecutiveShifts: g.minCons,
        minConsecutiveDaysOff: g.minOff,
        maxWeekends: g.weekends,
        daysOff: g.daysOff.filter((d) => d < g.days),
      },
    ],
    onRequests: [],
    offRequests: [],
    covers: [],
  };
  const costs = new Float64Array(g.days * nV);
  for (let i = 0; i < costs.length; i++) costs[i] = g.costs[i % g.costs.length];
  return { instance, costs };
}

function rowCost(row: readonly number[], costs: Float64Array, nV: number) {
  return row.reduce((t, v, d) => t + costs[d * nV + v + 1], 0);
}

/** The cheapest row keeping the rules, by enumerating every row. */
function bruteForce(instance: RosterInstance, costs: Float64Array): number | null {
  const nV = instance.shifts.length + 1;
  const row = new Array<number>(instance.days).fill(OFF);
  let best: number | null = null;
  const walk = (d: number) => {
    if (d === instance.days) {
      if (breachesOf(instance, [row]).length === 0) {
        const c = rowCost(row, costs, nV);
        if (best === null || c < best) best = c;
      }
      return;
    }
    for (let s = OFF; s < instance.shifts.length; s++) {
      row[d] = s;
      walk(d + 1);
    }
  };
  walk(0);
  return best;
}

describe('PersonDp', () => {
  it('finds the cheapest schedule that keeps every rule (against enumeration)', () => {
    fc.assert(
      fc.property(people, (g) => {
        const { instance, costs } = instanceOf(g);
        const row = new PersonDp(instance, 0).best(costs);
        const best = bruteForce(instance, costs);
        if (row === null) {
          // Only the per-type maximum is priced rather than enforced: a miss must not hide a cheaper row by much.
          expect(best === null || instance.people[0].maxShifts.some((m) => m < instance.days)).toBe(true);
          return;
        }
        expect(breachesOf(instance, [row])).toEqual([]);
        const nV = instance.shifts.length + 1;
        const unbound = instance.people[0].maxShifts.every((m) => m >= instance.days);
        if (unbound) expect(rowCost(row, costs, nV)).toBe(best);
        else expect(rowCost(row, costs, nV)).toBeGreaterThanOrEqual(best ?? Number.NEGATIVE_INFINITY);
      }),
      { numRuns: 300 },
    );
  });

  it('never breaks a hard rule on the small instance, whatever the costs', () => {
    const instance = readInstance(TINY, 'tiny');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 21, maxLength: 21 }), (c) => {
        for (let e = 0; e < instance.people.length; e++) {
          const alone = { ...instance, people: [instance.people[e]] };
          const row = new PersonDp(instance, e).best(Float64Array.from(c));
          if (row) expect(breachesOf(alone, [row])).toEqual([]);
        }
      }),
    );
  });
});

describe('DpSearch', () => {
  it('improves a roster without breaking a rule', () => {
    const instance = readInstance(TINY, 'tiny');
    const search = new DpSearch(
      instance,
      [
        [0, 0, OFF, OFF, 0, 0, OFF],
        [1, 1, 1, OFF, 0, OFF, OFF],
      ],
      () => 0.4,
    );
    const before = search.penalty;
    for (let e = 0; e < 2; e++) search.move([e]);
    expect(search.penalty).toBeLessThanOrEqual(before);
    expect(breachesOf(instance, search.roster)).toEqual([]);
  });
});
