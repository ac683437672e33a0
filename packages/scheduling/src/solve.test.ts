import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GeneratorParams, generateInstance, SIZES } from './generate';
import { bruteForceOptimum, simpleObjective, simpleProblems } from './reference.test-kit';
import { solveMatching } from './solve';
import type { MatchingInput, MatchingPolicies, MatchingResult } from './types';
import { validateProposal } from './validate';
import { DEFAULT_WEIGHTS } from './weights';

/** More runs for a deeper search: MATCHING_PROPERTY_RUNS=10 runs ten times as many. */
const scale = Number(process.env.MATCHING_PROPERTY_RUNS ?? 1);
const runs = (n: number) => ({ numRuns: Math.max(1, Math.round(n * scale)) });

const policies = fc.record<MatchingPolicies>({
  unavailablePolicy: fc.constantFrom('deny', 'warn', 'allow'),
  employeesMustApply: fc.boolean(),
  maxItemsPerDay: fc.integer({ min: 1, max: 3 }),
});

/** Random instances, small enough for a handful of exact solves. */
const instances = (shape: { employees: [number, number]; days: [number, number]; perDay: [number, number] }) =>
  fc
    .record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      employees: fc.integer({ min: shape.employees[0], max: shape.employees[1] }),
      days: fc.integer({ min: shape.days[0], max: shape.days[1] }),
      locations: fc.integer({ min: 1, max: 2 }),
      perDay: fc.integer({ min: shape.perDay[0], max: shape.perDay[1] }),
      policies,
      releasedDays: fc.integer({ min: 0, max: 1 }),
      existingPerDay: fc.constantFrom(0, 0.2, 0.4),
      weekStartsOn: fc.constantFrom('monday' as const, 'sunday' as const),
      startDate: fc.constantFrom('2026-03-27', '2026-10-23', '2026-06-01'),
    })
    .map((r) => {
      const params: GeneratorParams = {
        ...SIZES.SMALL,
        startDate: r.startDate,
        employees: r.employees,
        days: r.days,
        locations: r.locations,
        itemsPerLocationDay: [1, r.perDay],
        policies: r.policies,
        releasedDays: r.releasedDays,
        existingPerDay: r.existingPerDay,
        applicantShare: 0.5,
      };
      return { ...generateInstance(params, r.seed), weekStartsOn: r.weekStartsOn } satisfies MatchingInput;
    });

function expectSound(input: MatchingInput, result: MatchingResult) {
  expect(validateProposal(input, result.assignments)).toEqual([]);
  expect(simpleProblems(input, result.assignments)).toEqual([]);
  expect(result.removed).toEqual([]);
  // Every item is either assigned or open, once.
  const ids = [...result.assignments.map((a) => a.itemId), ...result.open.map((o) => o.itemId)].sort();
  expect(ids).toEqual(input.items.map((i) => i.id).sort());
}

describe('matching: no proposal ever breaks a hard rule', () => {
  it('holds for the fast engine on random instances (validator and the simple checker agree)', async () => {
    await fc.assert(
      fc.asyncProperty(instances({ employees: [2, 8], days: [2, 10], perDay: [2, 4] }), async (input) => {
        const result = await solveMatching(input, { engine: 'fast', fastTimeLimitMs: 200 });
        expectSound(input, result);
        expect(result.objective).toBeCloseTo(simpleObjective(input, result.assignments, DEFAULT_WEIGHTS), 6);
      }),
      runs(40),
    );
  });

  it('holds for the exact engine on random instances', async () => {
    await fc.assert(
      fc.asyncProperty(instances({ employees: [2, 6], days: [2, 7], perDay: [2, 3] }), async (input) => {
        const result = await solveMatching(input, { engine: 'exact', timeLimitMs: 5_000 });
        expectSound(input, result);
        expect(result.objective).toBeCloseTo(simpleObjective(input, result.assignments, DEFAULT_WEIGHTS), 6);
      }),
      runs(15),
    );
  });
});

describe('matching: small instances reach their optimum', () => {
  it('the exact engine finds the brute-force optimum and the fast engine never claims more', async () => {
    await fc.assert(
      fc.asyncProperty(instances({ employees: [2, 4], days: [1, 3], perDay: [1, 2] }), async (input) => {
        fc.pre(input.items.length <= 8);
        const best = bruteForceOptimum(input, DEFAULT_WEIGHTS);
        const exact = await solveMatching(input, { engine: 'exact', mipRelGap: 0 });
        expect(exact.status).toBe('optimal');
        expect(exact.objective).toBeCloseTo(best.objective, 6);
        const fast = await solveMatching(input, { engine: 'fast', fastTimeLimitMs: 100 });
        expect(fast.objective).toBeLessThanOrEqual(best.objective + 1e-6);
      }),
      runs(25),
    );
  });

  it('the fast engine reaches the optimum of a generated SMALL instance within 1%', async () => {
    const input = generateInstance('SMALL', 7);
    const exact = await solveMatching(input, { engine: 'exact' });
    const fast = await solveMatching(input, { engine: 'fast' });
    expect(exact.status).toBe('optimal');
    expect(fast.objective).toBeLessThanOrEqual(exact.bound! + 1e-6);
    expect((exact.objective - fast.objective) / exact.objective).toBeLessThan(0.01);
  });
});
