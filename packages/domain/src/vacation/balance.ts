import { toHalfDays, type VacationContract, yearEntitlement } from './days';

export type VacationCompensation = 'paid' | 'timeForTime' | 'unpaid';
export type VacationState = 'pending' | 'approved' | 'denied' | 'withdrawn' | 'removed';

/** One counted date of a request, with the request's state and compensation. */
export interface RequestDay {
  date: string;
  days: number;
  minutes: number;
  status: VacationState;
  compensation: VacationCompensation;
}

/** A manual credit (positive) or debit (negative) of vacation days for a year. */
export interface VacationAdjustment {
  year: number;
  days: number;
}

export interface VacationYear {
  year: number;
  entitlement: number;
  carryOver: number;
  /** Credits minus debits. */
  adjustments: number;
  /** Approved paid leave on dates up to today. */
  taken: number;
  /** Approved paid leave after today. */
  planned: number;
  /** Paid leave still waiting for a decision (not yet subtracted). */
  pending: number;
  /** entitlement + carryOver + adjustments - taken - planned */
  remaining: number;
}

const inYear = (date: string, year: number) => date.startsWith(`${year}-`);

/**
 * The vacation days of one year: the entitlement from the contracts (pro rata), what the year before left (its
 * own remaining, which may be negative; older years lapse), manual credits and debits, and the paid leave approved (taken up to today,
 * planned after) or pending on the year's dates. A request across New Year counts each date in its own year, so
 * nothing is counted twice. Time-for-time and unpaid leave cost no vacation days.
 */
export function vacationYear(input: {
  year: number;
  contracts: readonly VacationContract[];
  days: readonly RequestDay[];
  adjustments: readonly VacationAdjustment[];
  today: string;
  /** The year before's remaining; computed from the first contract year when left out. */
  carryOver?: number;
}): VacationYear {
  const carryOver = input.carryOver ?? carryOverInto(input);
  const entitlement = yearEntitlement(input.contracts, input.year);
  const adjustments = toHalfDays(
    input.adjustments.filter((a) => a.year === input.year).reduce((s, a) => s + a.days, 0),
  );
  let taken = 0;
  let planned = 0;
  let pending = 0;
  for (const d of input.days) {
    if (d.compensation !== 'paid' || !inYear(d.date, input.year)) continue;
    if (d.status === 'approved') {
      if (d.date <= input.today) taken += d.days;
      else planned += d.days;
    } else if (d.status === 'pending') pending += d.days;
  }
  return {
    year: input.year,
    entitlement,
    carryOver,
    adjustments,
    taken,
    planned,
    pending,
    remaining: entitlement + carryOver + adjustments - taken - planned,
  };
}

/**
 * What the year before leaves over: its own entitlement, credits and debits minus the paid leave used in it. Only
 * one year is carried (what was left two years ago has lapsed), and a year that used more than it had carries the
 * debt.
 */
function carryOverInto(input: Omit<Parameters<typeof vacationYear>[0], 'carryOver'>): number {
  const firstYear = Math.min(...input.contracts.map((c) => Number(c.startDate.slice(0, 4))));
  if (!(firstYear < input.year)) return 0;
  return vacationYear({ ...input, year: input.year - 1, carryOver: 0 }).remaining;
}

/**
 * The vacation days a year leaves once a request is granted: its remaining days less the paid leave still waiting
 * (`pending`) and this request's days when it is paid leave; a request being changed (`replacing`, its days as
 * counted before) is not waiting twice. Time-for-time and unpaid leave cost no days (docs/product/vacation.md).
 */
export function daysLeftAfter(
  year: Pick<VacationYear, 'remaining' | 'pending'>,
  request: { days: number; compensation: string },
  replacing?: { days: number; compensation: string; status: string },
): number {
  const waiting =
    year.pending - (replacing?.status === 'pending' && replacing.compensation === 'paid' ? replacing.days : 0);
  return year.remaining - waiting - (request.compensation === 'paid' ? request.days : 0);
}
