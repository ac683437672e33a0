import type { LeftOutReason, UnavailablePolicy } from '@app/contracts';
import { type AvailabilityItem, type AvailabilityState, availabilityVerdict } from './availability';
import { type PlacedItem, placementProblem } from './placement';

export interface LeftOutInput {
  /** The item, placed (its instants and rest hours), with its duty, tags and times; null: a day without an item. */
  item: (PlacedItem & AvailabilityItem & { dutyId: string | null; tagIds: readonly string[] }) | null;
  /** The duties and tags the person holds. */
  duties: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  /** Sickness reported over the date. */
  sick: boolean;
  /** The person's effective availability on the date (entry, else weekday default). */
  availability: AvailabilityState | null;
  /** The person's own other items around the date (the day before, the day, the day after). */
  others: readonly PlacedItem[];
  policy: UnavailablePolicy;
  timeZone: string;
}

/**
 * The reason a person is left out of the person picker (docs/product/roster.md, "The person picker"), or null when they are offered. Without an item (a day of the
 * planning) only absence counts: vacation (requested or approved), sickness and unavailability. With an item, the
 * availability rule of the roster decides (`availabilityVerdict`, so the picker offers exactly whom assigning
 * accepts without a question), then the duty and tags, then the placement rules (`placementProblem`).
 */
export function leftOutReason(input: LeftOutInput): LeftOutReason | null {
  const { item, availability } = input;
  const onVacation = availability?.type === 'vacation' && availability.status !== 'denied';
  if (!item) {
    if (onVacation) return 'vacation';
    if (input.sick) return 'sick';
    if (availability?.type === 'unavailable') return 'unavailable';
    return null;
  }
  const verdict = availabilityVerdict(availability, item, input.policy);
  if (verdict && onVacation) return 'vacation';
  if (input.sick) return 'sick';
  if (verdict) return availability?.type === 'limited' ? 'limited' : 'unavailable';
  if (item.dutyId && !input.duties.has(item.dutyId)) return 'duty';
  if (item.tagIds.some((t) => !input.tags.has(t))) return 'tags';
  const problem = placementProblem(item, input.others, input.timeZone);
  if (problem) return problem.code === 'ERR_OVERLAP_REST' ? 'rest' : 'overlap';
  return null;
}

/** What the grid shows in a person's cell for a day: a block (vacation, sickness) or shading (unavailable, limited). */
export type CellAbsence = 'vacation' | 'sick' | 'unavailable' | 'limited';

/**
 * The mark of a person's day on the roster grid (docs/product/roster.md, "Leave and holidays"): vacation requested
 * or approved (a denied one is no absence), reported sickness, else unavailable or limited availability; the same
 * reading of availability as the person picker.
 */
export function cellAbsence(
  availability: Pick<AvailabilityState, 'type' | 'status'> | null,
  sick: boolean,
): CellAbsence | null {
  if (availability?.type === 'vacation' && availability.status !== 'denied') return 'vacation';
  if (sick) return 'sick';
  if (availability?.type === 'unavailable' || availability?.type === 'limited') return availability.type;
  return null;
}
