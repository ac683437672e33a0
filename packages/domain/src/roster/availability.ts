import {
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_TYPES,
  type AvailabilityType,
  MINUTES_PER_DAY,
  type Role,
  type UnavailablePolicy,
  VACATION_STATUSES,
  type VacationStatus,
} from '@app/contracts';
import { effectiveRights, effectiveRoles } from '../access';
import { now as clockNow } from '../clock';
import { todayIn, weekdayOf } from './period';
import { addDays } from './time';

/** Availability of one member on one date, as the rules read it: times are local minutes since midnight. */
export interface AvailabilityState {
  date: string;
  type: AvailabilityType;
  startMinutes: number | null;
  endMinutes: number | null;
  status: VacationStatus | null;
}

/** A weekday default of a member: 0 = Monday ... 6 = Sunday. */
export interface AvailabilityDefaultRule {
  weekday: number;
  type: AvailabilityType;
  startMinutes: number | null;
  endMinutes: number | null;
}

/** Availability as stored: type and status are plain text. */
export interface StoredAvailability {
  date: string;
  type: string;
  startMinutes: number | null;
  endMinutes: number | null;
  status?: string | null;
}

const isType = (v: string): v is AvailabilityType => (AVAILABILITY_TYPES as readonly string[]).includes(v);
const isStatus = (v: string | null | undefined): v is VacationStatus =>
  v != null && (VACATION_STATUSES as readonly string[]).includes(v);

/** A stored entry as the rules read it; an unknown type reads as no availability. */
export function availabilityStateOf(row: StoredAvailability | null | undefined): AvailabilityState | null {
  if (!row || !isType(row.type)) return null;
  return {
    date: row.date,
    type: row.type,
    startMinutes: row.startMinutes,
    endMinutes: row.endMinutes,
    status: isStatus(row.status) ? row.status : null,
  };
}

/** Stored weekday defaults as the rules read them; rows of an unknown type are left out. */
export function availabilityDefaultRulesOf(
  rows: readonly (Omit<StoredAvailability, 'date' | 'status'> & { weekday: number })[],
): AvailabilityDefaultRule[] {
  return rows.flatMap((r) =>
    isType(r.type)
      ? [{ weekday: r.weekday, type: r.type, startMinutes: r.startMinutes, endMinutes: r.endMinutes }]
      : [],
  );
}

/** The input of one entry: what the form (or a multi-day save) sends, times already in minutes. */
export interface AvailabilityInput {
  type: AvailabilityType;
  startMinutes?: number | null;
  endMinutes?: number | null;
  status?: VacationStatus | null;
}

/** Failures of the availability rules of docs/product/availability.md; each is a catalog key under `availability.`. */
export type AvailabilityProblem =
  /** Limited needs its window: both start and end. */
  | 'timesRequired'
  /** A window (available, part-day vacation) needs both start and end or neither. */
  | 'timesBoth'
  /** Unavailable and wish take no constraints: constraints only when available. */
  | 'timesNotAllowed'
  /** Start and end must differ. */
  | 'timesEqual'
  /** Not a minute of the day. */
  | 'timeInvalid'
  /** Vacation needs its status. */
  | 'statusRequired'
  /** Only vacation has a status. */
  | 'statusNotAllowed'
  /** The same date twice in one save. */
  | 'datesDuplicate'
  /** No dates, or more than one call may hold. */
  | 'datesCount'
  /** A date before the weeks-ahead deadline. */
  | 'deadline';

export type AvailabilityField = 'start' | 'end' | 'status' | 'dates';
export type AvailabilityProblems = Partial<Record<AvailabilityField, AvailabilityProblem[]>>;

const TIMED: Record<AvailabilityType, 'required' | 'optional' | 'none'> = {
  limited: 'required',
  available: 'optional',
  vacation: 'optional',
  unavailable: 'none',
  wish: 'none',
};

/**
 * Whether a type takes times: limited needs its window, available and vacation (a part day) may have one, unavailable
 * and wish have none. Forms show the time fields by this, so they offer what `availabilityProblems` accepts.
 */
