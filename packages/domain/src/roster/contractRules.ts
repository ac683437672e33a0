import { type ContractRosterRules, MINUTES_PER_DAY } from '@app/contracts';

/**
 * The contract rules a roster honours (docs/product/autoroster.md), on one person's days of a period. A plan holds
 * per day the index of the shift worked (into the period's shift kinds) or null for a day off. Day 0 is the period's
 * first day; `firstWeekday` says which weekday it is (0 = Monday).
 */
export type DayPlan = readonly (number | null)[];

/** A kind of shift the period is planned with: its times (local minutes) and the rest its duty asks for after it. */
export interface ShiftKind {
  minutes: number;
  startMinutes: number;
  endMinutes: number;
  restHours: number;
}

/** One person's limits over the period; null sets no limit. */
export interface PersonLimits {
  /** Per shift kind: the most shifts of it. */
  maxShifts: readonly number[];
  minMinutes: number;
  maxMinutes: number | null;
  maxConsecutiveDays: number | null;
  minConsecutiveDays: number | null;
  minConsecutiveDaysOff: number | null;
  maxWeekends: number | null;
  /** Days the person may not work (approved vacation, unavailability under the deny policy, other plannings). */
  daysOff: readonly number[];
}

export type ContractRule =
  | 'dayOff'
  | 'succession'
  | 'maxShifts'
  | 'maxMinutes'
  | 'minMinutes'
  | 'maxConsecutiveDays'
  | 'minConsecutiveDays'
  | 'minConsecutiveDaysOff'
  | 'maxWeekends';

export interface ContractBreach {
  rule: ContractRule;
  /** The first day concerned, for rules about days; the shift kind for maxShifts. */
  day?: number;
  shift?: number;
  value?: number;
  limit?: number;
}

/** A wish on a day: to work that shift kind (on) or not to (off); its weight is what not meeting it costs. */
export interface Wish {
  day: number;
  shift: number;
  on: boolean;
  weight: number;
}

/** The instant a shift kind ends, in minutes from the start of its day (an end not after the start runs overnight). */
const endOf = (k: ShiftKind) => (k.endMinutes <= k.startMinutes ? k.endMinutes + MINUTES_PER_DAY : k.endMinutes);

/**
 * Per shift kind, the kinds that may not be worked the next day: the next one starts before this one ends, or before
 * the rest its duty asks for has passed.
 */
export function forbiddenSuccessions(kinds: readonly ShiftKind[]): number[][] {
  return kinds.map((a) =>
    kinds.flatMap((b, j) => (b.startMinutes + MINUTES_PER_DAY - endOf(a) < a.restHours * 60 ? [j] : [])),
  );
}

/** Weekends of the period as [saturday, sunday] day indices (a weekend cut by the period's edge keeps its part). */
export function weekendsOf(days: number, firstWeekday: number): [number, number][] {
  const out: [number, number][] = [];
  const firstSaturday = (5 - firstWeekday + 7) % 7;
  if (firstSaturday === 6) out.push([-1, 0]);
  for (let sat = firstSaturday; sat < days; sat += 7) out.push([sat, sat + 1]);
  return out;
}

/** Maximal runs of working days or days off: [first day, length, working]. */
function runsOf(plan: DayPlan): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  let start = 0;
  for (let d = 1; d <= plan.length; d++) {
    if (d === plan.length || (plan[d] !== null) !== (plan[start] !== null)) {
      out.push([start, d - start, plan[start] !== null]);
      start = d;
    }
  }
  return out;
}

/**
 * Every contract rule the plan breaks. Runs that touch the period's first or last day are not held to the minimum
 * lengths (they may go on outside it); the maximum run length holds for every run.
 */
