import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveExact } from './exact';
import { type GeneratorParams, generateInstance, SIZES } from './generate';
import { buildProblem, type Problem, type WeekGroup } from './problem';
import { weekCountRows } from './week-counts';
import { DEFAULT_WEIGHTS } from './weights';

const scale = Number(process.env.MATCHING_PROPERTY_RUNS ?? 1);
const runs = (n: number) => ({ numRuns: Math.max(1, Math.round(n * scale)) });

/** Small random instances whose weekly maxima bind (flex members have 20 hours, part-time ones their hours + 8). */
const problems = (days: [number, number]) =>
  fc
    .record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      employees: fc.integer({ min: 2, max: 5 }),
      days: fc.integer({ min: days[0], max: days[1] }),
      perDay: fc.integer({ min: 2, max: 4 }),
      maxItemsPerDay: fc.integer({ min: 1, max: 2 }),
      existingPerDay: fc.constantFrom(0, 0.2),
    })
    .map((r) => {
      const params: GeneratorParams = {
        ...SIZES.SMALL,
        employees: r.employees,
        days: r.days,
        locations: 1,
        itemsPerLocationDay: [1, r.perDay],
        policies: { unavailablePolicy: 'allow', employeesMustApply: false, maxItemsPerDay: r.maxItemsPerDay },
        existingPerDay: r.existingPerDay,
      };
      return buildProblem(generateInstance(params, r.seed), DEFAULT_WEIGHTS);
    });

/** Every set of a week's pairs within the day limits and the minutes left, by enumeration. */
function feasibleSets(problem: Problem, week: WeekGroup): number[][] {
  const out: number[][] = [];
  const n = week.pairs.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen = week.pairs.filter((_, k) => mask & (1 << k));
    const perDay = new Map<number, number>();
    let minutes = 0;
    for (const p of chosen) {
      const pair = problem.pairs[p];
      perDay.set(pair.day, (perDay.get(pair.day) ?? 0) + 1);
      minutes += problem.items[pair.item].minutes;
    }
    if (minutes > week.capMinutes) continue;
    if ([...perDay].some(([day, count]) => count > problem.days[day].cap)) continue;
    out.push(chosen);
  }
  return out;
}

describe('week count rows', () => {
  it('allow six of seven 7.5-hour shifts in 48 hours (the hours row alone allows 6.4)', () => {
    const hours = 7.5 * 60;
    const problem = {
      pairs: Array.from({ length: 7 }, (_, k) => ({ item: k, day: k })),
      items: Array.from({ length: 7 }, () => ({ minutes: hours })),
      days: Array.from({ length: 7 }, () => ({ cap: 1 })),
    } as unknown as Problem;
    const week = { capMinutes: 48 * 60, pairs: [0, 1, 2, 3, 4, 5, 6] } as WeekGroup;
    expect(weekCountRows(problem, week)).toEqual([{ pairs: [0, 1, 2, 3, 4, 5, 6], most: 6 }]);
    expect(weekCountRows(problem, { ...week, capMinutes: 60 * 60 })).toEqual([]);
  });

  it('hold for every set of a week that keeps the day limits and the maximum (enumeration)', () => {
    let checked = 0;
    fc.assert(
      fc.property(problems([3, 10]), (problem) => {
        for (const week of problem.weeks) {
          if (week.pairs.length > 14) continue;
          const rows = weekCountRows(problem, week);
          if (rows.length === 0) continue;
          checked += rows.length;
          for (const set of feasibleSets(problem, week)) {
            for (const row of rows)
              expect(set.filter((p) => row.pairs.includes(p)).length).toBeLessThanOrEqual(row.most);
          }
        }
      }),
      runs(40),
    );
    expect(checked).toBeGreaterThan(0);
  });

  it('leave the exact optimum unchanged: the model with them and without them agree', async () => {
    await fc.assert(
      fc.asyncProperty(problems([3, 8]), async (problem) => {
        const options = { timeLimitMs: 5_000, mipRelGap: 0 };
        const withRows = await solveExact(problem, options);
        const without = await solveExact(problem, { ...options, weekCounts: false });
        expect(withRows.status).toBe('optimal');
        expect(without.status).toBe('optimal');
        // Equal up to the solver's own tolerances (a millionth of the value: 8896.75 against 8896.750001 was seen);
        // two different optima differ by a whole penalty weight.
        expect(Math.abs(withRows.objective - without.objective)).toBeLessThanOrEqual(
          1e-6 * Math.max(1, Math.abs(without.objective)),
        );
        expect(withRows.rows).toBeGreaterThanOrEqual(without.rows);
      }),
      runs(25),
    );
  });
});
