import { OFF, type Roster, type RosterInstance, weekends } from './instance';
import { type SequenceFlow, sequenceFlow } from './sequence-flow';

/**
 * The compact mixed-integer model of a rostering instance (README.md, "Auto-roster"), in HiGHS's sparse row form,
 * minimising the penalty:
 * - a binary `x[e,d,s]` per person, day and shift they may work (none on a fixed day off or for a shift type whose
 *   maximum is 0); `w[e,d] = sum_s x[e,d,s]` stands for "works that day" (an expression, not a column);
 * - per person and day `w <= 1`; a shift and the shifts that may not follow it the next day: `x[e,d,s] + sum
 *   x[e,d+1,t] <= 1`;
 * - per person and shift type `sum_d x <= max`; total minutes between the minimum and the maximum;
 * - the runs of work and days off (maximum and minimum run of work, minimum run of days off) as a path through a
 *   small network per person whose work arcs cover the days worked (`sequence-flow.ts`);
 * - per weekend a continuous `y[e,k] >= w[sat], w[sun]`, and `sum_k y <= maxWeekends`;
 * - per cover line `sum_e x[e,d,s] + under - over = requirement`, under and over continuous with their weights;
 * - an on request costs its weight minus weight·x, an off request weight·x (the constant is the offset).
 */
export interface RosterModel {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  integrality: Int32Array;
  rowLower: number[];
  rowUpper: number[];
  starts: number[];
  indices: number[];
  values: number[];
  offset: number;
  /** Column of x[e][d][s], or -1 where the person may not work that shift that day. */
  x: Int32Array[][];
  /** Columns of the x binaries of each person. */
  personCols: number[][];
  /** Per person: the network of their runs of work and days off. */
  flows: SequenceFlow[];
  /** Per weekend y columns of each person (empty when the limit cannot bind). */
  weekendCols: number[][];
  /** Per cover line: [under, over] columns. */
  coverCols: [number, number][];
}

