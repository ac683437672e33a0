import type { Problem } from './problem';
import { rng } from './random';
import { State } from './state';

const EPS = 1e-6;

export interface FastOptions {
  /** Time cap of the improvement phase, in ms. */
  timeLimitMs: number;
  /** A proposal to start from (pair indices), e.g. the exact engine's; else the greedy construction. */
  start?: readonly number[];
  /** Longest depth-first ejection chain tried for an open item (1 = plain insertion; default 3). */
  openDepth?: number;
  /** Longest depth-first ejection chain tried when moving an assigned item (default 2). */
  assignedDepth?: number;
  /** Items a breadth-first augmenting-chain search may visit for one open item (default 2,000). */
  maxChainNodes?: number;
  /** Ruin-and-recreate rounds after the local optimum, within the time cap (default: until the cap). */
  maxRounds?: number;
  /** Stop ruin and recreate after this many rounds in a row without a gain (default: twice the items, at least 100). */
  stallRounds?: number;
  /** Seed of the ruin-and-recreate choices (default 1): the same seed and rounds give the same proposal. */
  seed?: number;
}

export interface FastResult {
  state: State;
  /** Local-search passes of the first descent. */
  passes: number;
  /** Ruin-and-recreate rounds run, and how many of them were kept. */
  rounds: number;
  kept: number;
}

/**
 * Greedy construction: items with the fewest possible people first (ties by start), each to the person whose
 * assignment adds most to the objective among those still free for it.
 */
export function construct(problem: Problem, state: State, only?: readonly number[], random?: () => number): void {
  const list = (only ?? problem.items.map((it) => it.index))
    .map((i) => problem.items[i])
    .filter((it) => it.pairs.length > 0 && state.assigned[it.index] < 0);
  const noise = new Map(list.map((it) => [it.index, random ? random() : 0]));
  list.sort(
    (a, b) =>
      a.pairs.length - b.pairs.length ||
      noise.get(a.index)! - noise.get(b.index)! ||
      (a.span?.start ?? 0) - (b.span?.start ?? 0) ||
      a.index - b.index,
  );
  for (const item of list) {
    let best = -1;
    let bestGain = EPS;
    for (const p of item.pairs) {
      if (state.blocker(p) !== null) continue;
      const g = state.gain(p);
      if (g > bestGain) {
        bestGain = g;
        best = p;
      }
    }
    if (best >= 0) state.set(item.index, best);
  }
}

/**
 * The improvement moves on a proposal:
 * - depth-first ejection chains: an item (open, or taken off its person) goes to the best of its pairs, where a
 *   pair whose person is blocked by one item may eject it and the ejected item is placed the same way, up to a
 *   depth. This covers insertion, relocation, swaps between two people and short chains;
 * - breadth-first augmenting chains for open items, as in bipartite matching: long chains that make room;
 * - ruin and recreate: the assignments of a few days of a few plannings are taken back, rebuilt greedily in a
 *   random order and improved locally; the result is kept when it is not worse.
 * Every move is kept only when the objective rises (ruin and recreate: does not fall), else undone.
 */
export class Search {
  private readonly inChain: Uint8Array;
  private readonly parentItem: Int32Array;
  private readonly parentPair: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly openDepth: number;
  private readonly assignedDepth: number;
  private readonly maxChainNodes: number;
  private chainNodes: number;
  private readonly deadline: number;
  private ticks = 0;

  constructor(
    readonly problem: Problem,
    readonly state: State,
    options: FastOptions,
  ) {
    const n = problem.items.length;
    this.inChain = new Uint8Array(n);
    this.parentItem = new Int32Array(n);
    this.parentPair = new Int32Array(n);
    this.seen = new Int32Array(n).fill(-1);
    this.openDepth = options.openDepth ?? 3;
    this.assignedDepth = options.assignedDepth ?? 2;
    this.maxChainNodes = options.maxChainNodes ?? 2_000;
    this.chainNodes = this.maxChainNodes;
    this.deadline = performance.now() + options.timeLimitMs;
  }