export const availabilityTimes = (type: AvailabilityType): 'required' | 'optional' | 'none' => TIMED[type];

const has = (v: number | null | undefined): v is number => v !== null && v !== undefined;
const isMinuteOfDay = (v: number) => Number.isInteger(v) && v >= 0 && v < MINUTES_PER_DAY;

function add(out: AvailabilityProblems, field: AvailabilityField, problem: AvailabilityProblem) {
  out[field] = [...(out[field] ?? []), problem];
}

/**
 * Every rule one entry breaks, per field; empty when it is acceptable. Constraints only when available: limited
 * (available within a window) needs both start and end; available may have both; vacation may have both (a
 * part-day vacation, both or neither); unavailable and wish have none. Start and end differ (an end before the
 * start runs past midnight). Vacation needs a status; nothing else has one.
 */
export function availabilityProblems(input: AvailabilityInput): AvailabilityProblems {
  const out: AvailabilityProblems = {};
  const start = input.startMinutes;
  const end = input.endMinutes;
  if (has(start) && !isMinuteOfDay(start)) add(out, 'start', 'timeInvalid');
  if (has(end) && !isMinuteOfDay(end)) add(out, 'end', 'timeInvalid');
  const timed = TIMED[input.type];
  if (timed === 'none') {
    if (has(start)) add(out, 'start', 'timesNotAllowed');
    if (has(end)) add(out, 'end', 'timesNotAllowed');
  } else if (timed === 'required') {
    if (!has(start)) add(out, 'start', 'timesRequired');
    if (!has(end)) add(out, 'end', 'timesRequired');
  } else if (has(start) !== has(end)) {
    add(out, has(start) ? 'end' : 'start', 'timesBoth');
  }
  if (timed !== 'none' && has(start) && has(end) && start === end) add(out, 'end', 'timesEqual');
  if (input.type === 'vacation') {
    if (!input.status) add(out, 'status', 'statusRequired');
  } else if (input.status) {
    add(out, 'status', 'statusNotAllowed');
  }
  return out;
}

/**
 * The rules of a multi-day save: at least one date and at most AVAILABILITY_MAX_DAYS, each once, and one entry
 * valid for all of them (the constraints are equal across the selected days by construction).
 */
export function availabilitySaveProblems(
  input: AvailabilityInput & { dates: readonly string[] },
): AvailabilityProblems {
  const out = availabilityProblems(input);
  if (input.dates.length === 0 || input.dates.length > AVAILABILITY_MAX_DAYS) add(out, 'dates', 'datesCount');
  if (new Set(input.dates).size !== input.dates.length) add(out, 'dates', 'datesDuplicate');
  return out;
}

export const hasProblems = (problems: AvailabilityProblems) => Object.keys(problems).length > 0;

type Constraints = Pick<AvailabilityState, 'startMinutes' | 'endMinutes'>;

/** Whether the selected days share the same constraints (start and end), so one form can edit them together. */
export function constraintsEqual(entries: readonly Constraints[]): boolean {
  return entries.every((e) => e.startMinutes === entries[0].startMinutes && e.endMinutes === entries[0].endMinutes);
}

/**
 * The constraints a multi-day form shows for the selected days: theirs when equal across all of them, else none
 * (the form then starts empty, and the save writes the same constraints to every day).
 */
export function sharedConstraints(entries: readonly Constraints[]): Constraints {
  if (entries.length > 0 && constraintsEqual(entries)) {
    return { startMinutes: entries[0].startMinutes, endMinutes: entries[0].endMinutes };
  }
  return { startMinutes: null, endMinutes: null };
}

/**
 * The first date a member bound by the weeks-ahead rule may still change: today in the account's time zone plus
 * N weeks. With N = 0 that is today (the past is closed).
 */
export function availabilityDeadline(weeksAhead: number, timeZone: string, now: Date = clockNow()): string {
  return addDays(todayIn(timeZone, now), 7 * Math.max(0, Math.trunc(weeksAhead)));
}

/** The dates a member bound by the rule may no longer change: those before the deadline, in order. */
export function datesBeforeDeadline(dates: readonly string[], deadline: string): string[] {
  return dates.filter((d) => d < deadline).sort();
}

