import type { Model } from 'highs';
import { highs } from '../exact';
import { breachesOf } from './evaluate';
import { OFF, type Roster, type RosterInstance } from './instance';
import { PersonDp } from './person-dp';

/**
 * Column generation over whole schedules (price and branch): the master chooses one schedule per person and pays
 * the cover short or over and the wishes each schedule breaks; its LP is solved by HiGHS, and each person's
 * cheapest schedule at the LP's dual prices (PersonDp, every hard rule kept) joins the master when it lowers the
 * LP. The integer master over the columns generated then gives a roster. Dispose it when done.
 */
export class ColumnGeneration {
  private readonly keys: Set<string>[];
  /** Per column of the model (after the slack columns): its person and row. */
  private readonly columns: { person: number; row: number[] }[] = [];
  private readonly dps: PersonDp[];
  private readonly coverRow: Int32Array;
  private readonly nSlack: number;
  private readonly wish: Float64Array;

  private constructor(
    private readonly instance: RosterInstance,
    private readonly lp: Model,
    coverRow: Int32Array,
    nSlack: number,
  ) {
    const { people, days, shifts } = instance;
    const nV = shifts.length + 1;
    this.keys = people.map(() => new Set());
    this.dps = people.map((_, e) => new PersonDp(instance, e));
    this.coverRow = coverRow;
    this.nSlack = nSlack;
    this.wish = new Float64Array(people.length * days * nV);
    for (const r of instance.onRequests) {
      for (let v = OFF; v < shifts.length; v++)
        if (v !== r.shift) this.wish[(r.person * days + r.day) * nV + v + 1] += r.weight;
    }
    for (const r of instance.offRequests) this.wish[(r.person * days + r.day) * nV + r.shift + 1] += r.weight;
  }

  static async create(instance: RosterInstance): Promise<ColumnGeneration> {
    const solver = await highs();
    const { people, shifts } = instance;
    const nP = people.length;
    const nS = shifts.length;
    // Rows: one per person (one schedule each), then one per cover line (schedules + short − over = requirement).
    const coverRow = new Int32Array(instance.days * nS).fill(-1);
    const rowLower: number[] = people.map(() => 1);
    instance.covers.forEach((c) => {
      coverRow[c.day * nS + c.shift] = rowLower.length;
      rowLower.push(c.requirement);
    });
    const numRows = rowLower.length;
    // Columns: short and over per cover line.
    const cost: number[] = [];
    const starts: number[] = [0];
    const indices: number[] = [];
    const values: number[] = [];
    instance.covers.forEach((c, i) => {
      for (const [weight, sign] of [
        [c.underWeight, 1],
        [c.overWeight, -1],
      ]) {
        cost.push(weight);
        indices.push(nP + i);
        values.push(sign);
        starts.push(indices.length);
      }
    });
    const numCols = cost.length;
    const lp = solver.createModel({
      numCols,
      numRows,
      sense: solver.constants.objectiveSense.minimize,
      offset: 0,
      colCost: cost,
      colLower: cost.map(() => 0),
      colUpper: cost.map(() => Number.POSITIVE_INFINITY),
      rowLower,
      rowUpper: rowLower,
      matrix: { format: 'csc', numRows, numCols, starts, indices, values },
    });
    return new ColumnGeneration(instance, lp, coverRow, numCols);
  }

  private rowCost(e: number, row: readonly number[]) {
    const { days } = this.instance;
    const nV = this.instance.shifts.length + 1;
    let c = 0;
    row.forEach((v, d) => {
      c += this.wish[(e * days + d) * nV + v + 1];
    });
    return c;
  }

  /** Adds person e's schedule `row` as a column (once). */
  add(e: number, row: readonly number[]): boolean {
    const key = row.join(',');
    if (this.keys[e].has(key)) return false;
    this.keys[e].add(key);
    const nS = this.instance.shifts.length;
    const indices = [e];
    row.forEach((v, d) => {
      if (v !== OFF && this.coverRow[d * nS + v] >= 0) indices.push(this.coverRow[d * nS + v]);
    });
    this.lp.addCol(this.rowCost(e, row), 0, Number.POSITIVE_INFINITY, {
      indices,
      values: indices.map(() => 1),
    });
    this.columns.push({ person: e, row: [...row] });
    return true;
  }

  addRoster(roster: Roster) {
    roster.forEach((row, e) => {
      this.add(e, row);
    });
  }

  /**
   * Solves the LP and prices every person once; returns the LP's value and how many columns joined (0: the LP is
   * optimal over all schedules the DP reaches).
   */
  iterate(timeLimitSec: number): { objective: number; added: number } {
    const { lp, instance } = this;
    lp.changeColsIntegrality(
      { kind: 'range', from: 0, to: this.nSlack + this.columns.length - 1 },
      new Int32Array(this.nSlack + this.columns.length),
    );
    lp.options.set({ output_flag: false, time_limit: Math.max(0.05, timeLimitSec) });
    lp.run();
    const objective = lp.getObjectiveValue();
    const dual = lp.getSolution().rowDual;
    const { days, shifts } = instance;
    const nS = shifts.length;
    const nV = nS + 1;
    const costs = new Float64Array(days * nV);
    let added = 0;
    instance.people.forEach((p, e) => {
      for (let d = 0; d < days; d++) {
        costs[d * nV] = this.wish[(e * days + d) * nV];
        for (let s = 0; s < nS; s++) {
          const r = this.coverRow[d * nS + s];
          costs[d * nV + s + 1] = this.wish[(e * days + d) * nV + s + 1] - (r >= 0 ? dual[r] : 0);
        }
      }
      const row = this.dps[e].best(costs);
      if (!row) return;
      let reduced = -dual[e];
      row.forEach((v, d) => {
        reduced += costs[d * nV + v + 1];
      });
      if (reduced < -1e-6 && breachesOf({ ...instance, people: [p] }, [row]).length === 0 && this.add(e, row)) added++;
    });
    return { objective, added };
  }

  /** The integer master over the columns so far, from `start` (whose rows must be columns): a roster or null. */
  solveInteger(timeLimitSec: number, start: Roster): Roster | null {
    const { lp, instance } = this;
    const n = this.nSlack + this.columns.length;
    const types = new Int32Array(n);
    types.fill(1, this.nSlack);
    lp.changeColsIntegrality({ kind: 'range', from: 0, to: n - 1 }, types);
    lp.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, timeLimitSec),
      mip_abs_gap: 0.999,
      mip_rel_gap: 0,
    });
    const value = new Float64Array(n);
    const nS = instance.shifts.length;
    const count = new Int32Array(instance.days * nS);
    start.forEach((row) => {
      row.forEach((v, d) => {
        if (v !== OFF) count[d * nS + v]++;
      });
    });
    instance.covers.forEach((c, i) => {
      const k = count[c.day * nS + c.shift];
      value[2 * i] = Math.max(0, c.requirement - k);
      value[2 * i + 1] = Math.max(0, k - c.requirement);
    });
    this.columns.forEach((col, j) => {
      if (col.row.every((v, d) => v === start[col.person][d])) value[this.nSlack + j] = 1;
    });
    lp.setSolution({ colValue: value });
    lp.run();
    if (Number(lp.info.get('primal_solution_status')) !== 2) return null;
    const x = lp.getSolution().colValue;
    const roster: Roster = instance.people.map(() => []);
    this.columns.forEach((col, j) => {
      if (x[this.nSlack + j] > 0.5) roster[col.person] = [...col.row];
    });
    return roster.every((row) => row.length === instance.days) ? roster : null;
  }

  dispose() {
    this.lp.dispose();
  }
}
