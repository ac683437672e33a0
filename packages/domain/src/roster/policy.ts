import type { Role } from '@app/contracts';
import { effectiveRoles } from '../access';

/** Who builds the roster: planners (and the roles that carry planning: managers, owners). */
export function canPlan(roles: readonly Role[]): boolean {
  return effectiveRoles(roles).has('planner');
}

/** A day is released when it is on or before the location's release date. */
export function isReleased(date: string, releasedUntil: string | null): boolean {
  return releasedUntil !== null && date <= releasedUntil;
}

/**
 * What a member sees of a location's roster: planners every day; everyone else (employees, observers) only the
 * released days, and only of plannings they belong to.
 */
export function visibleDay(input: {
  roles: readonly Role[];
  belongs: boolean;
  date: string;
  releasedUntil: string | null;
}) {
  if (canPlan(input.roles)) return true;
  return input.belongs && isReleased(input.date, input.releasedUntil);
}

/**
 * The planner restriction's "names hidden" (docs/product/members.md): a planner who carries it sees nobody's name but
 * their own, wherever people are shown (roster, availability, sickness, lists, print, chats). The one rule every
 * view reads, through `displayNameFor` (policies/members.ts; the README's security section).
 */
export function hidesNames(member: { roles: readonly Role[]; plannerRestricted: boolean }): boolean {
  return canPlan(member.roles) && member.plannerRestricted;
}

/**
 * Whether a member sees colleagues' names: planners always (unless the planner restriction hides names);
 * others with the colleagues.view right, or colleagues.view.planned on days they are planned themselves.
 */
export function seesColleagueNames(input: {
  roles: readonly Role[];
  rights: readonly string[];
  plannerRestricted: boolean;
  plannedThatDay: boolean;
}): boolean {
  if (canPlan(input.roles)) return !hidesNames(input);
  if (input.rights.includes('colleagues.view')) return true;
  return input.rights.includes('colleagues.view.planned') && input.plannedThatDay;
}

/** Why a day refuses an item placed on it, or null when it takes it. */
export type PlacementRefusal = 'past' | 'released' | null;

/**
 * Where one item may be placed by hand on the roster, the one rule for creating it, dropping it and pasting it
 * (docs/product/roster.md, "Placing one item"): any day not past, released or not; a change on a released day is a
 * change since the release, which the next release sends out. The bulk tools (several items, presets, copying a
 * week) keep away from released days as well: `bulk` says that is the caller.
 */
export function placementRefusal(
  date: string,
  today: string,
  releasedUntil: string | null,
  how: 'item' | 'bulk' = 'item',
): PlacementRefusal {
  if (date < today) return 'past';
  if (how === 'bulk' && isReleased(date, releasedUntil)) return 'released';
  return null;
}
