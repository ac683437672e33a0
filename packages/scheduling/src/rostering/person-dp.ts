import { OFF, type RosterInstance } from './instance';

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The best schedule of one person over the horizon for given costs, by dynamic programming over the days (a
 * resource-constrained shortest path): the state after a day is the value worked (a shift or off), the length of
 * the current run of working days or days off, whether that run began on the first day (runs touching the horizon's
 * ends are not held to the minimum lengths), the weekends worked so far and the minutes worked so far (in units of
 * the shift lengths' greatest common divisor). Every hard rule of README.md, "Auto-roster" is kept exactly except
 * the per-type maximum, which is priced in (Lagrangian prices raised until it holds): when it cannot be made to hold
 * that way, no schedule is returned.
 */
export class PersonDp {
  private readonly nV: number;
  private readonly unit: number;
  private readonly units: number[];
  private readonly maxU: number;
  private readonly minU: number;
  private readonly lenCap: number;
  private readonly nW: number;
  private readonly nStates: number;
  private readonly allowed: Uint8Array;
  private readonly banned: Uint8Array;
  private readonly cost: Float64Array;
  private readonly next: Float64Array;
  private readonly back: Int32Array[];

  constructor(
    private readonly instance: RosterInstance,
    private readonly person: number,
  ) {
    const { shifts, days } = instance;
    const p = instance.people[person];
    const nS = shifts.length;
    this.nV = nS + 1;
    this.unit = shifts.reduce((g, s) => gcd(g, s.minutes), 0) || 1;
    this.units = shifts.map((s) => s.minutes / this.unit);
    this.maxU = Math.min(Math.floor(p.maxTotalMinutes / this.unit), days * Math.max(0, ...this.units));
    this.minU = Math.ceil(p.minTotalMinutes / this.unit);
    this.lenCap = Math.max(p.maxConsecutiveShifts, p.minConsecutiveShifts, p.minConsecutiveDaysOff, 1);
    this.nW = Math.max(0, p.maxWeekends) + 1;
    this.nStates = this.nV * (this.lenCap + 1) * 2 * this.nW * (this.maxU + 1);
    // Per day and value: may it be worked at all.
    this.allowed = new Uint8Array(days * this.nV).fill(1);
    const off = new Set(p.daysOff);
    for (let d = 0; d < days; d++) {
      for (let s = 0; s < nS; s++) {
        if (off.has(d) || p.maxShifts[s] <= 0 || this.units[s] > this.maxU) this.allowed[d * this.nV + s + 1] = 0;
      }
    }
    this.banned = new Uint8Array(this.nV * this.nV);
    shifts.forEach((s, a) => {
      for (const b of s.notFollowedBy) this.banned[(a + 1) * this.nV + b + 1] = 1;
    });
    this.cost = new Float64Array(this.nStates);
    this.next = new Float64Array(this.nStates);
    this.back = Array.from({ length: days }, () => new Int32Array(this.nStates));
  }

  private index(v: number, len: number, ex: number, w: number, m: number) {
    return (((v * (this.lenCap + 1) + len) * 2 + ex) * this.nW + w) * (this.maxU + 1) + m;
  }

  /**
   * `costs[d * (shifts + 1) + v + 1]`: the cost of value v (OFF or a shift) on day d. Returns the cheapest row that
   * keeps every hard rule, or null when none was found.
   */
  best(costs: Float64Array): number[] | null {
    const nS = this.instance.shifts.length;
    const prices = new Float64Array(nS);
    const p = this.instance.people[this.person];
    let spread = 1;
    for (const c of costs) if (Number.isFinite(c)) spread = Math.max(spread, Math.abs(c));
    for (let round = 0; round < 12; round++) {
      const row = this.solve(costs, prices);
      if (!row) return null;
      const counts = new Array<number>(nS).fill(0);
      for (const v of row) if (v !== OFF) counts[v]++;
      let ok = true;
      for (let s = 0; s < nS; s++) {
        if (counts[s] > p.maxShifts[s]) {
          ok = false;
          prices[s] += spread * 2 ** (round - 3);
        }
      }
      if (ok) return row;
    }
    return null;
  }

  private solve(costs: Float64Array, prices: Float64Array): number[] | null {
    const { days } = this.instance;
    const p = this.instance.people[this.person];
    const { nV, lenCap, nW, maxU } = this;
    const maxC = p.maxConsecutiveShifts;
    const minC = p.minConsecutiveShifts;
    const minOff = p.minConsecutiveDaysOff;
    const satOf = (d: number) => d % 7 === 5;
    const sunOf = (d: number) => d % 7 === 6;
    let cur = this.cost;
    let nxt = this.next;
    cur.fill(Number.POSITIVE_INFINITY);
    const valueCost = (d: number, v: number) => costs[d * nV + v + 1] + (v === OFF ? 0 : prices[v]);
    // Day 0.
    for (let v = OFF; v < nV - 1; v++) {
      if (v !== OFF && !this.allowed[v + 1]) continue;
      const m = v === OFF ? 0 : this.units[v];
      if (m > maxU) continue;
      // A weekend is counted on its Sunday, or on the Saturday when the horizon ends there.
      const w = v !== OFF && (sunOf(0) || (satOf(0) && days === 1)) ? 1 : 0;
      if (w >= nW) continue;
      const k = this.index(v + 1, 1, 1, w, m);
      cur[k] = valueCost(0, v);
      this.back[0][k] = -1;
    }
    const strideM = maxU + 1;
    const strideW = strideM;
    const strideEx = nW * strideW;
    const strideLen = 2 * strideEx;
    const strideV = (lenCap + 1) * strideLen;
    for (let d = 1; d < days; d++) {
      nxt.fill(Number.POSITIVE_INFINITY);
      const back = this.back[d];
      const sun = sunOf(d);
      const satEnd = satOf(d) && d === days - 1;
      for (let pv = 0; pv < nV; pv++) {
        const prevWorked = pv !== 0;
        for (let len = 1; len <= lenCap; len++) {
          for (let ex = 0; ex < 2; ex++) {
            for (let w = 0; w < nW; w++) {
              const base = pv * strideV + len * strideLen + ex * strideEx + w * strideW;
              for (let m = 0; m <= maxU; m++) {
                const c = cur[base + m];
                if (c === Number.POSITIVE_INFINITY) continue;
                const from = base + m;
                // Off today.
                if (!prevWorked || len >= minC || ex === 1) {
                  const nLen = prevWorked ? 1 : Math.min(lenCap, len + 1);
                  const nEx = prevWorked ? 0 : ex;
                  const nw = sun && prevWorked ? w + 1 : w;
                  // A Sunday after a worked Saturday: the weekend was worked.
                  if (nw < nW) {
                    const k = nLen * strideLen + nEx * strideEx + nw * strideW + m;
                    const t = c + costs[d * nV];
                    if (t < nxt[k]) {
                      nxt[k] = t;
                      back[k] = from;
                    }
                  }
                }
                // A shift today.
                if (prevWorked ? len >= maxC : len < minOff && ex === 0) continue;
                const nLen = prevWorked ? len + 1 : 1;
                const nEx = prevWorked ? ex : 0;
                const ww = sun || satEnd ? w + 1 : w;
                if (ww >= nW) continue;
                for (let v = 0; v < nV - 1; v++) {
                  if (!this.allowed[d * nV + v + 1]) continue;
                  if (prevWorked && this.banned[pv * nV + v + 1]) continue;
                  const nm = m + this.units[v];
                  if (nm > maxU) continue;
                  const k = (v + 1) * strideV + nLen * strideLen + nEx * strideEx + ww * strideW + nm;
                  const t = c + costs[d * nV + v + 1] + prices[v];
                  if (t < nxt[k]) {
                    nxt[k] = t;
                    back[k] = from;
                  }
                }
              }
            }
          }
        }
      }
      [cur, nxt] = [nxt, cur];
    }
    // The end: minutes at least the minimum; runs touching the end are not held to the minimum lengths.
    let bestK = -1;
    let bestC = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.nStates; k++) {
      const c = cur[k];
      if (c < bestC && k % strideM >= this.minU) {
        bestC = c;
        bestK = k;
      }
    }
    if (bestK < 0) return null;
    const row = new Array<number>(days);
    let k = bestK;
    for (let d = days - 1; d >= 0; d--) {
      row[d] = Math.floor(k / strideV) - 1;
      k = this.back[d][k];
    }
    return row;
  }
}