/** Weekday of an ISO date, 0 = Monday ... 6 = Sunday (the numbering of the weekday defaults). */
export const availabilityWeekday = weekdayOf;

/**
 * The availability that holds on a date: the member's entry for that date, else the default of its weekday, else
 * none.
 */
export function effectiveAvailability(
  entry: AvailabilityState | null,
  defaults: readonly AvailabilityDefaultRule[],
  date: string,
): AvailabilityState | null {
  if (entry && entry.date === date) return entry;
  const weekday = availabilityWeekday(date);
  const rule = defaults.find((d) => d.weekday === weekday);
  if (!rule) return null;
  return { date, type: rule.type, startMinutes: rule.startMinutes, endMinutes: rule.endMinutes, status: null };
}

export type AvailabilityVerdict = 'ERR_UNAVAILABLE_DENY' | 'ERR_UNAVAILABLE_WARN' | 'ERR_UNAVAILABLE_LIMITED';

/** Times of a roster item on its date; without times the item stands for the whole day. */
export interface AvailabilityItem {
  date: string;
  fromMinutes: number | null;
  untilMinutes: number | null;
}

/** A span on the minute line of one date: an end not after the start runs past midnight. */
function minuteSpan(from: number, until: number): [number, number] {
  return [from, until > from ? until : until + MINUTES_PER_DAY];
}

function timed(
  item: AvailabilityItem | null,
): item is AvailabilityItem & { fromMinutes: number; untilMinutes: number } {
  return item !== null && has(item.fromMinutes) && has(item.untilMinutes) && item.fromMinutes !== item.untilMinutes;
}

/**
 * What the roster's availability rule says about planning a member (whose effective availability on the item's
 * date is `entry`) for `item`, under the account's policy for unavailable staff:
 * - unavailable, or vacation requested or approved: ERR_UNAVAILABLE_DENY under `deny`, ERR_UNAVAILABLE_WARN
 *   (confirmable) under `warn`, nothing under `allow`. A part-day vacation (with a window) only counts for items
 *   that overlap its window; an item without times (or no item: the whole day) always does.
 * - limited: ERR_UNAVAILABLE_LIMITED (confirmable) unless the item lies inside the window; an item without times
 *   (or no item) is never inside it.
 * - available, wish, a denied vacation or no availability at all: nothing.
 */
export function availabilityVerdict(
  entry: AvailabilityState | null,
  item: AvailabilityItem | null,
  policy: UnavailablePolicy,
): AvailabilityVerdict | null {
  if (!entry) return null;
  const window =
    has(entry.startMinutes) && has(entry.endMinutes) && entry.startMinutes !== entry.endMinutes
      ? minuteSpan(entry.startMinutes, entry.endMinutes)
      : null;
  const span = timed(item) ? minuteSpan(item.fromMinutes, item.untilMinutes) : null;
  switch (entry.type) {
    case 'available':
    case 'wish':
      return null;
    case 'limited':
      if (window && span && window[0] <= span[0] && span[1] <= window[1]) return null;
      return 'ERR_UNAVAILABLE_LIMITED';
    case 'vacation':
      if (entry.status === 'denied') return null;
      if (window && span && !(span[0] < window[1] && window[0] < span[1])) return null;
      return blocked(policy);
    case 'unavailable':
      return blocked(policy);
  }
}

function blocked(policy: UnavailablePolicy): AvailabilityVerdict | null {
  if (policy === 'deny') return 'ERR_UNAVAILABLE_DENY';
  if (policy === 'warn') return 'ERR_UNAVAILABLE_WARN';
  return null;
}

/** Who edits: their membership, roles, rights and the membership availability flag. */
export interface AvailabilityEditor {
  membershipId: string;
  roles: readonly Role[];
  rights: readonly string[];
  /** The editor's own availability flag (this member enters availability). */
  availabilityFlag: boolean;
  managerLimited?: boolean;
}

