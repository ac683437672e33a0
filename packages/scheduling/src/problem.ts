import {
  type AvailabilityState,
  availabilityVerdict,
  effectiveAvailability,
  isReleased,
  itemSpan,
  type PlacedItem,
  placementProblem,
  type Span,
  weekStart,
  workedMinutes,
} from '@app/domain';
import type { AssignmentWarning, Candidate, HardRule, ItemTimesInput, MatchingInput, OpenItem, Weights } from './types';

/**
 * The matching problem in numbers: items and members by index, and every item-member pair that passes the
 * per-pair hard rules with its score. Both engines and the explanations work on it; the validator does not (it
 * re-reads the input).
 */
export interface Problem {
  input: MatchingInput;
  weights: Weights;
  items: ProblemItem[];
  members: ProblemMember[];
  pairs: Pair[];
  /** Member-day groups: the day limit left for a member on a date. */
  days: DayGroup[];
  /** Member-week groups: planned minutes, the contract maximum and target of a member in a week. */
  weeks: WeekGroup[];
}

export interface ProblemItem {
  index: number;
  input: OpenItem;
  /** Instants of the item, null without times. */
  span: Span | null;
  /** End of the item plus its rest hours: two timed items of one member conflict when these intervals meet. */
  restEnd: number;
  minutes: number;
  week: string;
  /** The location's release date when the item's day is released (the item is never assigned). */
  releasedUntil: string | null;
  /** Indices of its pairs. */
  pairs: number[];
  /** Members failing a per-pair rule, counted by the first rule they fail. */
  rejected: Partial<Record<HardRule, number>>;
}

export interface ProblemMember {
  index: number;
  input: Candidate;
  /** The rate the cost term uses: the member's own, else the mean known rate. */
  rateCents: number;
  pairs: number[];
}

export interface Pair {
  index: number;
  item: number;
  member: number;
  day: number;
  week: number;
  /** The pair's own terms of the objective: fill, wish, applied, availability penalties, cost. */
  score: number;
  availability: AvailabilityState['type'] | null;
  wish: boolean;
  withinLimited: boolean | null;
  applied: boolean;
  warnings: AssignmentWarning[];
  costCents: number | null;
}

export interface DayGroup {
  member: number;
  date: string;
  /** How many more items the member may take that date. */
  cap: number;
  pairs: number[];
}

export interface WeekGroup {
  member: number;
  week: string;
  plannedMinutes: number;
  /** Minutes the member may still take that week (Infinity without a contract maximum). */
  capMinutes: number;
  /** Minutes from the planned ones up to the contract hours (null: no contract hours, no fairness terms). */
  deficitMinutes: number | null;
  /** Whether minutes above the contract hours count as overtime (full and part contracts). */
  overtime: boolean;
  pairs: number[];
}

export function placedOf(id: string, times: ItemTimesInput, span: Span | null): PlacedItem {
  return { id, date: times.date, span, shiftId: times.shiftId, restHours: times.restHours };
}

export function spanOf(times: ItemTimesInput, timeZone: string): Span | null {
  if (times.fromMinutes === null || times.untilMinutes === null) return null;
  return itemSpan(times.date, times.fromMinutes, times.untilMinutes, timeZone);
}

export function minutesOf(span: Span | null, breakMinutes: number): number {
  return span ? Math.max(0, workedMinutes(span, breakMinutes)) : 0;
}

/** The minutes a member has planned in a week before the proposal. */
export function plannedMinutes(candidate: Candidate, week: string, timeZone: string, startsOn: 'monday' | 'sunday') {
  const given = candidate.plannedMinutesByWeek?.[week];
  if (given !== undefined) return given;
  let sum = 0;
  for (const e of candidate.existingItems) {
    if (weekStart(e.date, startsOn) === week) sum += minutesOf(spanOf(e, timeZone), e.breakMinutes);
  }
  return sum;
}

