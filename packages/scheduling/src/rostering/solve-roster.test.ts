import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breachesOf, penaltyOf } from './evaluate';
import { RosterMip } from './highs-model';
import { OFF, type Roster, type RosterInstance } from './instance';
import { readInstance } from './read-instance';
import { solveRoster } from './solve-roster';
import { TINY } from './tiny.test-kit';

/** Every roster of one person that keeps their rules (by the evaluator), by enumeration. */
function schedulesOf(instance: RosterInstance, e: number): number[][] {
  const alone: RosterInstance = { ...instance, people: [instance.people[e]] };
  const out: number[][] = [];
  const row = new Array<number>(instance.days).fill(OFF);
  const walk = (d: number) => {
    if (d === instance.days) {
      if (breachesOf(alone, [row]).length === 0) out.push([...row]);
      return;
    }
    for (let s = OFF; s < instance.shifts.length; s++) {
      row[d] = s;
      walk(d + 1);
    }
  };
  walk(0);
  return out;
}

function bruteForce(instance: RosterInstance): number {
  const options = instance.people.map((_, e) => schedulesOf(instance, e));
  let best = Number.POSITIVE_INFINITY;
  const roster: Roster = [];
  const walk = (e: number) => {
    if (e === options.length) {
      best = Math.min(best, penaltyOf(instance, roster).total);
      return;
    }
    for (const row of options[e]) {
      roster[e] = row;
      walk(e + 1);
    }
  };
  walk(0);
  return best;
}

/** A random small instance: one week, up to two shifts, two or three people. */
const instances = fc
  .record({
    shifts: fc.integer({ min: 1, max: 2 }),
    people: fc.array(
      fc.record({
        maxE: fc.integer({ min: 0, max: 7 }),
        maxL: fc.integer({ min: 0, max: 7 }),
        minShifts: fc.integer({ min: 0, max: 4 }),
        extra: fc.integer({ min: 0, max: 3 }),
        maxCons: fc.integer({ min: 1, max: 6 }),
        minCons: fc.integer({ min: 1, max: 3 }),
        minOff: fc.integer({ min: 1, max: 3 }),
        weekends: fc.integer({ min: 0, max: 1 }),
        dayOff: fc.option(fc.integer({ min: 0, max: 6 })),
      }),
      { minLength: 2, maxLength: 3 },
    ),
    lateThenEarly: fc.boolean(),
    requests: fc.array(fc.tuple(fc.nat(2), fc.nat(6), fc.nat(1), fc.integer({ min: 1, max: 3 }), fc.boolean()), {
      maxLength: 6,
    }),
    cover: fc.array(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 5 })), {
      minLength: 14,
      maxLength: 14,
    }),
  })
  .map((g) => {
    const ids = ['E', 'L'].slice(0, g.shifts);
    const lines = ['SECTION_HORIZON', '7', 'SECTION_SHIFTS'];
    lines.push('E,480,');
    if (g.shifts > 1) lines.push(`L,600,${g.lateThenEarly ? 'E' : ''}`);
    lines.push('SECTION_STAFF');
    g.people.forEach((p, i) => {
      const max = [`E=${p.maxE}`, `L=${p.maxL}`].slice(0, g.shifts).join('|');
      const min = p.minShifts * 480;
      lines.push(
        `P${i},${max},${min + (p.extra + 1) * 600},${min},${p.maxCons},${p.minCons},${p.minOff},${p.weekends}`,
      );
    });
    lines.push('SECTION_DAYS_OFF');
    g.people.forEach((p, i) => {
      if (p.dayOff !== null) lines.push(`P${i},${p.dayOff}`);
    });
    const on = g.requests.filter((r) => r[4] && r[0] < g.people.length && r[2] < g.shifts);
    const off = g.requests.filter((r) => !r[4] && r[0] < g.people.length && r[2] < g.shifts);
    lines.push('SECTION_SHIFT_ON_REQUESTS', ...on.map(([p, d, s, w]) => `P${p},${d},${ids[s]},${w}`));
    lines.push('SECTION_SHIFT_OFF_REQUESTS', ...off.map(([p, d, s, w]) => `P${p},${d},${ids[s]},${w}`));
    lines.push('SECTION_COVER');
    for (let d = 0; d < 7; d++) {
      for (let s = 0; s < g.shifts; s++) {
        const [req, under, over] = g.cover[d * 2 + s];
        lines.push(`${d},${ids[s]},${req},${under},${over}`);
      }
    }
    return readInstance(lines.join('\n'), 'random');
  });

describe('solveRoster', () => {
  it('finds the optimum of a hand-made instance, proven', async () => {
    const instance = readInstance(TINY, 'tiny');
    const result = await solveRoster(instance, { timeLimitMs: 5000 });
    expect(breachesOf(instance, result.roster)).toEqual([]);
    expect(result.penalty).toBe(penaltyOf(instance, result.roster).total);
    expect(result.penalty).toBe(bruteForce(instance));
    expect(result.optimal).toBe(true);
  });

  it('keeps every hard rule and scores as the evaluator does, on random instances', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async (instance) => {
        const feasible = instance.people.every((_, e) => schedulesOf(instance, e).length > 0);
        if (!feasible) {
          await expect(solveRoster(instance, { timeLimitMs: 2000 })).rejects.toThrow(/no schedule/);
          return;
        }
        const result = await solveRoster(instance, { timeLimitMs: 2000 });
        expect(breachesOf(instance, result.roster)).toEqual([]);
        expect(result.penalty).toBe(penaltyOf(instance, result.roster).total);
        // The model's own objective of that roster is the evaluator's penalty, and its optimum the brute force's.
        const mip = await RosterMip.create(instance);
        try {
          mip.fix(result.roster);
          expect(mip.run({ timeLimitSec: 2, start: result.roster }).objective).toBeCloseTo(result.penalty, 6);
        } finally {
          mip.dispose();
        }
        if (result.optimal) expect(result.penalty).toBe(bruteForce(instance));
      }),
      { numRuns: 8, seed: 7 },
    );
  });
});
