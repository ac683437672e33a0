import { addDays } from './time';

/**
 * The first day a location's roster is still open to planning in bulk (the matching wizard): neither released nor past.
 * The matching refuses a range that starts before it (`ERR_RELEASED`). Apart from the roster's policy, which the web's
 * shell reads, so the shell carries no date arithmetic.
 */
export function firstOpenDay(releasedUntil: string | null, today: string): string {
  return releasedUntil !== null && releasedUntil >= today ? addDays(releasedUntil, 1) : today;
}