export function buildRosterModel(instance: RosterInstance): RosterModel {
  const { days, shifts, people, covers } = instance;
  const nS = shifts.length;
  let numCols = 0;
  const personCols: number[][] = [];
  const x = people.map((p) => {
    const off = new Set(p.daysOff);
    const cols: number[] = [];
    personCols.push(cols);
    return Array.from({ length: days }, (_, d) => {
      const row = new Int32Array(nS).fill(-1);
      if (off.has(d)) return row;
      for (let s = 0; s < nS; s++) {
        if (p.maxShifts[s] <= 0 || shifts[s].minutes > p.maxTotalMinutes) continue;
        row[s] = numCols++;
        cols.push(row[s]);
      }
      return row;
    });
  });
  const nX = numCols;
  const flows = people.map((p, e) =>
    sequenceFlow(
      p,
      days,
      x[e].map((cols) => cols.some((j) => j >= 0)),
      () => numCols++,
    ),
  );
  const ends = weekends(days);
  const weekendCols = people.map((p) => (ends.length > p.maxWeekends ? ends.map(() => numCols++) : []));
  const coverCols = covers.map((): [number, number] => [numCols++, numCols++]);

  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  const integrality = new Int32Array(numCols);
  for (let j = 0; j < nX; j++) {
    colUpper[j] = 1;
    integrality[j] = 1;
  }
  for (let j = nX; j < numCols; j++) colUpper[j] = 1;
  for (const ys of weekendCols) for (const j of ys) colUpper[j] = 1;
  covers.forEach((c, i) => {
    const [u, o] = coverCols[i];
    colCost[u] = c.underWeight;
    colCost[o] = c.overWeight;
    colUpper[u] = c.requirement;
    colUpper[o] = Number.POSITIVE_INFINITY;
  });
  let offset = 0;
  for (const r of instance.onRequests) {
    offset += r.weight;
    const j = x[r.person][r.day][r.shift];
    if (j >= 0) colCost[j] -= r.weight;
  }
  for (const r of instance.offRequests) {
    const j = x[r.person][r.day][r.shift];
    if (j >= 0) colCost[j] += r.weight;
  }

  const INF = Number.POSITIVE_INFINITY;
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const starts: number[] = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const row = (terms: Map<number, number>, lower: number, upper: number) => {
    let any = false;
    for (const [j, v] of terms) {
      if (v === 0) continue;
      indices.push(j);
      values.push(v);
      any = true;
    }
    if (!any) {
      if (lower > 1e-9 || upper < -1e-9) throw new Error('no schedule keeps the rules: a rule no column can meet');
      return;
    }
    starts.push(indices.length);
    rowLower.push(lower);
    rowUpper.push(upper);
  };
  const add = (terms: Map<number, number>, cols: ArrayLike<number>, coef: number) => {
    for (let k = 0; k < cols.length; k++) {
      const j = cols[k];
      if (j >= 0) terms.set(j, (terms.get(j) ?? 0) + coef);
    }
  };

  people.forEach((p, e) => {
    const xe = x[e];
    for (let d = 0; d < days; d++) {
      const t = new Map<number, number>();
      add(t, xe[d], 1);
      if (t.size > 1) row(t, -INF, 1);
    }
    for (let d = 0; d + 1 < days; d++) {
      for (let s = 0; s < nS; s++) {
        if (xe[d][s] < 0 || shifts[s].notFollowedBy.length === 0) continue;
        const t = new Map<number, number>([[xe[d][s], 1]]);
        add(
          t,
          shifts[s].notFollowedBy.map((u) => xe[d + 1][u]),
          1,
        );
        if (t.size > 1) row(t, -INF, 1);
      }
    }
    for (let s = 0; s < nS; s++) {
      const cols = xe.map((r) => r[s]).filter((j) => j >= 0);
      if (cols.length > p.maxShifts[s]) row(new Map(cols.map((j) => [j, 1])), -INF, p.maxShifts[s]);
    }
    const minutes = new Map<number, number>();
    for (let d = 0; d < days; d++)
      for (let s = 0; s < nS; s++) if (xe[d][s] >= 0) minutes.set(xe[d][s], shifts[s].minutes);
    row(minutes, p.minTotalMinutes, p.maxTotalMinutes);

    // The runs of work and of days off as a path through a small network per person (see `SequenceFlow`).
    const flow = flows[e];
    for (const [node, arcsOut, arcsIn] of flow.nodes) {
      const t = new Map<number, number>();
      for (const j of arcsOut) t.set(j, 1);
      for (const j of arcsIn) t.set(j, (t.get(j) ?? 0) - 1);
      const supply = node === 'source' ? 1 : node === 'sink' ? -1 : 0;
      row(t, supply, supply);
    }
    for (let d = 0; d < days; d++) {
      const t = new Map<number, number>();
      add(t, xe[d], 1);
      add(t, flow.covering[d], -1);
      if (t.size > 0) row(t, 0, 0);
    }
    const ys = weekendCols[e];
    if (ys.length > 0) {
      ends.forEach(([sat, sun], k) => {
        for (const day of [sat, sun]) {
          if (day >= days) continue;
          const t = new Map<number, number>([[ys[k], 1]]);
          add(t, xe[day], -1);
          if (t.size > 1) row(t, 0, INF);
        }
      });
      row(new Map(ys.map((j) => [j, 1])), -INF, p.maxWeekends);
    }
  });

  covers.forEach((c, i) => {
    const t = new Map<number, number>();
    for (let e = 0; e < people.length; e++) {
      const j = x[e][c.day][c.shift];
      if (j >= 0) t.set(j, 1);
    }
    t.set(coverCols[i][0], 1);
    t.set(coverCols[i][1], -1);
    row(t, c.requirement, c.requirement);
  });

  return {
    numCols,
    numRows: rowLower.length,
    colCost,
    colLower,
    colUpper,
    integrality,
    rowLower,
    rowUpper,
    starts,
    indices,
    values,
    offset,
    x,
    flows,
    personCols,
    weekendCols,
    coverCols,
  };
}

/** The column values of a roster (binaries, weekend indicators and cover slacks), for HiGHS's start. */
export function columnsOf(instance: RosterInstance, model: RosterModel, roster: Roster): Float64Array {
  const v = new Float64Array(model.numCols);
  const count = new Map<number, number>();
  const key = (d: number, s: number) => d * instance.shifts.length + s;
  roster.forEach((row, e) => {
    row.forEach((s, d) => {
      if (s === OFF) return;
      const j = model.x[e][d][s];
      if (j >= 0) v[j] = 1;
      count.set(key(d, s), (count.get(key(d, s)) ?? 0) + 1);
    });
    for (const j of model.flows[e].pathOf(row.map((s) => s !== OFF))) v[j] = 1;
    const ys = model.weekendCols[e];
    weekends(instance.days).forEach(([sat, sun], k) => {
      if (ys.length > 0) v[ys[k]] = row[sat] !== OFF || (sun < instance.days && row[sun] !== OFF) ? 1 : 0;
    });
  });
  instance.covers.forEach((c, i) => {
    const n = count.get(key(c.day, c.shift)) ?? 0;
    v[model.coverCols[i][0]] = Math.max(0, c.requirement - n);
    v[model.coverCols[i][1]] = Math.max(0, n - c.requirement);
  });
  return v;
}

/** The roster of a column vector. */
export function rosterOf(model: RosterModel, values: ArrayLike<number>): Roster {
  return model.x.map((byDay) =>
    byDay.map((cols) => {
      for (let s = 0; s < cols.length; s++) if (cols[s] >= 0 && values[cols[s]] > 0.5) return s;
      return OFF;
    }),
  );
}
