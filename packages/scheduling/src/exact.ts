import loadHighs, { type Highs } from 'highs';
import { conflictOf, type Problem } from './problem';
import { weekCountRows } from './week-counts';

let highsPromise: Promise<Highs> | null = null;

/** The HiGHS runtime of this thread (each worker thread loads its own WebAssembly instance, once). */
export function highs(): Promise<Highs> {
  highsPromise ??= loadHighs();
  return highsPromise;
}

export interface ExactOptions {
  timeLimitMs: number;
  mipRelGap: number;
  /** A feasible proposal (pair indices) to start from: HiGHS keeps it as its first incumbent. */
  start?: readonly number[];
  /** Whether the model carries the week count rows (default true; false: the model without them, for tests). */
  weekCounts?: boolean;
}

export interface ExactResult {
  /** Chosen pairs. */
  chosen: number[];
  status: 'optimal' | 'feasible' | 'none';
  objective: number;
  bound: number | null;
  rows: number;
  columns: number;
}

/** The mixed-integer model in HiGHS's sparse form (maximisation), with the meaning of the extra columns. */
export interface MipModel {
  numCols: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  integrality: Int32Array;
  rowLower: number[];
  rowUpper: number[];
  starts: number[];
  indices: number[];
  values: number[];
  /** Per week group: its fairness columns (-1 when it has none). */
  toward: Int32Array;
  over: Int32Array;
}

/**
 * Builds the model of README.md, "Exact engine": a binary per pair; one person per item; per member and date at
 * most the day limit; one per clique of items whose times (with the rest after them) meet; weekly contract maxima;
 * per member and week a continuous `toward` (hours up to the contract hours) and `over` (hours above them); with
 * `weekCounts` (default) the count rows that tighten the weekly maxima (`weekCountRows`).
 */
export function buildMip(problem: Problem, { weekCounts = true }: { weekCounts?: boolean } = {}): MipModel {
  const { pairs, items, days, weeks, members, weights } = problem;
  const nPairs = pairs.length;
  const toward = new Int32Array(weeks.length).fill(-1);
  const over = new Int32Array(weeks.length).fill(-1);
  let numCols = nPairs;
  weeks.forEach((w, k) => {
    if (w.deficitMinutes === null || w.pairs.length === 0) return;
    toward[k] = numCols++;
    if (w.overtime) over[k] = numCols++;
  });
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  const integrality = new Int32Array(numCols);
  for (let p = 0; p < nPairs; p++) {
    colCost[p] = pairs[p].score;
    colUpper[p] = 1;
    integrality[p] = 1;
  }
  weeks.forEach((w, k) => {
    if (toward[k] >= 0) {
      colCost[toward[k]] = weights.towardContract;
      colUpper[toward[k]] = (w.deficitMinutes ?? 0) / 60;
    }
    if (over[k] >= 0) {
      colCost[over[k]] = -weights.overtime;
      colUpper[over[k]] = Number.POSITIVE_INFINITY;
    }
  });

  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const starts: number[] = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const row = (cols: readonly number[], coefs: readonly number[] | number, lower: number, upper: number) => {
    for (let k = 0; k < cols.length; k++) {
      indices.push(cols[k]);
      values.push(typeof coefs === 'number' ? coefs : coefs[k]);
    }
    starts.push(indices.length);
    rowLower.push(lower);
    rowUpper.push(upper);
  };
  const INF = Number.POSITIVE_INFINITY;

  for (const item of items) if (item.pairs.length > 1) row(item.pairs, 1, -INF, 1);

  for (const day of days) {
    if (day.pairs.length > day.cap) row(day.pairs, 1, -INF, day.cap);
    if (day.cap < 2 || day.pairs.length < 2) continue;
    // With more than one item a day allowed: an item without times takes the whole day, a shift once a day.
    for (const p of day.pairs) {
      if (items[pairs[p].item].span) continue;
      const others = day.pairs.filter((q) => q !== p);
      row([p, ...others], [day.cap, ...others.map(() => 1)], -INF, day.cap);
    }
    const byShift = new Map<string, number[]>();
    for (const p of day.pairs) {
      const it = items[pairs[p].item];
      if (!it.span || !it.input.shiftId) continue;
      byShift.set(it.input.shiftId, [...(byShift.get(it.input.shiftId) ?? []), p]);
    }
    for (const group of byShift.values()) if (group.length > 1) row(group, 1, -INF, 1);
  }

  // Cliques of the interval graph of [start, end + rest) per member: every maximal one, by a sweep.
  for (const member of members) {
    const events: [number, number, number][] = [];
    for (const p of member.pairs) {
      const it = items[pairs[p].item];
      if (!it.span) continue;
      if (it.restEnd <= it.span.start) {
        // An empty interval (a time inside a daylight-saving gap, no rest): its conflicts pair by pair.
        for (const q of member.pairs) {
          if (q !== p && conflictOf(it, items[pairs[q].item]) !== null) row([p, q], 1, -INF, 1);
        }
        continue;
      }
      events.push([it.span.start, 1, p], [it.restEnd, 0, p]);
    }
    // Ends before starts at the same instant: [a, b) and [b, c) do not meet.
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const active = new Set<number>();
    let grown = false;
    for (const [, kind, p] of events) {
      if (kind === 1) {
        active.add(p);
        grown = true;
        continue;
      }
      if (grown && active.size > 1) {
        const clique = [...active];
        const day = pairs[clique[0]].day;
        const oneDay = clique.every((q) => pairs[q].day === day);
        if (!(oneDay && days[day].cap === 1)) row(clique, 1, -INF, 1);
      }
      grown = false;
      active.delete(p);
    }
  }

  weeks.forEach((w, k) => {
    if (w.pairs.length === 0) return;
    const hours = w.pairs.map((p) => items[pairs[p].item].minutes / 60);
    const total = hours.reduce((a, b) => a + b, 0);
    if (total > w.capMinutes / 60 + 1e-9) {
      row(w.pairs, hours, -INF, w.capMinutes / 60);
      if (weekCounts) for (const count of weekCountRows(problem, w)) row(count.pairs, 1, -INF, count.most);
    }
    if (toward[k] >= 0) row([toward[k], ...w.pairs], [1, ...hours.map((h) => -h)], -INF, 0);
    if (over[k] >= 0) row([over[k], ...w.pairs], [-1, ...hours], -INF, (w.deficitMinutes ?? 0) / 60);
  });

  return {
    numCols,
    colCost,
    colLower,
    colUpper,
    integrality,
    rowLower,
    rowUpper,
    starts,
    indices,
    values,
    toward,
    over,
  };
}

