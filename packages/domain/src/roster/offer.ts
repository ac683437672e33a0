import type { UnavailablePolicy } from '@app/contracts';
import {
  type AvailabilityItem,
  type AvailabilityState,
  type AvailabilityVerdict,
  availabilityVerdict,
} from './availability';
import { type PlacedItem, type PlacementCode, placementProblem } from './placement';

/** Why an employee may not take an open item (docs/product/roster.md, "Open duties an employee may take"). */
export type OfferReason = 'ERR_NOT_ELIGIBLE' | PlacementCode | AvailabilityVerdict;

export interface Offer {
  can: boolean;
  reason: OfferReason | null;
}

export interface OfferInput {
  /** The open item, placed (its instants and rest hours) and with its duty and times. */
  item: PlacedItem & AvailabilityItem & { dutyId: string | null };
  /** The account's today in its time zone. */
  today: string;
  /** The duties the employee holds. */
  duties: ReadonlySet<string>;
  /** The employee's own items around the item's date (the day before, the day, the day after). */
  others: readonly PlacedItem[];
  /** The employee's effective availability on the item's date. */
  availability: AvailabilityState | null;
  policy: UnavailablePolicy;
  timeZone: string;
}

/**
 * Whether an employee may take an open item themselves, and if not why: the day is past or the duty is not one they
 * hold (ERR_NOT_ELIGIBLE); it collides with their other items (a whole-day item, the same shift, overlapping times,
 * the rest period); or their availability stands against it. An employee cannot overrule rest or confirm a warning,
 * so every verdict refuses. The server's sign-in checks the same rules when the tap arrives.
 */
export function offerFor(input: OfferInput): Offer {
  const refuse = (reason: OfferReason): Offer => ({ can: false, reason });
  const { item } = input;
  if (item.date < input.today) return refuse('ERR_NOT_ELIGIBLE');
  if (item.dutyId && !input.duties.has(item.dutyId)) return refuse('ERR_NOT_ELIGIBLE');
  const problem = placementProblem(item, input.others, input.timeZone);
  if (problem) return refuse(problem.code);
  const verdict = availabilityVerdict(input.availability, item, input.policy);
  if (verdict) return refuse(verdict);
  return { can: true, reason: null };
}
