import type { Problem, WeekGroup } from './problem';

/** A row `sum x[pairs] <= most`. */
export interface CountRow {
  pairs: number[];
  most: number;
}

/**
 * Rows that tighten a member's weekly contract maximum for the relaxation: for each length `t` of the week's items,
 * at most `k` of the items at least `t` minutes long fit, where `k` counts the shortest such items (no more a date
 * than the day limit allows) that fit in the minutes left. Valid for every proposal: any `n` of those items that keep
 * the day limit last at least as long as the `n` shortest counted. The hours row alone lets the relaxation take part
 * of one more item (six and a half shifts in 48 hours); these rows do not. A row is left out when the day limits
 * already imply it, or when the row of a shorter length says as much.
 */
export function weekCountRows(problem: Problem, week: WeekGroup): CountRow[] {
  const { pairs, items, days } = problem;
  if (!Number.isFinite(week.capMinutes) || week.pairs.length < 2) return [];
  const minutesOf = (p: number) => items[pairs[p].item].minutes;
  const lengths = [...new Set(week.pairs.map(minutesOf))].filter((m) => m > 0).sort((a, b) => a - b);
  const rows: CountRow[] = [];
  let previous = Number.POSITIVE_INFINITY;
  for (const t of lengths) {
    const long = week.pairs.filter((p) => minutesOf(p) >= t);
    const byDay = new Map<number, number[]>();
    for (const p of long) {
      const list = byDay.get(pairs[p].day);
      if (list) list.push(minutesOf(p));
      else byDay.set(pairs[p].day, [minutesOf(p)]);
    }
    const shortest: number[] = [];
    for (const [day, list] of byDay) shortest.push(...list.sort((a, b) => a - b).slice(0, Math.max(0, days[day].cap)));
    shortest.sort((a, b) => a - b);
    let most = 0;
    let sum = 0;
    while (most < shortest.length && sum + shortest[most] <= week.capMinutes + 1e-9) sum += shortest[most++];
    if (most < shortest.length && most < previous) rows.push({ pairs: long, most });
    previous = Math.min(previous, most);
  }
  return rows;
}