/** Column values of a proposal, for HiGHS's start. */
function startValues(problem: Problem, model: MipModel, chosen: readonly number[]): Float64Array {
  const x = new Float64Array(model.numCols);
  const minutes = new Float64Array(problem.weeks.length);
  for (const p of chosen) {
    x[p] = 1;
    minutes[problem.pairs[p].week] += problem.items[problem.pairs[p].item].minutes;
  }
  problem.weeks.forEach((w, k) => {
    const d = w.deficitMinutes ?? 0;
    if (model.toward[k] >= 0) x[model.toward[k]] = Math.min(minutes[k], d) / 60;
    if (model.over[k] >= 0) x[model.over[k]] = Math.max(0, minutes[k] - d) / 60;
  });
  return x;
}

export async function solveExact(problem: Problem, options: ExactOptions): Promise<ExactResult> {
  const began = performance.now();
  const solver = await highs();
  const model = buildMip(problem, { weekCounts: options.weekCounts });
  const numRows = model.rowLower.length;
  if (problem.pairs.length === 0) {
    return { chosen: [], status: 'optimal', objective: 0, bound: 0, rows: numRows, columns: model.numCols };
  }
  const mip = solver.createModel({
    numCols: model.numCols,
    numRows,
    sense: solver.constants.objectiveSense.maximize,
    colCost: model.colCost,
    colLower: model.colLower,
    colUpper: model.colUpper,
    rowLower: model.rowLower,
    rowUpper: model.rowUpper,
    matrix: {
      format: 'csr',
      numRows,
      numCols: model.numCols,
      starts: model.starts,
      indices: model.indices,
      values: model.values,
    },
    integrality: model.integrality as unknown as readonly (0 | 1)[],
  });
  try {
    const left = Math.max(0.1, (options.timeLimitMs - (performance.now() - began)) / 1000);
    mip.options.set({ output_flag: false, time_limit: left, mip_rel_gap: options.mipRelGap });
    if (options.start) mip.setSolution({ colValue: startValues(problem, model, options.start) });
    mip.run();
    const status = mip.getModelStatus();
    const codes = solver.constants.modelStatus;
    const primal = Number(mip.info.get('primal_solution_status'));
    if (primal !== 2) {
      return { chosen: [], status: 'none', objective: 0, bound: null, rows: numRows, columns: model.numCols };
    }
    const x = mip.getSolution().colValue;
    const chosen: number[] = [];
    for (let p = 0; p < problem.pairs.length; p++) if (x[p] > 0.5) chosen.push(p);
    const bound = Number(mip.info.get('mip_dual_bound'));
    return {
      chosen,
      status: status === codes.optimal ? 'optimal' : 'feasible',
      objective: mip.getObjectiveValue(),
      bound: Number.isFinite(bound) ? bound : null,
      rows: numRows,
      columns: model.numCols,
    };
  } finally {
    mip.dispose();
  }
}
