import type { Weights } from './types';

/**
 * Default weights of the objective (maximised), in points. The scale is set by `fill`: one filled item is worth
 * 1,000 points, more than the largest sum of penalties one item usually collects (unavailable under warn 400 + 10 h
 * of overtime 400 + 10 h at 30/h of wage 150 = 950), so an item is filled whenever someone free may take it, and the
 * other terms choose between people:
 *
 * - wish 50, applied 50: people who asked for the day or the item come first;
 * - limitedOutside 200, unavailableWarn 400: the confirmable availability findings are strongly avoided (a planner
 *   must confirm each), unavailable worse than outside a limited window; unavailableAllow 100: allowed by the
 *   account, still behind anyone who is available;
 * - towardContract 10 per hour up to the weekly contract hours and overtime 40 per hour above: fairness, people
 *   below their hours get the work first and nobody is pushed into overtime while someone else has hours left;
 * - cost 0.5 per currency unit of wage: between otherwise equal people the cheaper one (8 h at 14/h against 8 h
 *   at 30/h is 64 points: about a wish (50) or 8 hours toward someone's contract hours (80)).
 */
export const DEFAULT_WEIGHTS: Weights = {
  fill: 1000,
  wish: 50,
  applied: 50,
  limitedOutside: 200,
  unavailableWarn: 400,
  unavailableAllow: 100,
  towardContract: 10,
  overtime: 40,
  cost: 0.5,
};

export function weightsOf(partial: Partial<Weights> | undefined): Weights {
  return { ...DEFAULT_WEIGHTS, ...(partial ?? {}) };
}
