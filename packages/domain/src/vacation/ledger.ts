import { weekStart } from '../roster/period';
import { addDays } from '../roster/time';
import { contractOn, type VacationContract } from './days';

/**
 * The time-for-time ledger of one member (docs/product/vacation.md, "Time for time"): overtime per week (hours worked
 * minus contract hours), time-for-time taken as vacation, and manual corrections with a reason. Minutes, signed: a
 * credit adds, time off subtracts.
 */
export type LedgerKind = 'overtime' | 'vacation' | 'correction';

export interface LedgerEntry {
  date: string;
  kind: LedgerKind;
  minutes: number;
  /** The correction's reason, the vacation request's id, the week of overtime. */
  ref: string | null;
  /** A correction's own id. */
  id?: string;
}

export interface LedgerLine extends LedgerEntry {
  /** The balance after this entry. */
  balance: number;
}

/** Hours worked in a week (its Monday), as the hours module will hand them over. */
export interface WorkedWeek {
  week: string;
  workedMinutes: number;
}

/**
 * The contract minutes of one week: each day a contract runs carries a seventh of its weekly minutes, so a
 * contract starting or ending mid-week counts only its own days.
 */
export function contractMinutesOfWeek(contracts: readonly VacationContract[], monday: string): number {
  let sevenths = 0;
  for (let i = 0; i < 7; i++) {
    const c = contractOn(contracts, addDays(monday, i));
    if (c) sevenths += c.weeklyMinutes;
  }
  return Math.round(sevenths / 7);
}

/**
 * One overtime entry per week worked: the hours worked minus the contract hours of that week, dated on the week's
 * Monday. A week across a month's or a year's end is one entry, on one date, so it is counted once. Weeks named
 * twice are summed first.
 */
export function overtimeEntries(weeks: readonly WorkedWeek[], contracts: readonly VacationContract[]): LedgerEntry[] {
  const worked = new Map<string, number>();
  for (const w of weeks) {
    const monday = weekStart(w.week);
    worked.set(monday, (worked.get(monday) ?? 0) + w.workedMinutes);
  }
  return [...worked.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, minutes]) => ({
      date: week,
      kind: 'overtime' as const,
      minutes: minutes - contractMinutesOfWeek(contracts, week),
      ref: week,
    }));
}

const ORDER: Record<LedgerKind, number> = { overtime: 0, vacation: 1, correction: 2 };

/** The entries in date order with the running balance; the total is the sum of the entries. */
export function ledgerOf(entries: readonly LedgerEntry[]): { lines: LedgerLine[]; total: number } {
  const sorted = [...entries].sort(
    (a, b) => a.date.localeCompare(b.date) || ORDER[a.kind] - ORDER[b.kind] || (a.ref ?? '').localeCompare(b.ref ?? ''),
  );
  let balance = 0;
  const lines = sorted.map((e) => {
    balance += e.minutes;
    return { ...e, balance };
  });
  return { lines, total: balance };
}

/** The sum of the entries dated from `from` to `until` (inclusive): a month, a year. */
export function ledgerTotalBetween(entries: readonly LedgerEntry[], from: string, until: string): number {
  return entries.filter((e) => e.date >= from && e.date <= until).reduce((s, e) => s + e.minutes, 0);
}
