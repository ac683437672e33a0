import { solveExact } from './exact';
import { explainAssignments, explainOpen } from './explain';
import { improve, solveFast } from './fast';
import { buildProblem, type Problem } from './problem';
import { objectiveOf, State } from './state';
import type { Engine, MatchingInput, MatchingResult, SolveOptions, SolveStats, Violation } from './types';
import { validateProposal } from './validate';
import { weightsOf } from './weights';

export const DEFAULT_OPTIONS = {
  engine: 'auto',
  timeLimitMs: 10_000,
  mipRelGap: 1e-4,
  fastTimeLimitMs: 500,
  maxExactPairs: 60_000,
} as const satisfies SolveOptions;

const EPS = 1e-6;

function chosenOf(state: State): number[] {
  return [...state.assigned].filter((p) => p >= 0);
}

/**
 * Fills the open items of `input` (README.md has the model, rules, weights and engines). Every proposal is checked
 * by the independent validator before it is returned; an assignment it refuses is dropped and listed in `removed`.
 */
export async function solveMatching(input: MatchingInput, options: SolveOptions = {}): Promise<MatchingResult> {
  const began = performance.now();
  const engine = options.engine ?? DEFAULT_OPTIONS.engine;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_OPTIONS.timeLimitMs;
  const fastTimeLimitMs = options.fastTimeLimitMs ?? DEFAULT_OPTIONS.fastTimeLimitMs;
  const problem = buildProblem(input, weightsOf(options.weights));
  const stats: SolveStats = {
    items: input.items.length,
    candidates: input.candidates.length,
    pairs: problem.pairs.length,
    timeMs: 0,
  };

  let chosen: number[];
  let used: Engine;
  let status: MatchingResult['status'];
  let bound: number | null = null;

  const fastBegan = performance.now();
  // The fast engine always runs: it is the answer of `fast`, and the start (and fallback) of `exact`.
  const fast = solveFast(problem, {
    timeLimitMs: engine === 'fast' ? fastTimeLimitMs : Math.min(fastTimeLimitMs, timeLimitMs / 10),
  });
  stats.fastMs = Math.round(performance.now() - fastBegan);
  chosen = chosenOf(fast.state);
  used = 'fast';
  status = 'heuristic';

  const runExact =
    engine === 'exact' ||
    (engine === 'auto' && problem.pairs.length <= (options.maxExactPairs ?? DEFAULT_OPTIONS.maxExactPairs));
  if (runExact) {
    const exactBegan = performance.now();
    const exact = await solveExact(problem, {
      // Kept for the polish, the validator and the explanations: a twentieth of the limit and about 0.15 ms an item
      // (measured: 0.4 s after HiGHS on 3,270 items).
      timeLimitMs: Math.max(500, 0.95 * timeLimitMs - 0.15 * input.items.length - (performance.now() - began)),
      mipRelGap: options.mipRelGap ?? DEFAULT_OPTIONS.mipRelGap,
      start: chosen,
    });
    stats.exactMs = Math.round(performance.now() - exactBegan);
    stats.rows = exact.rows;
    stats.columns = exact.columns;
    bound = exact.bound;
    const fastObjective = objectiveOf(problem, chosen);
    if (exact.status !== 'none' && (engine === 'exact' || objectiveOf(problem, exact.chosen) >= fastObjective - EPS)) {
      chosen = exact.chosen;
      used = 'exact';
      status = exact.status === 'optimal' ? 'optimal' : 'feasible';
      const left = timeLimitMs - (performance.now() - began);
      if (status === 'feasible' && left > 200) chosen = polish(problem, chosen, Math.min(500, left / 2));
    }
  }

  const { state, removed } = validated(problem, chosen);
  const objective = objectiveOf(problem, chosenOf(state));
  if (bound !== null && objective > bound) bound = objective;
  stats.timeMs = Math.round(performance.now() - began);
  return {
    engine: used,
    status,
    assignments: explainAssignments(problem, state),
    open: explainOpen(problem, state),
    objective,
    bound,
    gap: bound === null ? null : Math.max(0, (bound - objective) / Math.max(1, Math.abs(bound))),
    removed,
    stats,
  };
}

/** A short local search from a proposal (the exact engine's incumbent when it stopped at its time limit). */
function polish(problem: Problem, chosen: readonly number[], timeLimitMs: number): number[] {
  const state = new State(problem);
  for (const p of chosen) state.set(problem.pairs[p].item, p);
  state.commit();
  improve(problem, state, timeLimitMs);
  return chosenOf(state);
}

/** The proposal as a state, less every assignment the independent validator refuses. */
function validated(problem: Problem, chosen: readonly number[]): { state: State; removed: Violation[] } {
  const { items, members, pairs } = problem;
  const toAssignments = (list: readonly number[]) =>
    list.map((p) => ({ itemId: items[pairs[p].item].input.id, memberId: members[pairs[p].member].input.id }));
  let kept = [...chosen];
  const removed: Violation[] = [];
  for (let round = 0; round < 10; round++) {
    const violations = validateProposal(problem.input, toAssignments(kept));
    if (violations.length === 0) break;
    removed.push(...violations);
    const bad = new Set(violations.map((v) => v.itemId));
    kept = kept.filter((p) => !bad.has(items[pairs[p].item].input.id));
  }
  const state = new State(problem);
  for (const p of kept) state.set(pairs[p].item, p);
  state.commit();
  return { state, removed };
}