  expired(): boolean {
    return (this.ticks++ & 15) === 0 && performance.now() > this.deadline;
  }

  timeLeft(): boolean {
    return performance.now() < this.deadline;
  }

  /** Places item i (open) as well as a depth-first chain allows; leaves the best state found applied. */
  placeBest(i: number, depth: number): void {
    const { state } = this;
    const base = state.mark();
    let bestObjective = state.objective;
    let bestChanges: { item: number; to: number }[] | null = null;
    this.inChain[i] = 1;
    for (const p of this.problem.items[i].pairs) {
      const blockers = state.singleBlockers(p);
      if (blockers === null) continue;
      if (blockers.length === 0) {
        state.set(i, p);
        if (state.objective > bestObjective + EPS) {
          bestObjective = state.objective;
          bestChanges = state.changesSince(base);
        }
        state.revert(base);
        continue;
      }
      if (depth <= 1) continue;
      for (const j of blockers) {
        if (this.inChain[j]) continue;
        state.set(j, -1);
        state.set(i, p);
        this.placeBest(j, depth - 1);
        if (state.objective > bestObjective + EPS) {
          bestObjective = state.objective;
          bestChanges = state.changesSince(base);
        }
        state.revert(base);
      }
    }
    this.inChain[i] = 0;
    if (bestChanges) state.replay(bestChanges);
  }

  /** A breadth-first augmenting chain for open item `start`; applied (true) when it raises the objective. */
  augment(start: number): boolean {
    const { state, problem, parentItem, parentPair, seen } = this;
    const stamp = ++this.stamp;
    const queue = [start];
    seen[start] = stamp;
    parentItem[start] = -1;
    for (let head = 0; head < queue.length && head < this.chainNodes; head++) {
      const u = queue[head];
      for (const p of problem.items[u].pairs) {
        if (p === state.assigned[u]) continue;
        const blockers = state.singleBlockers(p);
        if (blockers === null) continue;
        if (blockers.length === 0) {
          // A free place for u: shift the chain along, last link first.
          const mark = state.mark();
          const before = state.objective;
          let v = u;
          let q = p;
          let ok = true;
          while (v >= 0) {
            const prev = parentItem[v];
            const prevPair = parentPair[v];
            if (state.assigned[v] >= 0) state.set(v, -1);
            if (state.blocker(q) !== null) {
              ok = false;
              break;
            }
            state.set(v, q);
            v = prev;
            q = prevPair;
          }
          if (ok && state.objective > before + EPS) return true;
          state.revert(mark);
          continue;
        }
        for (const j of blockers) {
          if (seen[j] === stamp) continue;
          seen[j] = stamp;
          parentItem[j] = u;
          parentPair[j] = p;
          queue.push(j);
        }
      }
    }
    return false;
  }

  /** One pass of chains over `items` (open ones first); answers whether anything improved. */
  pass(items: readonly number[]): boolean {
    const { state } = this;
    let improved = false;
    const open = items.filter((i) => state.assigned[i] < 0);
    const taken = items.filter((i) => state.assigned[i] >= 0);
    for (const i of open) {
      if (this.expired()) return improved;
      if (state.assigned[i] < 0 && this.augment(i)) improved = true;
    }
    for (const i of [...open, ...taken]) {
      if (this.expired()) return improved;
      const before = state.objective;
      const mark = state.mark();
      const wasOpen = state.assigned[i] < 0;
      if (!wasOpen) state.set(i, -1);
      this.placeBest(i, wasOpen ? this.openDepth : this.assignedDepth);
      if (state.objective > before + EPS) improved = true;
      else state.revert(mark);
    }
    return improved;
  }

  /** Passes until none improves (a local optimum) or time is up; answers the passes run. */
  descend(items: readonly number[]): number {
    let passes = 0;
    while (this.timeLeft()) {
      passes++;
      const improved = this.pass(items);
      this.state.commit();
      if (!improved) break;
    }
    return passes;
  }

