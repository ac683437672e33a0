import { daySpan, overlaps, restConflict, type Span } from './time';

/** An item of one member as the placement rules see it. */
export interface PlacedItem {
  id: string;
  date: string;
  /** The item's instants, or null for an item without times (planned for the whole day, time unspecified). */
  span: Span | null;
  shiftId: string | null;
  /** Rest hours its duty asks for after it. */
  restHours: number;
}

export type PlacementCode = 'ERR_EXISTING_FULL' | 'ERR_EXISTING_SHIFT' | 'ERR_OVERLAP' | 'ERR_OVERLAP_REST';

/**
 * The first rule that placing `item` next to the member's `others` breaks, with the item it collides with:
 * an item without times that day (either one), the same shift that day, overlapping times, then the rest period
 * after a duty. Rest is the only one a planner may overrule.
 */
export function placementProblem(
  item: PlacedItem,
  others: readonly PlacedItem[],
  timeZone: string,
): { code: PlacementCode; with: PlacedItem } | null {
  for (const other of others) {
    if (other.id === item.id || other.date !== item.date) continue;
    if (!other.span || !item.span) return { code: 'ERR_EXISTING_FULL', with: other };
    if (item.shiftId && other.shiftId === item.shiftId) return { code: 'ERR_EXISTING_SHIFT', with: other };
  }
  if (item.span) {
    for (const other of others) {
      if (other.id !== item.id && other.span && overlaps(item.span, other.span))
        return { code: 'ERR_OVERLAP', with: other };
    }
    for (const other of others) {
      if (other.id === item.id) continue;
      const otherSpan = other.span ?? daySpan(other.date, timeZone);
      if (other.span && restConflict(item.span, item.restHours, otherSpan, other.restHours)) {
        return { code: 'ERR_OVERLAP_REST', with: other };
      }
    }
  }
  return null;
}

/**
 * The rest between two timed items of one person that clash on rest: the minutes from the earlier one's end to the
 * later one's start, and the hours of rest the earlier one's duty asks for (what the planner is asked to overrule).
 */
export function restBetween(
  item: PlacedItem,
  other: PlacedItem,
): { restMinutes: number; requiredHours: number } | null {
  if (!item.span || !other.span) return null;
  const [earlier, later] = item.span.start <= other.span.start ? [item, other] : [other, item];
  if (!earlier.span || !later.span) return null;
  const restMinutes = Math.max(0, Math.floor((later.span.start - earlier.span.end) / 60_000));
  return { restMinutes, requiredHours: earlier.restHours };
}
