import type { UnavailablePolicy } from '@app/contracts';
import type { AvailabilityDefaultRule, AvailabilityState } from '@app/domain';

/**
 * Input of the matching wizard: the open items of a period, the people who might take them and the account's
 * policies. Pure data, no database: the server gathers it (see README.md, "Input").
 */
export interface MatchingInput {
  /** The account's time zone: item times are local and all overlap, rest and hours arithmetic runs on instants. */
  timeZone: string;
  /** First day of the week for the weekly contract hours (the account's setting). */
  weekStartsOn?: 'monday' | 'sunday';
  policies: MatchingPolicies;
  /** Release state of the plannings (locations) the items belong to. */
  locations: MatchingLocation[];
  /** The open items to fill. */
  items: OpenItem[];
  candidates: Candidate[];
}

export interface MatchingPolicies {
  /** The account's policy for unavailable staff: deny is a hard rule, warn a penalty, allow a small penalty. */
  unavailablePolicy: UnavailablePolicy;
  /** When employees must apply for open duties, only an item's applicants may be assigned to it. */
  employeesMustApply: boolean;
  /** How many items one member may have on one date (the account's setting, 1 by default). */
  maxItemsPerDay: number;
}

export interface MatchingLocation {
  id: string;
  /** Days on or before this date are released (published) and are never touched by the wizard. */
  releasedUntil: string | null;
}

/** Times of an item: local minutes since midnight; an end not after the start runs overnight. */
export interface ItemTimesInput {
  date: string;
  /** Minutes since midnight, or null (with `untilMinutes` null) for an item without times. */
  fromMinutes: number | null;
  untilMinutes: number | null;
  breakMinutes: number;
  shiftId: string | null;
  /** Rest hours the item's duty asks for after it. */
  restHours: number;
}

export interface OpenItem extends ItemTimesInput {
  id: string;
  locationId: string;
  dutyId: string | null;
  tagIds: string[];
  /** Members who applied for this item (sign-in requests); required to be non-empty when employees must apply. */
  applicantIds?: string[];
}

/** An item a candidate already has (anywhere, any location): it blocks overlap, rest and the day limit. */
export interface ExistingItem extends ItemTimesInput {
  id: string;
}

export type ContractKind = 'full' | 'part' | 'flex';

export interface CandidateContract {
  kind: ContractKind;
  /** Contract hours per week (the target the fairness objective keeps people near); null or 0: no target. */
  hoursPerWeek: number | null;
  /** Hard maximum of planned hours per week; null: none. */
  maxHoursPerWeek: number | null;
}

export interface Candidate {
  /** The membership id. */
  id: string;
  /** Duties the member holds. */
  dutyIds: string[];
  /** Tags the member holds. */
  tagIds: string[];
  /** Plannings (locations) the member belongs to. */
  locationIds: string[];
  /** Availability entries by date (the days of the period and around it) and the weekday defaults. */
  availability: AvailabilityState[];
  availabilityDefaults: AvailabilityDefaultRule[];
  contract: CandidateContract | null;
  /** Items the member already has around the period (at least the period and two days either side). */
  existingItems: ExistingItem[];
  /**
   * Minutes already planned per week, keyed by the week's first day. A week not listed counts the worked minutes of
   * `existingItems` in it.
   */
  plannedMinutesByWeek?: Record<string, number>;
  /** Hourly rate in cents, when known. */
  hourlyRateCents: number | null;
}

/**
 * Weights of the objective (maximised). Each filled item earns `fill`; the other terms move the choice of person.
 * See README.md, "Objective", for the reasoning behind the defaults.
 */
export interface Weights {
  /** Per filled item. Dominates every other term of one item, so filling more items comes first. */
  fill: number;
  /** Per assignment on a day the member marked as a wish. */
  wish: number;
  /** Per assignment of a member who applied for the item. */
  applied: number;
  /** Per assignment outside a member's limited-availability window (ERR_UNAVAILABLE_LIMITED, to be confirmed). */
  limitedOutside: number;
  /** Per assignment of an unavailable member under the policy warn (ERR_UNAVAILABLE_WARN, to be confirmed). */
  unavailableWarn: number;
  /** Per assignment of an unavailable member under the policy allow: allowed, still less good than someone free. */
  unavailableAllow: number;
  /** Per hour planned up to the member's weekly contract hours (fairness: fill those below their hours first). */
  towardContract: number;
  /** Per hour planned above the member's weekly contract hours. */
  overtime: number;
  /** Per currency unit of wage (hourly rate x hours); an unknown rate counts as the mean known rate. */
  cost: number;
}

export type Engine = 'exact' | 'fast';

export interface SolveOptions {
  /** exact (HiGHS), fast (greedy + local search) or auto (default): see README.md, "Engines". */
  engine?: Engine | 'auto';
  /** Time limit of the exact engine, in ms (default 10,000). */
  timeLimitMs?: number;
  /** Relative MIP gap at which the exact engine stops (default 1e-4). */
  mipRelGap?: number;
  /**
   * Time cap of the fast engine, in ms (default 500; it stops earlier when ruin and recreate stalls). Under exact and
   * auto the fast engine only provides the start, with at most a tenth of `timeLimitMs`.
   */
  fastTimeLimitMs?: number;
  /** Auto: above this many candidate pairs (variables) the exact engine is skipped (default 60,000). */
  maxExactPairs?: number;
  weights?: Partial<Weights>;
}

