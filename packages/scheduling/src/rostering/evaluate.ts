import { OFF, type Roster, type RosterInstance, weekends } from './instance';

export type BreachRule =
  | 'shape'
  | 'dayOff'
  | 'succession'
  | 'maxShifts'
  | 'maxMinutes'
  | 'minMinutes'
  | 'maxConsecutiveShifts'
  | 'minConsecutiveShifts'
  | 'minConsecutiveDaysOff'
  | 'maxWeekends';

/** A hard rule broken by one person; `day` is the first day concerned, when the rule is about days. */
export interface Breach {
  rule: BreachRule;
  person: number;
  day?: number;
  /** The value found and the limit it breaks (counts, minutes or days). */
  value?: number;
  limit?: number;
}

export interface Penalty {
  total: number;
  under: number;
  over: number;
  onRequests: number;
  offRequests: number;
}

export interface Evaluation {
  penalty: Penalty;
  breaches: Breach[];
}

/** The soft part: cover short and over, wishes not met, weighted (README.md, "Auto-roster"). */
export function penaltyOf(instance: RosterInstance, roster: Roster): Penalty {
  const count = new Map<number, number>();
  const key = (day: number, shift: number) => day * instance.shifts.length + shift;
  for (const row of roster) {
    row.forEach((s, d) => {
      if (s !== OFF) count.set(key(d, s), (count.get(key(d, s)) ?? 0) + 1);
    });
  }
  let under = 0;
  let over = 0;
  for (const c of instance.covers) {
    const n = count.get(key(c.day, c.shift)) ?? 0;
    if (n < c.requirement) under += (c.requirement - n) * c.underWeight;
    else over += (n - c.requirement) * c.overWeight;
  }
  let onRequests = 0;
  for (const r of instance.onRequests) if (roster[r.person]?.[r.day] !== r.shift) onRequests += r.weight;
  let offRequests = 0;
  for (const r of instance.offRequests) if (roster[r.person]?.[r.day] === r.shift) offRequests += r.weight;
  return { total: under + over + onRequests + offRequests, under, over, onRequests, offRequests };
}

/** Maximal runs of equal working state in a row: [first day, length, working]. */
function runs(row: readonly number[]): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  let start = 0;
  for (let d = 1; d <= row.length; d++) {
    if (d === row.length || (row[d] !== OFF) !== (row[start] !== OFF)) {
      out.push([start, d - start, row[start] !== OFF]);
      start = d;
    }
  }
  return out;
}

/**
 * The hard rules every roster must keep, per person. Runs of working days or days off that touch the first or the
 * last day of the horizon are not held to the minimum lengths (they may continue outside it); the maximum run
 * length holds for every run.
 */
export function breachesOf(instance: RosterInstance, roster: Roster): Breach[] {
  const out: Breach[] = [];
  const { days, shifts } = instance;
  if (roster.length !== instance.people.length) out.push({ rule: 'shape', person: -1, value: roster.length });
  instance.people.forEach((p, e) => {
    const row = roster[e];
    if (!row) return;
    if (row.length !== days || row.some((s) => !Number.isInteger(s) || s < OFF || s >= shifts.length)) {
      out.push({ rule: 'shape', person: e });
      return;
    }
    for (const d of p.daysOff) if (row[d] !== OFF) out.push({ rule: 'dayOff', person: e, day: d });
    for (let d = 0; d + 1 < days; d++) {
      if (row[d] !== OFF && row[d + 1] !== OFF && shifts[row[d]].notFollowedBy.includes(row[d + 1])) {
        out.push({ rule: 'succession', person: e, day: d });
      }
    }
    const perShift = shifts.map(() => 0);
    let minutes = 0;
    for (const s of row) {
      if (s === OFF) continue;
      perShift[s]++;
      minutes += shifts[s].minutes;
    }
    perShift.forEach((n, s) => {
      if (n > p.maxShifts[s]) out.push({ rule: 'maxShifts', person: e, value: n, limit: p.maxShifts[s] });
    });
    if (minutes > p.maxTotalMinutes)
      out.push({ rule: 'maxMinutes', person: e, value: minutes, limit: p.maxTotalMinutes });
    if (minutes < p.minTotalMinutes)
      out.push({ rule: 'minMinutes', person: e, value: minutes, limit: p.minTotalMinutes });
    for (const [start, length, working] of runs(row)) {
      const inside = start > 0 && start + length < days;
      if (working && length > p.maxConsecutiveShifts) {
        out.push({ rule: 'maxConsecutiveShifts', person: e, day: start, value: length, limit: p.maxConsecutiveShifts });
      }
      if (working && inside && length < p.minConsecutiveShifts) {
        out.push({ rule: 'minConsecutiveShifts', person: e, day: start, value: length, limit: p.minConsecutiveShifts });
      }
      if (!working && inside && length < p.minConsecutiveDaysOff) {
        out.push({
          rule: 'minConsecutiveDaysOff',
          person: e,
          day: start,
          value: length,
          limit: p.minConsecutiveDaysOff,
        });
      }
    }
    const worked = weekends(days).filter(([sat, sun]) => row[sat] !== OFF || (sun < days && row[sun] !== OFF)).length;
    if (worked > p.maxWeekends) out.push({ rule: 'maxWeekends', person: e, value: worked, limit: p.maxWeekends });
  });
  return out;
}

export function evaluate(instance: RosterInstance, roster: Roster): Evaluation {
  return { penalty: penaltyOf(instance, roster), breaches: breachesOf(instance, roster) };
}
