import { rng } from '../random';
import { ColumnGeneration } from './column-generation';
import { construct } from './construct';
import { DpSearch } from './dp-search';
import { breachesOf, penaltyOf } from './evaluate';
import { RosterMip } from './highs-model';
import { OFF, type Roster, type RosterInstance } from './instance';
import { LocalSearch } from './local-search';

export interface RosterSolveOptions {
  /** Wall time for the whole solve, in milliseconds. */
  timeLimitMs: number;
  seed?: number;
  /**
   * The full model is solved whole (to prove the optimum) once the search stalls, when it has at most this many
   * columns; above, only neighbourhoods are solved.
   */
  maxFullColumns?: number;
  /** A model with at most this many columns is solved whole first (for most of the time), then by neighbourhoods. */
  fullFirstColumns?: number;
  /** Asked between and during the solver's runs: true ends the solve with the best roster so far. */
  shouldStop?: () => boolean;
  onProgress?: (progress: RosterProgress) => void;
}

export interface RosterProgress {
  seconds: number;
  penalty: number;
  /** The best proven lower bound on the penalty so far (0 before the full model ran). */
  bound: number;
  phase: 'construct' | 'neighbourhood' | 'full';
}

export interface RosterSolveResult {
  roster: Roster;
  penalty: number;
  bound: number;
  /** The penalty is proven minimal (the full model closed its gap). */
  optimal: boolean;
  seconds: number;
  secondsToBest: number;
  /** Neighbourhoods solved and how many of them improved the roster. */
  neighbourhoods: number;
  improvements: number;
}

interface Neighbourhood {
  people?: Set<number>;
  days?: Set<number>;
}