  /** Ruin and recreate, until the time cap or `maxRounds`; answers the rounds run and kept. */
  perturb(maxRounds: number, seed: number, stallRounds?: number): { rounds: number; kept: number } {
    const { problem, state } = this;
    const random = rng(seed);
    const dates = [...new Set(problem.items.map((it) => it.input.date))].sort();
    const locations = [...new Set(problem.items.map((it) => it.input.locationId))];
    const active = problem.items.filter((it) => it.pairs.length > 0);
    const stall = stallRounds ?? Math.max(100, 2 * active.length);
    let rounds = 0;
    let kept = 0;
    let sinceGain = 0;
    while (rounds < maxRounds && sinceGain < stall && this.timeLeft() && dates.length > 0) {
      rounds++;
      sinceGain++;
      // A window of two or three days of one or two plannings (and their people's other items those days).
      const from = Math.floor(random() * dates.length);
      const window = new Set(dates.slice(from, from + 2 + Math.floor(random() * 2)));
      const where = new Set([locations[Math.floor(random() * locations.length)]]);
      if (random() < 0.5) where.add(locations[Math.floor(random() * locations.length)]);
      const people = new Set<number>();
      for (const it of active) {
        if (!window.has(it.input.date) || !where.has(it.input.locationId)) continue;
        for (const p of it.pairs) people.add(problem.pairs[p].member);
      }
      const region = active
        .filter((it) => window.has(it.input.date))
        .filter((it) => {
          const p = state.assigned[it.index];
          return where.has(it.input.locationId) || (p >= 0 && people.has(problem.pairs[p].member));
        })
        .map((it) => it.index);
      if (region.length === 0) continue;
      const before = state.objective;
      const mark = state.mark();
      for (const i of region) state.set(i, -1);
      construct(problem, state, region, random);
      // Open items of the same people may fit now too (their hours moved).
      const near = new Set(dates.slice(Math.max(0, from - 7), from + 10));
      const openElsewhere = active
        .filter(
          (it) =>
            state.assigned[it.index] < 0 &&
            near.has(it.input.date) &&
            it.pairs.some((p) => people.has(problem.pairs[p].member)),
        )
        .map((it) => it.index);
      this.chainNodes = Math.min(this.maxChainNodes, 300);
      this.pass([...new Set([...region, ...openElsewhere])]);
      this.chainNodes = this.maxChainNodes;
      if (state.objective >= before - EPS) {
        if (state.objective > before + EPS) {
          kept++;
          sinceGain = 0;
        }
        state.commit();
      } else {
        state.revert(mark);
        state.commit();
      }
    }
    return { rounds, kept };
  }
}

/**
 * The fast engine: greedy construction (or a given start), local search to a local optimum, then ruin and
 * recreate for the rest of the time cap.
 */
export function solveFast(problem: Problem, options: FastOptions): FastResult {
  const state = new State(problem);
  if (options.start) {
    for (const p of options.start) state.set(problem.pairs[p].item, p);
  } else {
    construct(problem, state);
  }
  state.commit();
  const search = new Search(problem, state, options);
  const all = problem.items.filter((it) => it.pairs.length > 0).map((it) => it.index);
  const passes = search.descend(all);
  const { rounds, kept } = search.perturb(
    options.maxRounds ?? Number.POSITIVE_INFINITY,
    options.seed ?? 1,
    options.stallRounds,
  );
  if (kept > 0) search.descend(all);
  return { state, passes, rounds, kept };
}

/** A local search to a local optimum from a proposal (the exact engine's incumbent at its time limit). */
export function improve(problem: Problem, state: State, timeLimitMs: number): void {
  new Search(problem, state, { timeLimitMs }).descend(
    problem.items.filter((it) => it.pairs.length > 0).map((it) => it.index),
  );
}
