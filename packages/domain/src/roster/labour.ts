import { lineCost, type PremiumRule } from '../hours/cost';

/**
 * Hours against the contract and the labour cost of a roster period (docs/product/roster.md, "Hours, contract and
 * cost"). Pure, so the roster's load (which computes them) and its tests read one rule.
 */

export type ContractState = 'over' | 'under' | 'even';

export interface ContractBalance {
  /** The contract's minutes for the days shown: weekly minutes x days / 7, rounded to whole minutes. */
  contractMinutes: number;
  plannedMinutes: number;
  /** Planned less contract: positive over, negative under. */
  differenceMinutes: number;
  state: ContractState;
}

/**
 * A person's planned minutes in a period against their contract: the weekly contract minutes scaled to the period's
 * days. Over when planned exceeds it, under when it falls short, even when they meet to the minute.
 */
export function contractBalance(plannedMinutes: number, weeklyMinutes: number, days: number): ContractBalance {
  const contractMinutes = Math.round((weeklyMinutes * days) / 7);
  const differenceMinutes = plannedMinutes - contractMinutes;
  return {
    contractMinutes,
    plannedMinutes,
    differenceMinutes,
    state: differenceMinutes > 0 ? 'over' : differenceMinutes < 0 ? 'under' : 'even',
  };
}

/** A planned item as the cost sees it: times in minutes since midnight of its date. */
export interface CostedItem {
  date: string;
  /** The assigned member; null for an open item. */
  user: string | null;
  duty: string | null;
  from: number;
  until: number;
  breakMinutes: number;
  /** Worked minutes measured on instants (daylight-saving nights); defaults to the span less the break. */
  workedMinutes?: number;
  tagIds?: readonly string[];
}

/** The wage an item is paid at: gross cents an hour and the factor (hundredths) into the company's cost. */
export interface Wage {
  hourlyCents: number;
  factor: number;
}

export interface PlannedCost {
  /** Cents by date (the item's date carries its whole cost). */
  byDay: Record<string, number>;
  /** Cents by member. */
  byUser: Record<string, number>;
  totalCents: number;
  /** Items that have times but no wage (a fixed salary, no rate set, an open item without a duty rate). */
  unpriced: number;
}

export interface PlannedCostRules {
  /** The wage of an item: the duty's rate, else the member's hourly wage; null when none applies. */
  wageOf: (item: CostedItem) => Wage | null;
  holidays?: ReadonlySet<string>;
  premiums?: readonly PremiumRule[];
}

/**
 * The planned labour cost of items: each item with times costs what its line of hours would (`lineCost`: rate x
 * factor x worked hours plus premiums), summed per day, per member and for the period. Items without times have no
 * cost; items without a wage are counted as unpriced.
 */
export function plannedCost(items: readonly CostedItem[], rules: PlannedCostRules): PlannedCost {
  const out: PlannedCost = { byDay: {}, byUser: {}, totalCents: 0, unpriced: 0 };
  for (const item of items) {
    const wage = rules.wageOf(item);
    if (!wage) {
      out.unpriced += 1;
      continue;
    }
    const cents = lineCost({
      date: item.date,
      from: item.from,
      until: item.until,
      breakMinutes: item.breakMinutes,
      workedMinutes: item.workedMinutes,
      hourlyCents: wage.hourlyCents,
      factor: wage.factor,
      tagIds: item.tagIds,
      holidays: rules.holidays,
      premiums: rules.premiums,
    }).totalCents;
    out.byDay[item.date] = (out.byDay[item.date] ?? 0) + cents;
    if (item.user) out.byUser[item.user] = (out.byUser[item.user] ?? 0) + cents;
    out.totalCents += cents;
  }
  return out;
}

export interface BudgetUse {
  /** Cost as a share of the budget, in percent (rounded down); 0 for a budget of 0 with no cost. */
  percent: number;
  over: boolean;
  /** Budget less cost: negative when over. */
  leftCents: number;
}

/** The period's cost against the planning's budget. */
export function budgetUse(costCents: number, budgetCents: number): BudgetUse {
  const percent = budgetCents > 0 ? Math.floor((costCents * 100) / budgetCents) : costCents > 0 ? 100 : 0;
  return { percent, over: costCents > budgetCents, leftCents: budgetCents - costCents };
}
