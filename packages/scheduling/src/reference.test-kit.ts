/**
 * A second, deliberately simple reading of the hard rules and the objective, for the tests only: written from the
 * issue's wording with plain loops, sharing no code with the engines or the validator (only the roster's time and
 * availability primitives). The property tests hold every proposal against it and the brute force uses it to find
 * the true optimum of tiny instances.
 */
import { effectiveAvailability, itemSpan, weekStart } from '@app/domain';
import type { Candidate, ItemTimesInput, MatchingInput, OpenItem, Weights } from './types';

interface Timed {
  id: string;
  date: string;
  start: number | null;
  end: number | null;
  rest: number;
  shiftId: string | null;
  minutes: number;
}

function timed(t: ItemTimesInput & { id: string }, timeZone: string): Timed {
  if (t.fromMinutes === null || t.untilMinutes === null) {
    return { id: t.id, date: t.date, start: null, end: null, rest: t.restHours, shiftId: t.shiftId, minutes: 0 };
  }
  const s = itemSpan(t.date, t.fromMinutes, t.untilMinutes, timeZone);
  return {
    id: t.id,
    date: t.date,
    start: s.start,
    end: s.end,
    rest: t.restHours,
    shiftId: t.shiftId,
    minutes: Math.round((s.end - s.start) / 60_000) - t.breakMinutes,
  };
}

/** What is wrong with giving `member` the open item (alone, against the items they already have). */
export function simplePairProblems(input: MatchingInput, item: OpenItem, member: Candidate): string[] {
  const out: string[] = [];
  const loc = input.locations.find((l) => l.id === item.locationId);
  if (loc?.releasedUntil && item.date <= loc.releasedUntil) out.push('released');
  if (!member.locationIds.includes(item.locationId)) out.push('planning');
  if (item.dutyId && !member.dutyIds.includes(item.dutyId)) out.push('duty');
  for (const t of item.tagIds) if (!member.tagIds.includes(t)) out.push('tag');
  if (input.policies.employeesMustApply && !(item.applicantIds ?? []).includes(member.id)) out.push('apply');
  if (input.policies.unavailablePolicy === 'deny' && unavailable(member, item)) out.push('unavailable');
  return out;
}

/** Unavailable, or on a requested or approved vacation that covers the item. */
function unavailable(member: Candidate, item: OpenItem): boolean {
  const a = effectiveAvailability(
    member.availability.find((e) => e.date === item.date) ?? null,
    member.availabilityDefaults,
    item.date,
  );
  if (!a) return false;
  if (a.type === 'unavailable') return true;
  if (a.type !== 'vacation' || a.status === 'denied') return false;
  if (a.startMinutes === null || a.endMinutes === null || item.fromMinutes === null || item.untilMinutes === null) {
    return true;
  }
  const [ws, we] = [a.startMinutes, a.endMinutes > a.startMinutes ? a.endMinutes : a.endMinutes + 1440];
  const [is, ie] = [
    item.fromMinutes,
    item.untilMinutes > item.fromMinutes ? item.untilMinutes : item.untilMinutes + 1440,
  ];
  return is < we && ws < ie;
}

/** Problems among everything one member would have: existing items plus the proposed ones. */
export function simpleMemberProblems(input: MatchingInput, member: Candidate, proposed: readonly OpenItem[]): string[] {
  const tz = input.timeZone;
  const out: string[] = [];
  const all = [...member.existingItems, ...proposed].map((t) => timed(t, tz));
  const isProposed = new Set(proposed.map((p) => p.id));
  for (let a = 0; a < all.length; a++) {
    for (let b = a + 1; b < all.length; b++) {
      const x = all[a];
      const y = all[b];
      if (!isProposed.has(x.id) && !isProposed.has(y.id)) continue;
      if (x.date === y.date && (x.start === null || y.start === null)) out.push(`whole-day ${x.id} ${y.id}`);
      if (x.date === y.date && x.shiftId !== null && x.shiftId === y.shiftId) out.push(`shift ${x.id} ${y.id}`);
      if (x.start === null || y.start === null || x.end === null || y.end === null) continue;
      if (x.start < y.end && y.start < x.end) out.push(`overlap ${x.id} ${y.id}`);
      const [first, second] = x.start <= y.start ? [x, y] : [y, x];
      if (second.start! >= first.end! && second.start! - first.end! < first.rest * 3_600_000) {
        out.push(`rest ${first.id} ${second.id}`);
      }
    }
  }
  const perDay = new Map<string, number>();
  for (const t of all) perDay.set(t.date, (perDay.get(t.date) ?? 0) + 1);
  for (const p of proposed) {
    if (perDay.get(p.date)! > input.policies.maxItemsPerDay) out.push(`day ${p.date}`);
  }
  if (member.contract?.maxHoursPerWeek != null) {
    for (const week of new Set(proposed.map((p) => weekStart(p.date, input.weekStartsOn ?? 'monday')))) {
      const inWeek = (d: string) => weekStart(d, input.weekStartsOn ?? 'monday') === week;
      const planned =
        member.plannedMinutesByWeek?.[week] ??
        member.existingItems.filter((e) => inWeek(e.date)).reduce((s, e) => s + timed(e, tz).minutes, 0);
      const added = proposed.filter((p) => inWeek(p.date)).reduce((s, p) => s + timed(p, tz).minutes, 0);
      if (planned + added > member.contract.maxHoursPerWeek * 60) out.push(`contract ${week}`);
    }
  }
  return out;
}

