import { type Problem, weekValue } from './problem';
import type { State } from './state';
import type { Assignment, Blocker, Explanation, OpenReason } from './types';

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The explanation of each assignment of a proposal: codes and numbers, worded by the web. */
export function explainAssignments(problem: Problem, state: State): Assignment[] {
  const { items, pairs, weeks, members, weights } = problem;
  const out: Assignment[] = [];
  for (const item of items) {
    const p = state.assigned[item.index];
    if (p < 0) continue;
    const pair = pairs[p];
    const week = weeks[pair.week];
    const assignedMinutes = state.weekMinutes[pair.week];
    const after = week.plannedMinutes + assignedMinutes;
    const contract = members[pair.member].input.contract;
    const contractHours = contract?.hoursPerWeek ? contract.hoursPerWeek : null;
    const overtimeHours = contractHours !== null && week.overtime ? Math.max(0, after / 60 - contractHours) : 0;
    const share =
      assignedMinutes > 0 ? (weekValue(week, assignedMinutes, weights) * item.minutes) / assignedMinutes : 0;
    const explanation: Explanation = {
      score: round2(pair.score + share),
      holdsDuty: item.input.dutyId ? true : null,
      tagsMatched: item.input.tagIds.length,
      applied: pair.applied,
      availability: pair.availability,
      wish: pair.wish,
      withinLimited: pair.withinLimited,
      warnings: overtimeHours > 0 ? [...pair.warnings, 'OVERTIME'] : [...pair.warnings],
      minutes: item.minutes,
      week: week.week,
      hoursBefore: round2(week.plannedMinutes / 60),
      hoursAfter: round2(after / 60),
      contractHours,
      maxHours: contract?.maxHoursPerWeek ?? null,
      overtimeHours: round2(overtimeHours),
      costCents: pair.costCents,
      alternatives: item.pairs.length - 1,
    };
    out.push({ itemId: item.input.id, memberId: members[pair.member].input.id, explanation });
  }
  return out;
}

/** Why each item the proposal leaves open stays open. */
export function explainOpen(problem: Problem, state: State): OpenReason[] {
  const out: OpenReason[] = [];
  for (const item of problem.items) {
    if (state.assigned[item.index] >= 0) continue;
    const itemId = item.input.id;
    if (item.releasedUntil !== null) {
      out.push({ itemId, reason: 'released', releasedUntil: item.releasedUntil });
      continue;
    }
    if (item.pairs.length === 0) {
      out.push({ itemId, reason: 'no_candidate', rejected: { ...item.rejected } });
      continue;
    }
    const blocked: Partial<Record<Blocker, number>> = {};
    let free = 0;
    let bestGain = Number.NEGATIVE_INFINITY;
    for (const p of item.pairs) {
      const b = state.blocker(p);
      if (b === null) {
        free++;
        bestGain = Math.max(bestGain, state.gain(p));
      } else {
        blocked[b] = (blocked[b] ?? 0) + 1;
      }
    }
    if (free > 0) {
      out.push({ itemId, reason: 'outweighed', eligible: item.pairs.length, free, bestGain: round2(bestGain) });
    } else {
      out.push({ itemId, reason: 'capacity', eligible: item.pairs.length, blocked });
    }
  }
  return out;
}
