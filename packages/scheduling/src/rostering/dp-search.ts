import { breachesOf } from './evaluate';
import { OFF, type Roster, type RosterInstance } from './instance';
import { PersonDp } from './person-dp';

/**
 * Ruin and recreate with exact single-person moves: a few people are taken off the roster and put back one after
 * the other, each with their best schedule against the cover the others leave (PersonDp: every hard rule kept,
 * exactly optimal for that person). With one person the move never makes the roster worse; with more the new
 * roster is kept when its penalty does not rise.
 */
export class DpSearch {
  private readonly nS: number;
  private readonly counts: Int32Array;
  private readonly wish: Float64Array;
  private readonly cover: ({ requirement: number; underWeight: number; overWeight: number } | undefined)[];
  private readonly dps: (PersonDp | undefined)[];
  private readonly alone: RosterInstance[];
  private readonly costs: Float64Array;
  readonly roster: Roster;
  penalty: number;

  constructor(
    private readonly instance: RosterInstance,
    roster: Roster,
    private readonly random: () => number,
  ) {
    const { days, shifts, people } = instance;
    this.nS = shifts.length;
    const nV = this.nS + 1;
    this.roster = roster.map((row) => [...row]);
    this.counts = new Int32Array(days * this.nS);
    this.wish = new Float64Array(people.length * days * nV);
    for (const r of instance.onRequests) {
      for (let v = OFF; v < this.nS; v++)
        if (v !== r.shift) this.wish[(r.person * days + r.day) * nV + v + 1] += r.weight;
    }
    for (const r of instance.offRequests) this.wish[(r.person * days + r.day) * nV + r.shift + 1] += r.weight;
    this.cover = new Array(days * this.nS).fill(undefined);
    for (const c of instance.covers) this.cover[c.day * this.nS + c.shift] = c;
    for (const row of this.roster) this.place(row, 1);
    this.dps = new Array(people.length).fill(undefined);
    this.alone = people.map((p) => ({ ...instance, people: [p] }));
    this.costs = new Float64Array(days * nV);
    this.penalty = this.total();
  }

  private coverCost(key: number, n: number) {
    const c = this.cover[key];
    if (!c) return 0;
    return n < c.requirement ? (c.requirement - n) * c.underWeight : (n - c.requirement) * c.overWeight;
  }

  private total() {
    const { days } = this.instance;
    const nV = this.nS + 1;
    let t = 0;
    for (let k = 0; k < this.counts.length; k++) t += this.coverCost(k, this.counts[k]);
    this.roster.forEach((row, e) => {
      row.forEach((v, d) => {
        t += this.wish[(e * days + d) * nV + v + 1];
      });
    });
    return t;
  }

  private dp(e: number) {
    let dp = this.dps[e];
    if (!dp) {
      dp = new PersonDp(this.instance, e);
      this.dps[e] = dp;
    }
    return dp;
  }

  private place(row: readonly number[], step: 1 | -1) {
    row.forEach((s, d) => {
      if (s !== OFF) this.counts[d * this.nS + s] += step;
    });
  }

  /** Person e's best row against the others (e must be off the counts); null when the DP found none. */
  private bestRow(e: number, noise: number): number[] | null {
    const { days } = this.instance;
    const nV = this.nS + 1;
    const costs = this.costs;
    for (let d = 0; d < days; d++) {
      costs[d * nV] = this.wish[(e * days + d) * nV];
      for (let s = 0; s < this.nS; s++) {
        const key = d * this.nS + s;
        const n = this.counts[key];
        let c = this.wish[(e * days + d) * nV + s + 1] + this.coverCost(key, n + 1) - this.coverCost(key, n);
        if (noise > 0) c += noise * (this.random() - 0.5);
        costs[d * nV + s + 1] = c;
      }
    }
    const row = this.dp(e).best(costs);
    if (!row || breachesOf(this.alone[e], [row]).length > 0) return null;
    return row;
  }

  /**
   * Gives each person of `order`, one after the other, their best row against the others (kept even when the
   * penalty rises: for a first roster from rows that need not keep the rules). False when the DP found no row for
   * someone (that person's row is left as it was).
   */
  build(order: readonly number[]): boolean {
    let all = true;
    for (const e of order) {
      this.place(this.roster[e], -1);
      const row = this.bestRow(e, 0);
      if (row) this.roster[e] = row;
      else all = false;
      this.place(this.roster[e], 1);
    }
    this.penalty = this.total();
    return all;
  }

  /** Takes `people` off and puts them back one by one; keeps the result unless it is worse. Returns the change. */
  move(people: readonly number[], noise = 0): number {
    const old = people.map((e) => this.roster[e]);
    for (const e of people) this.place(this.roster[e], -1);
    const order = [...people].sort(() => this.random() - 0.5);
    for (const e of order) {
      const row = this.bestRow(e, noise) ?? this.roster[e];
      this.roster[e] = row;
      this.place(row, 1);
    }
    // Then each of them again against the others' new rows, exactly, until none of them changes.
    for (let pass = 0; people.length > 1 && pass < 3; pass++) {
      let changed = false;
      for (const e of order) {
        this.place(this.roster[e], -1);
        const row = this.bestRow(e, 0) ?? this.roster[e];
        if (row.some((v, d) => v !== this.roster[e][d])) changed = true;
        this.roster[e] = row;
        this.place(row, 1);
      }
      if (!changed) break;
    }
    const next = this.total();
    if (next <= this.penalty + 1e-9) {
      const delta = next - this.penalty;
      this.penalty = next;
      return delta;
    }
    people.forEach((e, i) => {
      this.place(this.roster[e], -1);
      this.roster[e] = old[i];
      this.place(old[i], 1);
    });
    return 0;
  }

  /** Runs moves of one to three people for `ms` milliseconds; returns the penalty reached. */
  run(ms: number): number {
    const end = performance.now() + ms;
    const nP = this.roster.length;
    while (performance.now() < end) {
      const k = Math.min(nP, 1 + Math.floor(this.random() * 3));
      const chosen = new Set<number>();
      while (chosen.size < k) chosen.add(Math.floor(this.random() * nP));
      this.move([...chosen], this.random() < 0.3 ? 1 : 0);
    }
    return this.penalty;
  }
}