/** Whether two items (of one member) may not both be his: the rule they break, as the roster names it. */
export function conflictOf(a: ProblemItem, b: ProblemItem): HardRule | null {
  const ai = a.input;
  const bi = b.input;
  if (ai.date === bi.date) {
    if (!a.span || !b.span) return 'ERR_EXISTING_FULL';
    if (ai.shiftId && ai.shiftId === bi.shiftId) return 'ERR_EXISTING_SHIFT';
  }
  if (!a.span || !b.span) return null;
  if (a.span.start < b.span.end && b.span.start < a.span.end) return 'ERR_OVERLAP';
  // Rest: the later one starts within the rest after the earlier one; equal to the extended intervals meeting.
  if (a.span.start < b.restEnd && b.span.start < a.restEnd) return 'ERR_OVERLAP_REST';
  return null;
}

/** The value of the week terms for `minutes` assigned in a week group: toward the contract hours, less overtime. */
export function weekValue(group: WeekGroup, minutes: number, weights: Weights): number {
  if (group.deficitMinutes === null || minutes <= 0) return 0;
  const toward = Math.min(minutes, group.deficitMinutes);
  const over = group.overtime ? Math.max(0, minutes - group.deficitMinutes) : 0;
  return (weights.towardContract * toward - weights.overtime * over) / 60;
}

function reject(item: ProblemItem, rule: HardRule) {
  item.rejected[rule] = (item.rejected[rule] ?? 0) + 1;
}