/** Every hard-rule problem of a proposal, by the simple reading. */
export function simpleProblems(input: MatchingInput, assignments: readonly { itemId: string; memberId: string }[]) {
  const out: string[] = [];
  const items = new Map(input.items.map((i) => [i.id, i]));
  const byMember = new Map<string, OpenItem[]>();
  const seen = new Set<string>();
  for (const a of assignments) {
    if (seen.has(a.itemId)) out.push(`twice ${a.itemId}`);
    seen.add(a.itemId);
    const item = items.get(a.itemId)!;
    const member = input.candidates.find((c) => c.id === a.memberId)!;
    out.push(...simplePairProblems(input, item, member).map((p) => `${p} ${a.itemId} ${a.memberId}`));
    byMember.set(a.memberId, [...(byMember.get(a.memberId) ?? []), item]);
  }
  for (const [id, proposed] of byMember) {
    out.push(...simpleMemberProblems(input, input.candidates.find((c) => c.id === id)!, proposed));
  }
  return out;
}

/** The objective of README.md, "Objective", computed directly from the input. */
export function simpleObjective(
  input: MatchingInput,
  assignments: readonly { itemId: string; memberId: string }[],
  w: Weights,
): number {
  const tz = input.timeZone;
  const startsOn = input.weekStartsOn ?? 'monday';
  const rates = input.candidates.map((c) => c.hourlyRateCents).filter((r): r is number => r !== null);
  const mean = rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
  let total = 0;
  const weekly = new Map<string, { member: Candidate; week: string; minutes: number }>();
  for (const a of assignments) {
    const item = input.items.find((i) => i.id === a.itemId)!;
    const member = input.candidates.find((c) => c.id === a.memberId)!;
    const minutes = timed(item, tz).minutes;
    const av = effectiveAvailability(
      member.availability.find((e) => e.date === item.date) ?? null,
      member.availabilityDefaults,
      item.date,
    );
    total += w.fill;
    if (av?.type === 'wish') total += w.wish;
    if ((item.applicantIds ?? []).includes(member.id)) total += w.applied;
    if (av?.type === 'limited') {
      const inside =
        item.fromMinutes !== null &&
        item.untilMinutes !== null &&
        av.startMinutes !== null &&
        av.endMinutes !== null &&
        av.startMinutes !== av.endMinutes &&
        (() => {
          const ws = av.startMinutes;
          const we = av.endMinutes > ws ? av.endMinutes : av.endMinutes + 1440;
          const is = item.fromMinutes;
          const ie = item.untilMinutes > is ? item.untilMinutes : item.untilMinutes + 1440;
          return ws <= is && ie <= we;
        })();
      if (!inside) total -= w.limitedOutside;
    }
    if (unavailable(member, item)) {
      if (input.policies.unavailablePolicy === 'warn') total -= w.unavailableWarn;
      if (input.policies.unavailablePolicy === 'allow') total -= w.unavailableAllow;
    }
    total -= (w.cost * (member.hourlyRateCents ?? mean) * minutes) / 60 / 100;
    const week = weekStart(item.date, startsOn);
    const key = `${member.id} ${week}`;
    const entry = weekly.get(key) ?? { member, week, minutes: 0 };
    entry.minutes += minutes;
    weekly.set(key, entry);
  }
  for (const { member, week, minutes } of weekly.values()) {
    const target = member.contract?.hoursPerWeek ? member.contract.hoursPerWeek * 60 : null;
    if (target === null) continue;
    const planned =
      member.plannedMinutesByWeek?.[week] ??
      member.existingItems
        .filter((e) => weekStart(e.date, startsOn) === week)
        .reduce((s, e) => s + timed(e, tz).minutes, 0);
    const before = planned;
    const after = planned + minutes;
    const towardBefore = Math.min(before, target);
    const towardAfter = Math.min(after, target);
    total += (w.towardContract * (towardAfter - towardBefore)) / 60;
    if (member.contract?.kind !== 'flex') {
      total -= (w.overtime * (Math.max(0, after - target) - Math.max(0, before - target))) / 60;
    }
  }
  return total;
}

/**
 * The best objective over every proposal (each item open or given to any candidate), by depth-first enumeration
 * pruned by the simple rules. Only for tiny instances.
 */
export function bruteForceOptimum(
  input: MatchingInput,
  w: Weights,
): { objective: number; assignments: { itemId: string; memberId: string }[] } {
  const items = input.items;
  let best = { objective: 0, assignments: [] as { itemId: string; memberId: string }[] };
  const current: { itemId: string; memberId: string }[] = [];
  const byMember = new Map<string, OpenItem[]>(input.candidates.map((c) => [c.id, []]));
  const visit = (k: number) => {
    if (k === items.length) {
      const objective = simpleObjective(input, current, w);
      if (objective > best.objective + 1e-9) best = { objective, assignments: [...current] };
      return;
    }
    visit(k + 1);
    const item = items[k];
    for (const member of input.candidates) {
      if (simplePairProblems(input, item, member).length > 0) continue;
      const mine = byMember.get(member.id)!;
      mine.push(item);
      if (simpleMemberProblems(input, member, mine).length === 0) {
        current.push({ itemId: item.id, memberId: member.id });
        visit(k + 1);
        current.pop();
      }
      mine.pop();
    }
  };
  visit(0);
  return best;
}