/**
 * The hard rules, as codes. Those of the roster's own rules keep the roster's error codes; the validator answers
 * them too.
 */
export type HardRule =
  | 'RELEASED'
  | 'NOT_IN_PLANNING'
  | 'MISSING_DUTY'
  | 'MISSING_TAGS'
  | 'NOT_APPLIED'
  | 'ERR_UNAVAILABLE_DENY'
  | 'ERR_EXISTING_FULL'
  | 'ERR_EXISTING_SHIFT'
  | 'ERR_OVERLAP'
  | 'ERR_OVERLAP_REST'
  | 'DAY_LIMIT'
  | 'CONTRACT_MAX';

/** The rules by which other assignments of a proposal can block a member for an item. */
export type Blocker = Extract<
  HardRule,
  'ERR_OVERLAP' | 'ERR_OVERLAP_REST' | 'ERR_EXISTING_FULL' | 'ERR_EXISTING_SHIFT' | 'DAY_LIMIT' | 'CONTRACT_MAX'
>;

/** Soft findings an assignment carries: the server confirms them (`confirmed=true`) when it applies the proposal. */
export type AssignmentWarning = 'ERR_UNAVAILABLE_WARN' | 'ERR_UNAVAILABLE_LIMITED' | 'UNAVAILABLE_ALLOWED' | 'OVERTIME';

/** Why a member was chosen, as codes and numbers for the web to word. */
export interface Explanation {
  /** Contribution of this assignment to the objective (its own terms plus its share of the week's hours terms). */
  score: number;
  /** The member holds the item's duty (null: the item has no duty). */
  holdsDuty: boolean | null;
  /** How many tags of the item the member holds (all of them). */
  tagsMatched: number;
  applied: boolean;
  /** The member's effective availability type that day (null: nothing entered). */
  availability: AvailabilityState['type'] | null;
  wish: boolean;
  /** Limited availability: whether the item lies inside the window; null when the day is not limited. */
  withinLimited: boolean | null;
  warnings: AssignmentWarning[];
  /** Worked minutes of the item. */
  minutes: number;
  /** First day of the week the hours are counted in. */
  week: string;
  /** Hours planned that week before this proposal. */
  hoursBefore: number;
  /** Hours planned that week with every assignment of this proposal. */
  hoursAfter: number;
  contractHours: number | null;
  maxHours: number | null;
  /** Hours above the contract hours that week after the proposal (0 without contract hours). */
  overtimeHours: number;
  /** Wage of this item in cents, when the rate is known. */
  costCents: number | null;
  /** Other members who pass every hard rule for this item. */
  alternatives: number;
}

export interface Assignment {
  itemId: string;
  memberId: string;
  explanation: Explanation;
}

export type OpenReason =
  | { itemId: string; reason: 'released'; releasedUntil: string }
  /** Nobody passes the hard rules: how many members fail first on each rule. */
  | { itemId: string; reason: 'no_candidate'; rejected: Partial<Record<HardRule, number>> }
  /**
   * Members pass the hard rules, but each is taken by other assignments of this proposal: how many are blocked by
   * each rule (the first that blocks them).
   */
  | {
      itemId: string;
      reason: 'capacity';
      eligible: number;
      blocked: Partial<Record<Blocker, number>>;
    }
  /** Someone could take it, but the penalties (unavailability, overtime, cost) outweigh filling it. */
  | { itemId: string; reason: 'outweighed'; eligible: number; free: number; bestGain: number };

export interface Violation {
  itemId: string;
  memberId: string;
  rule: HardRule | 'UNKNOWN_ITEM' | 'UNKNOWN_MEMBER' | 'ASSIGNED_TWICE';
  /** The other item involved (overlap, rest, same shift, day limit), when there is one. */
  withItemId?: string;
}

export interface SolveStats {
  items: number;
  candidates: number;
  /** Item-member pairs that pass the per-pair hard rules (the MIP's binary variables). */
  pairs: number;
  /** MIP size, when the exact engine ran. */
  rows?: number;
  columns?: number;
  /** Wall time of the whole solve, in ms. */
  timeMs: number;
  /** Time of the fast engine and of the exact engine, in ms. */
  fastMs?: number;
  exactMs?: number;
}

export interface MatchingResult {
  /** The engine whose proposal is returned. */
  engine: Engine;
  /**
   * optimal: proven optimal (within mipRelGap); feasible: the exact engine stopped at its time limit;
   * heuristic: the fast engine's local optimum.
   */
  status: 'optimal' | 'feasible' | 'heuristic';
  assignments: Assignment[];
  open: OpenReason[];
  /** Objective value of the proposal (the weighted sum of README.md, "Objective"). */
  objective: number;
  /** Best proven upper bound of the objective (exact engine), else null. */
  bound: number | null;
  /** (bound - objective) / |bound|, when a bound is known. */
  gap: number | null;
  /** Hard-rule violations the validator found and removed before returning (always empty unless an engine erred). */
  removed: Violation[];
  stats: SolveStats;
}
