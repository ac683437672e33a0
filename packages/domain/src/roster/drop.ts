/**
 * Why a day of the roster takes no dragged or pasted duty (docs/product/roster.md, "Days that take no duty"). The
 * first reason that holds is the one shown, in this order:
 *
 * - past: the day is over;
 * - billed: hours of the planning on that day are billed, the day's figures are final;
 * - closed: the planning is closed that day (a temporary planning outside its dates), or it is a day off;
 * - blocked: the day is blocked for the planning (a reason the server gives).
 *
 * A released day takes duties (the planner creates, drags and pastes there alike), so it is no reason.
 */
export const UNDROPPABLE_REASONS = ['past', 'billed', 'closed', 'blocked'] as const;
export type UndroppableReason = (typeof UNDROPPABLE_REASONS)[number];

export interface DropDay {
  past: boolean;
  billed?: boolean;
  closed?: boolean;
  /** A day off of the planning counts as closed. */
  dayOff?: boolean;
  blocked?: boolean;
}

/** The reason a day takes no duty, or null when it takes one. */
export function undroppableReason(day: DropDay): UndroppableReason | null {
  if (day.past) return 'past';
  if (day.billed) return 'billed';
  if (day.closed || day.dayOff) return 'closed';
  if (day.blocked) return 'blocked';
  return null;
}

/** Why an item cannot be dragged: its day takes no duty (it cannot leave it either), or it is blocked by applicants. */
export type UndraggableReason = UndroppableReason | 'applicants';

/**
 * Why an item is no drag source (docs/product/roster.md, "Days that take no duty"), or null when it is one: the
 * reason of its day, else applicants (an item with open or accepted applications keeps its time, shift and place:
 * the tools are blocked for it).
 */
export function undraggableReason(
  item: { applications: readonly { accepted: boolean | null }[] },
  day: DropDay,
): UndraggableReason | null {
  return undroppableReason(day) ?? (item.applications.some((a) => a.accepted !== false) ? 'applicants' : null);
}

/** Whether a temporary planning (with dates) is closed on a date: before its start or after its end. */
export const closedOn = (date: string, planning: { startDate: string | null; endDate: string | null }): boolean =>
  (planning.startDate !== null && date < planning.startDate) || (planning.endDate !== null && date > planning.endDate);