export function contractBreaches(
  plan: DayPlan,
  kinds: readonly ShiftKind[],
  limits: PersonLimits,
  firstWeekday = 0,
): ContractBreach[] {
  const out: ContractBreach[] = [];
  const days = plan.length;
  for (const d of limits.daysOff) if (d >= 0 && d < days && plan[d] !== null) out.push({ rule: 'dayOff', day: d });
  const notAfter = forbiddenSuccessions(kinds);
  for (let d = 0; d + 1 < days; d++) {
    const a = plan[d];
    const b = plan[d + 1];
    if (a !== null && b !== null && notAfter[a].includes(b)) out.push({ rule: 'succession', day: d });
  }
  const perShift = kinds.map(() => 0);
  let minutes = 0;
  for (const s of plan) {
    if (s === null) continue;
    perShift[s]++;
    minutes += kinds[s].minutes;
  }
  perShift.forEach((n, s) => {
    if (n > limits.maxShifts[s]) out.push({ rule: 'maxShifts', shift: s, value: n, limit: limits.maxShifts[s] });
  });
  if (limits.maxMinutes !== null && minutes > limits.maxMinutes)
    out.push({ rule: 'maxMinutes', value: minutes, limit: limits.maxMinutes });
  if (minutes < limits.minMinutes) out.push({ rule: 'minMinutes', value: minutes, limit: limits.minMinutes });
  for (const [start, length, working] of runsOf(plan)) {
    const inside = start > 0 && start + length < days;
    const max = limits.maxConsecutiveDays;
    const min = working ? limits.minConsecutiveDays : limits.minConsecutiveDaysOff;
    if (working && max !== null && length > max)
      out.push({ rule: 'maxConsecutiveDays', day: start, value: length, limit: max });
    if (inside && min !== null && length < min)
      out.push({
        rule: working ? 'minConsecutiveDays' : 'minConsecutiveDaysOff',
        day: start,
        value: length,
        limit: min,
      });
  }
  if (limits.maxWeekends !== null) {
    const worked = weekendsOf(days, firstWeekday).filter(
      ([sat, sun]) => (sat >= 0 && plan[sat] != null) || (sun < days && plan[sun] != null),
    ).length;
    if (worked > limits.maxWeekends) out.push({ rule: 'maxWeekends', value: worked, limit: limits.maxWeekends });
  }
  return out;
}

/** The wishes the plan does not meet, and what they cost together. */
export function unmetWishes(plan: DayPlan, wishes: readonly Wish[]): { missed: Wish[]; penalty: number } {
  const missed = wishes.filter((w) => (w.on ? plan[w.day] !== w.shift : plan[w.day] === w.shift));
  return { missed, penalty: missed.reduce((sum, w) => sum + w.weight, 0) };
}

/** The most hours a week the working-time law allows on average (Germany, ArbZG section 3): the limit without contract. */
export const LEGAL_MAX_MINUTES_PER_WEEK = 48 * 60;

/** A contract as the roster rules read it. */
export interface RosterContract {
  type: 'full' | 'part' | 'flex';
  weeklyMinutes: number;
  rosterRules: ContractRosterRules;
}

/**
 * A person's limits over a period of `days` days from their contract (docs/product/autoroster.md): the contract's
 * hours for the period are the most (full, part and flex alike: overtime is the planner's call); full and part time
 * are planned at least their hours less the hours of their days off and less one average day. Counts per shift and
 * weekends are per four weeks and scale with the period (rounded up). Without a contract only the working-time law
 * limits the hours.
 */
export function personLimitsOf(
  contract: RosterContract | null,
  input: { days: number; shiftIds: readonly string[]; daysOff: readonly number[]; daysPerWeek?: number | null },
): PersonLimits {
  const { days } = input;
  const scale = (n: number) => Math.ceil((n * days) / 28);
  if (!contract) {
    return {
      maxShifts: input.shiftIds.map(() => days),
      minMinutes: 0,
      maxMinutes: Math.floor((LEGAL_MAX_MINUTES_PER_WEEK * days) / 7),
      maxConsecutiveDays: null,
      minConsecutiveDays: null,
      minConsecutiveDaysOff: null,
      maxWeekends: null,
      daysOff: input.daysOff,
    };
  }
  const r = contract.rosterRules;
  const target = Math.round((contract.weeklyMinutes * days) / 7);
  const perDay = contract.weeklyMinutes / Math.max(1, input.daysPerWeek ?? 5);
  const offDays = new Set(input.daysOff.filter((d) => d >= 0 && d < days)).size;
  const min = contract.type === 'flex' ? 0 : Math.max(0, Math.floor(target - (offDays + 1) * perDay));
  return {
    maxShifts: input.shiftIds.map((id) => (r.maxShifts[id] === undefined ? days : scale(r.maxShifts[id]))),
    minMinutes: min,
    maxMinutes: contract.weeklyMinutes > 0 ? target : Math.floor((LEGAL_MAX_MINUTES_PER_WEEK * days) / 7),
    maxConsecutiveDays: r.maxConsecutiveDays,
    minConsecutiveDays: r.minConsecutiveDays,
    minConsecutiveDaysOff: r.minConsecutiveDaysOff,
    maxWeekends: r.maxWeekends === null ? null : scale(r.maxWeekends),
    daysOff: input.daysOff,
  };
}