function sample(random: () => number, n: number, k: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < Math.min(k, n); i++) {
    const j = i + Math.floor(random() * (n - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, Math.min(k, n));
}

/**
 * Solves a rostering instance (README.md, "Auto-roster"): a first roster person by person, then large
 * neighbourhood search with HiGHS on the full model with most binaries fixed to the incumbent (a few people over
 * the whole horizon, or more people over a window of days), the neighbourhood growing while HiGHS solves it to
 * optimality fast and shrinking when it runs out of time; when the search stalls and the model is small enough,
 * the full model runs from the incumbent to improve it or prove it optimal. Every roster kept passes the evaluator
 * with no hard-rule breach.
 */
export async function solveRoster(instance: RosterInstance, options: RosterSolveOptions): Promise<RosterSolveResult> {
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  const limit = options.timeLimitMs / 1000;
  const left = () => limit - elapsed();
  const random = rng(options.seed ?? 1);
  const stop = () => left() <= 0 || (options.shouldStop?.() ?? false);
  const nP = instance.people.length;
  const nD = instance.days;

  const order = sample(random, nP, nP);
  // First roster: each person's best schedule against the cover the earlier ones left (the exact per-person DP);
  // when the DP finds no schedule for someone, the per-person model does.
  const first = new DpSearch(
    instance,
    instance.people.map(() => new Array<number>(nD).fill(OFF)),
    random,
  );
  let best =
    first.build(order) && breachesOf(instance, first.roster).length === 0
      ? first.roster
      : await construct(instance, order, Math.max(0.2, limit / (4 * Math.max(1, nP))));
  let bestPenalty = penaltyOf(instance, best).total;
  let secondsToBest = elapsed();
  let bound = 0;
  let optimal = false;
  const report = (phase: RosterProgress['phase']) =>
    options.onProgress?.({ seconds: elapsed(), penalty: bestPenalty, bound, phase });
  report('construct');

  const mip = await RosterMip.create(instance);
  let neighbourhoods = 0;
  let improvements = 0;
  const localSearch = (ms: number) => {
    if (ms <= 0) return false;
    const search = new LocalSearch(instance, best, random);
    search.run(ms / 3);
    const better = accept(search.roster, 'neighbourhood');
    const dp = new DpSearch(instance, best, random);
    dp.run(Math.min((2 * ms) / 3, left() * 1000));
    return accept(dp.roster, 'neighbourhood') || better;
  };
  const accept = (roster: Roster | null, phase: RosterProgress['phase']) => {
    if (!roster || breachesOf(instance, roster).length > 0) return false;
    const p = penaltyOf(instance, roster).total;
    if (p > bestPenalty) return false;
    const better = p < bestPenalty;
    best = roster;
    if (better) {
      bestPenalty = p;
      secondsToBest = elapsed();
      improvements++;
      report(phase);
    }
    return better;
  };

  try {
    const maxFull = options.maxFullColumns ?? 60_000;
    const fullFirst = mip.model.numCols <= (options.fullFirstColumns ?? 2500);
    let fullTried = false;
    // Neighbourhood size: people freed over the whole horizon (the day windows scale with it).
    let size = Math.min(nP, Math.max(2, Math.round(nP / 8)));
    // Days freed for everyone in the window neighbourhood.
    let window = 2;
    let lastGain = elapsed();
    const lsMs = Math.min(1000, 15 * limit);
    if (localSearch(Math.min(left() * 1000, Math.max(4 * lsMs, 100 * limit)))) lastGain = elapsed();
    // Column generation: the LP over schedules priced by the per-person DP, then its integer master.
    if (!stop()) {
      const cg = await ColumnGeneration.create(instance);
      try {
        cg.addRoster(best);
        const end = elapsed() + 0.25 * left();
        let rounds = 0;
        while (elapsed() < end - 0.3 * (end - elapsed()) && !stop()) {
          const it = cg.iterate(Math.max(0.1, end - elapsed()));
          rounds++;
          if (it.added === 0) break;
        }
        if (accept(cg.solveInteger(Math.max(0.1, end - elapsed()), best), 'full')) lastGain = elapsed();
        if (localSearch(Math.min(left() * 1000, lsMs))) lastGain = elapsed();
        options.onProgress?.({ seconds: elapsed(), penalty: bestPenalty, bound: rounds, phase: 'full' });
      } finally {
        cg.dispose();
      }
    }
    while (!stop()) {
      const stalled = elapsed() - lastGain > Math.max(2, 0.15 * limit);
      if (!fullTried && (stalled || fullFirst || size >= nP) && mip.model.numCols <= maxFull) {
        fullTried = true;
        mip.fix(null);
        // Never all the time left: the neighbourhoods keep improving when the whole model stalls.
        const share = fullFirst ? 0.6 : 0.5;
        const run = mip.run({ timeLimitSec: share * left(), start: best, shouldStop: options.shouldStop });
        bound = Math.max(bound, Math.ceil(run.bound - 1e-6));
        if (accept(run.roster, 'full')) lastGain = elapsed();
        if (run.optimal && run.objective <= bestPenalty + 1e-6) {
          optimal = true;
          break;
        }
        continue;
      }
      const kind = KINDS[neighbourhoods % KINDS.length];
      const hood = pick(random, kind, kind === 'days' ? window : size, nP, nD);
      neighbourhoods++;
      mip.fix(best, hood.people, hood.days);
      const budget = Math.min(left(), Math.max(0.3, Math.min(2, 0.025 * limit)));
      const t0 = elapsed();
      const run = mip.run({ timeLimitSec: budget, start: best, shouldStop: options.shouldStop });
      const took = elapsed() - t0;
      if (accept(run.roster, 'neighbourhood')) lastGain = elapsed();
      if (localSearch(Math.min(left() * 1000, lsMs))) lastGain = elapsed();
      const grow = run.optimal && took < budget / 4;
      if (kind === 'days') window = grow ? Math.min(nD, window + 1) : run.optimal ? window : Math.max(1, window - 1);
      else size = grow ? Math.min(nP, size + 1) : run.optimal ? size : Math.max(2, size - 1);
    }
  } finally {
    mip.dispose();
  }
  if (bound >= bestPenalty) optimal = true;
  return {
    roster: best,
    penalty: bestPenalty,
    bound,
    optimal,
    seconds: elapsed(),
    secondsToBest,
    neighbourhoods,
    improvements,
  };
}

type Kind = 'people' | 'block' | 'days';
const KINDS: Kind[] = ['people', 'days', 'block', 'days'];

/**
 * `people`: `size` people over the whole horizon; `block`: twice as many over a window of two weeks; `days`: everyone
 * over a window of `size` days (where the cover ties people together).
 */
function pick(random: () => number, kind: Kind, size: number, nP: number, nD: number): Neighbourhood {
  const window = (length: number) => {
    const start = Math.floor(random() * (nD - length + 1));
    return new Set(Array.from({ length }, (_, i) => start + i));
  };
  if (kind === 'days') return { days: window(Math.min(nD, size)) };
  if (kind === 'block' && nD > 14 && nP > size) {
    return { people: new Set(sample(random, nP, Math.min(nP, 2 * size))), days: window(14) };
  }
  return { people: new Set(sample(random, nP, size)) };
}
