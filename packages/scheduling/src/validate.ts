import {
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
import type { ItemTimesInput, MatchingInput, Violation } from './types';

function span(t: ItemTimesInput, timeZone: string): Span | null {
  return t.fromMinutes === null || t.untilMinutes === null
    ? null
    : itemSpan(t.date, t.fromMinutes, t.untilMinutes, timeZone);
}

function minutes(t: ItemTimesInput, timeZone: string): number {
  const s = span(t, timeZone);
  return s ? Math.max(0, workedMinutes(s, t.breakMinutes)) : 0;
}

/**
 * The independent check every proposal passes before it leaves: each assignment against every hard rule, read
 * from the input alone with the roster's own rules (placementProblem, availabilityVerdict), not from the engines'
 * model. Answers every violation found (empty: the proposal is sound).
 */
export function validateProposal(
  input: MatchingInput,
  assignments: readonly { itemId: string; memberId: string }[],
): Violation[] {
  const tz = input.timeZone;
  const startsOn = input.weekStartsOn ?? 'monday';
  const items = new Map(input.items.map((i) => [i.id, i]));
  const candidates = new Map(input.candidates.map((c) => [c.id, c]));
  const releasedUntil = new Map(input.locations.map((l) => [l.id, l.releasedUntil]));
  const out: Violation[] = [];
  const seen = new Set<string>();
  const byMember = new Map<string, string[]>();

  for (const a of assignments) {
    const item = items.get(a.itemId);
    const member = candidates.get(a.memberId);
    if (!item) {
      out.push({ ...a, rule: 'UNKNOWN_ITEM' });
      continue;
    }
    if (!member) {
      out.push({ ...a, rule: 'UNKNOWN_MEMBER' });
      continue;
    }
    if (seen.has(item.id)) out.push({ ...a, rule: 'ASSIGNED_TWICE' });
    seen.add(item.id);
    byMember.set(member.id, [...(byMember.get(member.id) ?? []), item.id]);

    if (isReleased(item.date, releasedUntil.get(item.locationId) ?? null)) out.push({ ...a, rule: 'RELEASED' });
    if (!member.locationIds.includes(item.locationId)) out.push({ ...a, rule: 'NOT_IN_PLANNING' });
    if (item.dutyId !== null && !member.dutyIds.includes(item.dutyId)) out.push({ ...a, rule: 'MISSING_DUTY' });
    if (item.tagIds.some((t) => !member.tagIds.includes(t))) out.push({ ...a, rule: 'MISSING_TAGS' });
    if (input.policies.employeesMustApply && !(item.applicantIds ?? []).includes(member.id)) {
      out.push({ ...a, rule: 'NOT_APPLIED' });
    }
    const entry = member.availability.find((e) => e.date === item.date) ?? null;
    const state = effectiveAvailability(entry, member.availabilityDefaults, item.date);
    if (availabilityVerdict(state, item, input.policies.unavailablePolicy) === 'ERR_UNAVAILABLE_DENY') {
      out.push({ ...a, rule: 'ERR_UNAVAILABLE_DENY' });
    }
  }

  for (const [memberId, itemIds] of byMember) {
    const member = candidates.get(memberId)!;
    const all: (ItemTimesInput & { id: string; proposed: boolean })[] = [
      ...member.existingItems.map((e) => ({ ...e, proposed: false })),
      ...itemIds.map((id) => ({ ...items.get(id)!, proposed: true })),
    ];
    const placed: PlacedItem[] = all.map((t) => ({
      id: t.id,
      date: t.date,
      span: span(t, tz),
      shiftId: t.shiftId,
      restHours: t.restHours,
    }));
    // Overlap, rest, the same shift twice and items without times, against everything else the member has.
    placed.forEach((p, k) => {
      if (!all[k].proposed) return;
      const problem = placementProblem(p, placed, tz);
      if (problem) out.push({ itemId: p.id, memberId, rule: problem.code, withItemId: problem.with.id });
    });
    // At most maxItemsPerDay a date.
    const perDate = new Map<string, string[]>();
    for (const t of all) perDate.set(t.date, [...(perDate.get(t.date) ?? []), t.id]);
    for (const t of all) {
      if (!t.proposed) continue;
      const sameDay = perDate.get(t.date)!;
      if (sameDay.length > input.policies.maxItemsPerDay) {
        out.push({ itemId: t.id, memberId, rule: 'DAY_LIMIT', withItemId: sameDay.find((id) => id !== t.id) });
      }
    }
    // The contract maximum per week.
    const max = member.contract?.maxHoursPerWeek;
    if (max != null) {
      const weeks = new Map<string, number>();
      for (const id of itemIds) {
        const it = items.get(id)!;
        const w = weekStart(it.date, startsOn);
        weeks.set(w, (weeks.get(w) ?? 0) + minutes(it, tz));
      }
      for (const [week, added] of weeks) {
        const given = member.plannedMinutesByWeek?.[week];
        const planned =
          given ??
          member.existingItems
            .filter((e) => weekStart(e.date, startsOn) === week)
            .reduce((sum, e) => sum + minutes(e, tz), 0);
        if (planned + added > max * 60 + 1e-6) {
          for (const id of itemIds) {
            if (weekStart(items.get(id)!.date, startsOn) === week)
              out.push({ itemId: id, memberId, rule: 'CONTRACT_MAX' });
          }
        }
      }
    }
  }
  return out;
}
