import { conflictOf, type Problem, weekValue } from './problem';
import type { Blocker } from './types';

/**
 * A proposal under construction: which pair holds each item, with the per-member counts the pairwise rules need and
 * the objective kept up to date on every change. Changes are logged so a tentative move can be undone.
 */
export class State {
  /** Pair index per item, -1 while open. */
  readonly assigned: Int32Array;
  /** Items held per member. */
  readonly memberItems: number[][];
  readonly dayCount: Int32Array;
  readonly weekMinutes: Float64Array;
  objective = 0;
  private readonly log: { item: number; from: number; to: number }[] = [];

  constructor(readonly problem: Problem) {
    this.assigned = new Int32Array(problem.items.length).fill(-1);
    this.memberItems = problem.members.map(() => []);
    this.dayCount = new Int32Array(problem.days.length);
    this.weekMinutes = new Float64Array(problem.weeks.length);
  }

  /** The first rule that adding pair `p` would break against the proposal, or null when it fits. */
  blocker(p: number): Blocker | null {
    const { pairs, items, days, weeks } = this.problem;
    const pair = pairs[p];
    const item = items[pair.item];
    for (const j of this.memberItems[pair.member]) {
      if (j === pair.item) continue;
      const rule = conflictOf(item, items[j]);
      if (rule) return rule as Blocker;
    }
    if (this.dayCount[pair.day] + 1 > days[pair.day].cap) return 'DAY_LIMIT';
    if (this.weekMinutes[pair.week] + item.minutes > weeks[pair.week].capMinutes) return 'CONTRACT_MAX';
    return null;
  }

  /**
   * The items of the member whose removal alone would let pair `p` in, or null when no single removal does (the
   * candidates for an ejection).
   */
  singleBlockers(p: number): number[] | null {
    const { pairs, items, days, weeks } = this.problem;
    const pair = pairs[p];
    const item = items[pair.item];
    const held = this.memberItems[pair.member];
    let conflict = -1;
    for (const j of held) {
      if (conflictOf(item, items[j]) !== null) {
        if (conflict >= 0) return null;
        conflict = j;
      }
    }
    const dayOver = this.dayCount[pair.day] + 1 > days[pair.day].cap;
    const weekExcess = this.weekMinutes[pair.week] + item.minutes - weeks[pair.week].capMinutes;
    if (conflict >= 0) return this.frees(conflict, pair.day, dayOver, pair.week, weekExcess) ? [conflict] : null;
    if (!dayOver && weekExcess <= 0) return [];
    const options: number[] = [];
    for (const j of held) {
      if (this.frees(j, pair.day, dayOver, pair.week, weekExcess)) options.push(j);
    }
    return options.length > 0 ? options : null;
  }

  /** Whether taking item j off its person makes room on that day and in that week. */
  private frees(j: number, day: number, dayOver: boolean, week: number, weekExcess: number): boolean {
    const q = this.problem.pairs[this.assigned[j]];
    if (dayOver && q.day !== day) return false;
    if (weekExcess > 0 && (q.week !== week || this.problem.items[j].minutes < weekExcess)) return false;
    return true;
  }

  /** Change of the objective if pair `p` were added (the item being open). */
  gain(p: number): number {
    const { pairs, items, weeks, weights } = this.problem;
    const pair = pairs[p];
    const w = weeks[pair.week];
    const before = this.weekMinutes[pair.week];
    return pair.score + weekValue(w, before + items[pair.item].minutes, weights) - weekValue(w, before, weights);
  }

  /** Puts item `i` on pair `p` (or opens it with -1), logging the change. */
  set(i: number, p: number): void {
    const from = this.assigned[i];
    if (from === p) return;
    if (from >= 0) this.detach(i, from);
    if (p >= 0) this.attach(i, p);
    this.log.push({ item: i, from, to: p });
  }

  mark(): number {
    return this.log.length;
  }

  /** Undoes every change after `mark`. */
  revert(mark: number): void {
    while (this.log.length > mark) {
      const { item, from, to } = this.log.pop()!;
      if (to >= 0) this.detach(item, to);
      if (from >= 0) this.attach(item, from);
    }
  }

  /** The changes after `mark`, to replay them later with `replay`. */
  changesSince(mark: number): { item: number; to: number }[] {
    return this.log.slice(mark).map(({ item, to }) => ({ item, to }));
  }

  replay(changes: readonly { item: number; to: number }[]): void {
    for (const c of changes) this.set(c.item, c.to);
  }

  /** Forgets the log (after a move is accepted for good). */
  commit(): void {
    this.log.length = 0;
  }

  private attach(i: number, p: number) {
    const { pairs, items, weeks, weights } = this.problem;
    const pair = pairs[p];
    const w = weeks[pair.week];
    const before = this.weekMinutes[pair.week];
    const after = before + items[i].minutes;
    this.objective += pair.score + weekValue(w, after, weights) - weekValue(w, before, weights);
    this.weekMinutes[pair.week] = after;
    this.dayCount[pair.day] += 1;
    this.memberItems[pair.member].push(i);
    this.assigned[i] = p;
  }

  private detach(i: number, p: number) {
    const { pairs, items, weeks, weights } = this.problem;
    const pair = pairs[p];
    const w = weeks[pair.week];
    const before = this.weekMinutes[pair.week];
    const after = before - items[i].minutes;
    this.objective -= pair.score + weekValue(w, before, weights) - weekValue(w, after, weights);
    this.weekMinutes[pair.week] = after;
    this.dayCount[pair.day] -= 1;
    const list = this.memberItems[pair.member];
    const at = list.lastIndexOf(i);
    list[at] = list[list.length - 1];
    list.pop();
    this.assigned[i] = -1;
  }
}

/** The objective of a set of pairs, computed from scratch (the engines keep it incrementally). */
export function objectiveOf(problem: Problem, chosen: readonly number[]): number {
  const minutes = new Float64Array(problem.weeks.length);
  let sum = 0;
  for (const p of chosen) {
    const pair = problem.pairs[p];
    sum += pair.score;
    minutes[pair.week] += problem.items[pair.item].minutes;
  }
  problem.weeks.forEach((w, i) => {
    sum += weekValue(w, minutes[i], problem.weights);
  });
  return sum;
}
