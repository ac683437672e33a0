import type { Model } from 'highs';
import { highs } from '../exact';
import type { Roster, RosterInstance } from './instance';
import { buildRosterModel, columnsOf, type RosterModel, rosterOf } from './model';

interface MipRun {
  /** The best roster HiGHS holds after the run (null when it has none). */
  roster: Roster | null;
  objective: number;
  /** HiGHS's proven lower bound on the penalty of this run's model (with the bounds of the run). */
  bound: number;
  optimal: boolean;
  /** HiGHS proved that no roster keeps the hard rules (with the bounds of the run). */
  infeasible: boolean;
}

interface MipRunOptions {
  timeLimitSec: number;
  /** A feasible roster HiGHS keeps as its first incumbent. */
  start?: Roster;
  /** Asked during the run; true interrupts it (the incumbent is kept). */
  shouldStop?: () => boolean;
  /** Each better roster HiGHS finds, with its penalty. */
  onImproved?: (objective: number) => void;
}

/**
 * One HiGHS instance holding the full model of a rostering instance; runs it whole or with most binaries fixed to
 * a roster's values (a neighbourhood of large neighbourhood search). Dispose it when done: its memory lives in the
 * WebAssembly heap.
 */
export class RosterMip {
  private constructor(
    readonly instance: RosterInstance,
    readonly model: RosterModel,
    private readonly mip: Model,
    private readonly callbackTypes: { improving: 4; interrupt: 6 },
  ) {}

  static async create(instance: RosterInstance): Promise<RosterMip> {
    const solver = await highs();
    const model = buildRosterModel(instance);
    const mip = solver.createModel({
      numCols: model.numCols,
      numRows: model.numRows,
      sense: solver.constants.objectiveSense.minimize,
      offset: model.offset,
      colCost: model.colCost,
      colLower: model.colLower,
      colUpper: model.colUpper,
      rowLower: model.rowLower,
      rowUpper: model.rowUpper,
      matrix: {
        format: 'csr',
        numRows: model.numRows,
        numCols: model.numCols,
        starts: model.starts,
        indices: model.indices,
        values: model.values,
      },
      integrality: model.integrality as unknown as readonly (0 | 1)[],
    });
    return new RosterMip(instance, model, mip, {
      improving: solver.constants.callbackType.mipImprovingSolution,
      interrupt: solver.constants.callbackType.mipInterrupt,
    });
  }

  /**
   * Fixes every binary of `roster` to its value except those of the people in `freePeople` on the days in
   * `freeDays` (all days when omitted); with no roster, frees every binary.
   */
  fix(roster: Roster | null, freePeople?: ReadonlySet<number>, freeDays?: ReadonlySet<number>) {
    const { x } = this.model;
    const n = this.model.numCols;
    const lower = new Float64Array(n);
    const upper = Float64Array.from(this.model.colUpper);
    if (roster) {
      x.forEach((byDay, e) => {
        byDay.forEach((cols, d) => {
          const free = (!freePeople || freePeople.has(e)) && (!freeDays || freeDays.has(d));
          if (free) return;
          for (let s = 0; s < cols.length; s++) {
            const j = cols[s];
            if (j < 0) continue;
            const v = roster[e][d] === s ? 1 : 0;
            lower[j] = v;
            upper[j] = v;
          }
        });
      });
    }
    this.mip.changeColsBounds({ kind: 'range', from: 0, to: n - 1 }, lower, upper);
  }

  run(options: MipRunOptions): MipRun {
    const { mip, instance, model } = this;
    mip.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, options.timeLimitSec),
      // Penalties are whole numbers: a gap below one proves the optimum.
      mip_abs_gap: 0.999,
      mip_rel_gap: 0,
    });
    if (options.start) mip.setSolution({ colValue: columnsOf(instance, model, options.start) });
    const { shouldStop, onImproved } = options;
    mip.run({
      [this.callbackTypes.improving]: (event) => {
        const value = event.data.objective_function_value;
        if (onImproved && value !== undefined) onImproved(value);
      },
      [this.callbackTypes.interrupt]: (event) => {
        if (shouldStop?.()) event.interrupt();
      },
    });
    const primal = Number(mip.info.get('primal_solution_status'));
    const bound = Number(mip.info.get('mip_dual_bound'));
    const status = mip.getModelStatus();
    if (primal !== 2) {
      return { roster: null, objective: Number.POSITIVE_INFINITY, bound, optimal: false, infeasible: status === 8 };
    }
    const objective = mip.getObjectiveValue();
    const optimal = status === 7 || objective - bound < 0.999;
    return { roster: rosterOf(model, mip.getSolution().colValue), objective, bound, optimal, infeasible: false };
  }

  dispose() {
    this.mip.dispose();
  }
}