export function buildProblem(input: MatchingInput, weights: Weights): Problem {
  const tz = input.timeZone;
  const startsOn = input.weekStartsOn ?? 'monday';
  const policy = input.policies;
  const released = new Map(input.locations.map((l) => [l.id, l.releasedUntil]));

  const items: ProblemItem[] = input.items.map((it, index) => {
    const span = spanOf(it, tz);
    const releasedUntil = released.get(it.locationId) ?? null;
    return {
      index,
      input: it,
      span,
      restEnd: span ? span.end + Math.max(0, it.restHours) * 3_600_000 : 0,
      minutes: minutesOf(span, it.breakMinutes),
      week: weekStart(it.date, startsOn),
      releasedUntil: isReleased(it.date, releasedUntil) ? releasedUntil : null,
      pairs: [],
      rejected: {},
    };
  });

  const known = input.candidates.map((c) => c.hourlyRateCents).filter((r): r is number => r !== null);
  const meanRate = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  const members: ProblemMember[] = input.candidates.map((c, index) => ({
    index,
    input: c,
    rateCents: c.hourlyRateCents ?? meanRate,
    pairs: [],
  }));

  const pairs: Pair[] = [];
  const days: DayGroup[] = [];
  const weeks: WeekGroup[] = [];

  for (const member of members) {
    const c = member.input;
    const locations = new Set(c.locationIds);
    const duties = new Set(c.dutyIds);
    const tags = new Set(c.tagIds);
    const entries = new Map(c.availability.map((a) => [a.date, a]));
    const existing = c.existingItems.map((e) => placedOf(e.id, e, spanOf(e, tz)));
    const existingPerDate = new Map<string, number>();
    for (const e of c.existingItems) existingPerDate.set(e.date, (existingPerDate.get(e.date) ?? 0) + 1);
    const dayIndex = new Map<string, number>();
    const weekIndex = new Map<string, number>();
    const contractTarget = c.contract?.hoursPerWeek ? c.contract.hoursPerWeek * 60 : null;
    const contractMax = c.contract?.maxHoursPerWeek != null ? c.contract.maxHoursPerWeek * 60 : null;

    const weekOf = (week: string) => {
      let w = weekIndex.get(week);
      if (w === undefined) {
        const planned = plannedMinutes(c, week, tz, startsOn);
        w = weeks.length;
        weeks.push({
          member: member.index,
          week,
          plannedMinutes: planned,
          capMinutes: contractMax === null ? Number.POSITIVE_INFINITY : contractMax - planned,
          deficitMinutes: contractTarget === null ? null : Math.max(0, contractTarget - planned),
          overtime: c.contract?.kind !== 'flex',
          pairs: [],
        });
        weekIndex.set(week, w);
      }
      return w;
    };

    for (const item of items) {
      const it = item.input;
      if (item.releasedUntil !== null) continue;
      if (!locations.has(it.locationId)) {
        reject(item, 'NOT_IN_PLANNING');
        continue;
      }
      if (it.dutyId && !duties.has(it.dutyId)) {
        reject(item, 'MISSING_DUTY');
        continue;
      }
      if (!it.tagIds.every((t) => tags.has(t))) {
        reject(item, 'MISSING_TAGS');
        continue;
      }
      const applied = it.applicantIds?.includes(c.id) ?? false;
      if (policy.employeesMustApply && !applied) {
        reject(item, 'NOT_APPLIED');
        continue;
      }
      const state = effectiveAvailability(entries.get(it.date) ?? null, c.availabilityDefaults, it.date);
      const verdict = availabilityVerdict(state, it, policy.unavailablePolicy);
      if (verdict === 'ERR_UNAVAILABLE_DENY') {
        reject(item, 'ERR_UNAVAILABLE_DENY');
        continue;
      }
      const problem = placementProblem(placedOf(it.id, it, item.span), existing, tz);
      if (problem) {
        reject(item, problem.code);
        continue;
      }
      if ((existingPerDate.get(it.date) ?? 0) >= policy.maxItemsPerDay) {
        reject(item, 'DAY_LIMIT');
        continue;
      }
      const w = weekOf(item.week);
      if (item.minutes > weeks[w].capMinutes) {
        reject(item, 'CONTRACT_MAX');
        continue;
      }
      let d = dayIndex.get(it.date);
      if (d === undefined) {
        d = days.length;
        days.push({
          member: member.index,
          date: it.date,
          cap: policy.maxItemsPerDay - (existingPerDate.get(it.date) ?? 0),
          pairs: [],
        });
        dayIndex.set(it.date, d);
      }

      const warnings: AssignmentWarning[] = [];
      if (verdict === 'ERR_UNAVAILABLE_WARN' || verdict === 'ERR_UNAVAILABLE_LIMITED') warnings.push(verdict);
      const allowedUnavailable =
        policy.unavailablePolicy === 'allow' && availabilityVerdict(state, it, 'deny') === 'ERR_UNAVAILABLE_DENY';
      if (allowedUnavailable) warnings.push('UNAVAILABLE_ALLOWED');
      const wish = state?.type === 'wish';
      const costCents = c.hourlyRateCents === null ? null : Math.round((c.hourlyRateCents * item.minutes) / 60);
      const score =
        weights.fill +
        (wish ? weights.wish : 0) +
        (applied ? weights.applied : 0) -
        (verdict === 'ERR_UNAVAILABLE_LIMITED' ? weights.limitedOutside : 0) -
        (verdict === 'ERR_UNAVAILABLE_WARN' ? weights.unavailableWarn : 0) -
        (allowedUnavailable ? weights.unavailableAllow : 0) -
        (weights.cost * member.rateCents * item.minutes) / 60 / 100;

      const pair: Pair = {
        index: pairs.length,
        item: item.index,
        member: member.index,
        day: d,
        week: w,
        score,
        availability: state?.type ?? null,
        wish,
        withinLimited: state?.type === 'limited' ? verdict !== 'ERR_UNAVAILABLE_LIMITED' : null,
        applied,
        warnings,
        costCents,
      };
      pairs.push(pair);
      item.pairs.push(pair.index);
      member.pairs.push(pair.index);
      days[d].pairs.push(pair.index);
      weeks[w].pairs.push(pair.index);
    }
  }
  return { input, weights, items, members, pairs, days, weeks };
}
