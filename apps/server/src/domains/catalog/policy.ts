import { timesProblem } from '@app/domain';

// Who may edit the catalog and holdings is decided in @app/domain (policies/catalog.ts), shared with the web.

export interface LocationDates {
  type: string;
  startDate: string | null;
  endDate: string | null;
}

/** A temporary planning needs a start and an end; an end is never before the start. Answers field errors. */
export function locationDateProblems(l: LocationDates): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (l.type === 'temporary') {
    if (!l.startDate) fields.startDate = ['validation.required'];
    if (!l.endDate) fields.endDate = ['validation.required'];
  }
  if (l.startDate && l.endDate && l.endDate < l.startDate) fields.endDate = ['validation.endBeforeStart'];
  return fields;
}

/** A plain weekday in UTC: shift times are abstract, so their length never meets a daylight-saving change. */
const REFERENCE_DATE = '2024-01-08';

/**
 * The times rule for a shift: start and end differ (an end before the start runs overnight), and the break leaves
 * no negative worked time.
 */
export function shiftTimesProblem(
  start: string,
  end: string,
  breakMinutes: number,
): 'ERR_EQUAL' | 'ERR_NEGATIVE' | null {
  const problem = timesProblem({ from: start, until: end, break: breakMinutes }, REFERENCE_DATE, 'UTC');
  if (problem === 'ERR_EQUAL' || problem === 'ERR_NEGATIVE') return problem;
  if (problem !== null) throw new Error(`shift times ${start}-${end}/${breakMinutes}: ${problem}`);
  return null;
}
