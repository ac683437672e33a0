import { breachesOf } from './evaluate';
import { OFF, type Roster, type RosterInstance } from './instance';

/**
 * A fast local search over rosters that keep every hard rule: moves change one person's day or a short block of
 * days, or swap two people's days over a block (cover unchanged, only wishes move); a move is kept when the
 * penalty does not rise and both rows still keep their rules. Used between the exact neighbourhoods.
 */
export class LocalSearch {
  private readonly counts: Int32Array;
  private readonly nS: number;
  /** Per person and day: shift → weight of wishes met by it (on) or broken by it (off), as a cost per value. */
  private readonly wish: Float64Array;
  readonly roster: Roster;
  penalty = 0;

  constructor(
    private readonly instance: RosterInstance,
    roster: Roster,
    private readonly random: () => number,
  ) {
    this.roster = roster.map((row) => [...row]);
    const { days, shifts, people } = instance;
    this.nS = shifts.length;
    this.counts = new Int32Array(days * this.nS);
    this.wish = new Float64Array(people.length * days * (this.nS + 1));
    for (const r of instance.onRequests) {
      // Cost of every value but the shift wished.
      for (let v = -1; v < this.nS; v++) if (v !== r.shift) this.wish[this.wishIndex(r.person, r.day, v)] += r.weight;
    }
    for (const r of instance.offRequests) this.wish[this.wishIndex(r.person, r.day, r.shift)] += r.weight;
    this.cover = new Map();
    for (const c of instance.covers) this.cover.set(c.day * this.nS + c.shift, c);
    this.roster.forEach((row) => {
      row.forEach((s, d) => {
        if (s !== OFF) this.counts[d * this.nS + s]++;
      });
    });
    this.alone = people.map((p) => ({ ...instance, people: [p] }));
    this.penalty = this.total();
  }

  /** Per person: the instance of that person alone, for checking one row. */
  private readonly alone: RosterInstance[];
  private readonly cover: Map<number, { requirement: number; underWeight: number; overWeight: number }>;

  private wishIndex(e: number, d: number, v: number) {
    return (e * this.instance.days + d) * (this.nS + 1) + v + 1;
  }

  private coverCost(key: number, n: number) {
    const c = this.cover.get(key);
    if (!c) return 0;
    return n < c.requirement ? (c.requirement - n) * c.underWeight : (n - c.requirement) * c.overWeight;
  }

  private total() {
    let t = 0;
    for (let k = 0; k < this.counts.length; k++) t += this.coverCost(k, this.counts[k]);
    this.roster.forEach((row, e) => {
      row.forEach((v, d) => {
        t += this.wish[this.wishIndex(e, d, v)];
      });
    });
    return t;
  }

  private rowOk(e: number, row: number[]) {
    return breachesOf(this.alone[e], [row]).length === 0;
  }

  /** Penalty change of setting person e's days from `from` to the values of `values`. */
  private deltaSet(e: number, from: number, values: readonly number[]) {
    const row = this.roster[e];
    let delta = 0;
    const changed: [number, number][] = [];
    for (let k = 0; k < values.length; k++) {
      const d = from + k;
      const old = row[d];
      const v = values[k];
      if (old === v) continue;
      delta += this.wish[this.wishIndex(e, d, v)] - this.wish[this.wishIndex(e, d, old)];
      if (old !== OFF) changed.push([d * this.nS + old, -1]);
      if (v !== OFF) changed.push([d * this.nS + v, 1]);
    }
    for (const [key, step] of changed) {
      const n = this.counts[key];
      delta += this.coverCost(key, n + step) - this.coverCost(key, n);
      this.counts[key] += step;
    }
    for (const [key, step] of changed) this.counts[key] -= step;
    return delta;
  }

  private apply(e: number, from: number, values: readonly number[]) {
    const row = this.roster[e];
    for (let k = 0; k < values.length; k++) {
      const d = from + k;
      if (row[d] !== OFF) this.counts[d * this.nS + row[d]]--;
      row[d] = values[k];
      if (row[d] !== OFF) this.counts[d * this.nS + row[d]]++;
    }
  }

  /** Tries one random move; returns the penalty change made (0 or negative; 0 also when nothing changed). */
  step(): number {
    const { days } = this.instance;
    const nP = this.roster.length;
    const random = this.random;
    const e = Math.floor(random() * nP);
    const kind = random();
    if (kind < 0.4 || nP < 2) {
      // One person: a block of 1 to 3 days set to one value (a shift or off).
      const length = 1 + Math.floor(random() * Math.min(3, days));
      const from = Math.floor(random() * (days - length + 1));
      const v = Math.floor(random() * (this.nS + 1)) - 1;
      const values = new Array<number>(length).fill(v);
      const delta = this.deltaSet(e, from, values);
      if (delta > 0) return 0;
      const row = [...this.roster[e]];
      for (let k = 0; k < length; k++) row[from + k] = v;
      if (!this.rowOk(e, row)) return 0;
      this.apply(e, from, values);
      this.penalty += delta;
      return delta;
    }
    // Two people swap a block of 1 to 7 days: the cover stays, wishes move.
    let f = Math.floor(random() * (nP - 1));
    if (f >= e) f++;
    const length = 1 + Math.floor(random() * Math.min(7, days));
    const from = Math.floor(random() * (days - length + 1));
    const a = this.roster[e].slice(from, from + length);
    const b = this.roster[f].slice(from, from + length);
    if (a.every((v, k) => v === b[k])) return 0;
    let delta = 0;
    for (let k = 0; k < length; k++) {
      const d = from + k;
      delta += this.wish[this.wishIndex(e, d, b[k])] - this.wish[this.wishIndex(e, d, a[k])];
      delta += this.wish[this.wishIndex(f, d, a[k])] - this.wish[this.wishIndex(f, d, b[k])];
    }
    if (delta > 0) return 0;
    const rowE = [...this.roster[e]];
    const rowF = [...this.roster[f]];
    for (let k = 0; k < length; k++) {
      rowE[from + k] = b[k];
      rowF[from + k] = a[k];
    }
    if (!this.rowOk(e, rowE) || !this.rowOk(f, rowF)) return 0;
    this.roster[e] = rowE;
    this.roster[f] = rowF;
    this.penalty += delta;
    return delta;
  }

  /** Runs moves for `ms` milliseconds; returns the penalty reached. */
  run(ms: number): number {
    const end = performance.now() + ms;
    let i = 0;
    while (true) {
      this.step();
      if (++i % 64 === 0 && performance.now() >= end) break;
    }
    return this.penalty;
  }
}