/**
 * How far someone may change a member's availability:
 * - `planner`: anything, any date, any vacation status. Owners and managers always; planners for others only when
 *   the account lets planners change others' availability (and for themselves then too).
 * - `own`: a member for themself, with the right to edit their own availability and the availability flag. Bound
 *   by the weeks-ahead deadline; their vacation is only ever `requested`, and a vacation already approved or
 *   denied is no longer theirs to change.
 * - null: not at all.
 */
export type AvailabilityEditLevel = 'planner' | 'own' | null;

export function availabilityEditLevel(
  editor: AvailabilityEditor,
  targetMembershipId: string,
  settings: { plannersMayChangeAvailability: boolean },
): AvailabilityEditLevel {
  const roles = effectiveRoles(editor.roles);
  if (roles.has('manager')) return 'planner';
  if (roles.has('planner') && settings.plannersMayChangeAvailability) return 'planner';
  if (editor.membershipId !== targetMembershipId) return null;
  const rights = effectiveRights(editor.roles, editor.rights, editor.managerLimited);
  return rights.has('availability.edit') && editor.availabilityFlag ? 'own' : null;
}

/** Who reads a member's availability: planners (managers, owners) everyone's; every member their own. */
export function mayReadAvailability(
  reader: { membershipId: string; roles: readonly Role[] },
  targetMembershipId: string,
) {
  return reader.membershipId === targetMembershipId || effectiveRoles(reader.roles).has('planner');
}

/** Whether an `own` editor may set a vacation status: only `requested` (or none). */
export function mayUseVacationStatus(level: AvailabilityEditLevel, status: VacationStatus | null | undefined) {
  if (level === 'planner') return true;
  return level === 'own' && (status === null || status === undefined || status === 'requested');
}

/** Whether an editor may overwrite or remove an existing entry: a decided vacation is for planners only. */
export function mayReplaceEntry(
  level: AvailabilityEditLevel,
  existing: Pick<AvailabilityState, 'type' | 'status'> | null,
): boolean {
  if (level === 'planner') return true;
  if (level !== 'own') return false;
  return !(
    existing &&
    existing.type === 'vacation' &&
    (existing.status === 'approved' || existing.status === 'denied')
  );
}

/** How far an editor may change one member's availability, and the first date an `own` editor may still change. */
export interface AvailabilityEditScope {
  level: AvailabilityEditLevel;
  /** The weeks-ahead deadline for `own` editors; null for planners (any date) and for those who may not edit. */
  deadline: string | null;
}

export function availabilityEditScope(
  editor: AvailabilityEditor,
  targetMembershipId: string,
  settings: { plannersMayChangeAvailability: boolean; availabilityWeeksAhead: number; timeZone: string },
  now: Date = clockNow(),
): AvailabilityEditScope {
  const level = availabilityEditLevel(editor, targetMembershipId, settings);
  return {
    level,
    deadline: level === 'own' ? availabilityDeadline(settings.availabilityWeeksAhead, settings.timeZone, now) : null,
  };
}

/**
 * Why changing (or removing) a member's availability on a date is refused: `forbidden` (not theirs to edit at all),
 * `deadline` (an own editor before the weeks-ahead deadline) or `decided` (a vacation already approved or denied, for
 * planners only); null when it may change. `entry` is the dated entry there (a weekday default is none).
 */
export function availabilityDayRefusal(
  scope: AvailabilityEditScope,
  date: string,
  entry: Pick<AvailabilityState, 'type' | 'status'> | null,
): 'forbidden' | 'deadline' | 'decided' | null {
  if (!scope.level) return 'forbidden';
  if (scope.deadline !== null && date < scope.deadline) return 'deadline';
  if (!mayReplaceEntry(scope.level, entry)) return 'decided';
  return null;
}

/** What an editor may do on one member's date: change it (save over it), and remove its dated entry. */
export interface AvailabilityDayAbilities {
  change: boolean;
  remove: boolean;
}

export function availabilityAbilitiesOf(
  scope: AvailabilityEditScope,
  date: string,
  entry: Pick<AvailabilityState, 'type' | 'status'> | null,
): AvailabilityDayAbilities {
  const change = availabilityDayRefusal(scope, date, entry) === null;
  return { change, remove: change && entry !== null };
}
