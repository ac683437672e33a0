import type { SwapBreak, SwapKind, SwapStatus } from '@app/contracts';
import type { AvailabilityVerdict } from './availability';
import { LEGAL_MAX_MINUTES_PER_WEEK } from './contractRules';
import type { PlacementCode } from './placement';
import { isReleased } from './policy';

/**
 * Swaps and offers between employees (docs/product/swaps.md): which duty may be offered, what an acceptance breaks,
 * when it is approved at once, and who may do what with an offer. The server's checks and the phone's buttons both
 * come from here.
 */

/** A duty as the offer rules see it. */
export interface OfferableItem {
  membershipId: string | null;
  date: string;
  /** The instant the duty starts (ms), or null for a whole-day item (it starts at the day's beginning). */
  startAt: number | null;
  flag: string | null;
}

/**
 * Whether `membershipId` may offer the item: it is theirs, its day is released, it has not started and it carries
 * no sign-out request or sickness (the sign-out flow stays as it is).
 */
export function mayOffer(
  membershipId: string,
  item: OfferableItem,
  at: { now: number; today: string; releasedUntil: string | null },
): boolean {
  if (item.membershipId !== membershipId) return false;
  if (item.flag !== null) return false;
  if (!isReleased(item.date, at.releasedUntil)) return false;
  return !hasStarted(item, at);
}

/** A duty has started once its start passed; a whole-day item once its day came. */
export function hasStarted(item: Pick<OfferableItem, 'date' | 'startAt'>, at: { now: number; today: string }): boolean {
  return item.startAt !== null ? item.startAt <= at.now : item.date <= at.today;
}

/** A stored offer's status as read now: an offer still waiting expires when its duty starts. */
export function swapStatusAt(
  stored: Exclude<SwapStatus, 'expired'>,
  item: Pick<OfferableItem, 'date' | 'startAt'>,
  at: { now: number; today: string },
): SwapStatus {
  if ((stored === 'open' || stored === 'pending') && hasStarted(item, at)) return 'expired';
  return stored;
}

/**
 * The most minutes a week a contract lets someone be planned: a flexible contract's hours are its limit; a fixed
 * one (full or part time) may go over its hours up to the legal maximum. Without a contract there is no limit.
 */
export function weeklyLimitMinutes(contract: { type: 'full' | 'part' | 'flex'; weeklyMinutes: number } | null) {
  if (!contract) return null;
  if (contract.type === 'flex') return contract.weeklyMinutes > 0 ? contract.weeklyMinutes : null;
  return LEGAL_MAX_MINUTES_PER_WEEK;
}

/** What one side of an acceptance meets: the person taking a duty, next to what they already have. */
export interface TakerFacts {
  /** They hold the duty's function (or it has none) and belong to its planning. */
  eligible: boolean;
  placement: PlacementCode | null;
  availability: AvailabilityVerdict | null;
  /** Planned minutes that week without the duty, the duty's minutes, and the contract's weekly limit. */
  week: { plannedMinutes: number; itemMinutes: number; limitMinutes: number | null };
}

export interface SwapVerdict {
  /** A rule nobody may overrule: the acceptance is refused with this code. */
  refuse:
    | 'ERR_NOT_ELIGIBLE'
    | 'ERR_EXISTING_FULL'
    | 'ERR_EXISTING_SHIFT'
    | 'ERR_OVERLAP'
    | 'ERR_UNAVAILABLE_DENY'
    | null;
  /** Rules a planner may overrule: the acceptance waits for one. */
  breaks: SwapBreak[];
}

/**
 * The roster's rules for one person taking a duty, as a planner's edit checks them, split in two: what no one
 * overrules (not their function or planning, a collision with another item, the deny policy) refuses; what a planner
 * is asked to confirm (rest period, the warn policy or limited availability, the contract's weekly hours) breaks.
 */
export function takerVerdict(facts: TakerFacts): SwapVerdict {
  if (!facts.eligible) return { refuse: 'ERR_NOT_ELIGIBLE', breaks: [] };
  if (facts.placement && facts.placement !== 'ERR_OVERLAP_REST') return { refuse: facts.placement, breaks: [] };
  if (facts.availability === 'ERR_UNAVAILABLE_DENY') return { refuse: 'ERR_UNAVAILABLE_DENY', breaks: [] };
  const breaks: SwapBreak[] = [];
  if (facts.placement === 'ERR_OVERLAP_REST') breaks.push('ERR_OVERLAP_REST');
  if (facts.availability) breaks.push(facts.availability);
  const { plannedMinutes, itemMinutes, limitMinutes } = facts.week;
  if (limitMinutes !== null && plannedMinutes + itemMinutes > limitMinutes) breaks.push('ERR_CONTRACT_HOURS');
  return { refuse: null, breaks };
}

/** Both sides of a swap (or the one side of a gift) together: the first refusal, every break once. */
export function combineVerdicts(verdicts: readonly SwapVerdict[]): SwapVerdict {
  const refuse = verdicts.find((v) => v.refuse)?.refuse ?? null;
  if (refuse) return { refuse, breaks: [] };
  return { refuse: null, breaks: [...new Set(verdicts.flatMap((v) => v.breaks))] };
}

/** Approved at once when nothing breaks and the account lets swaps through without a planner. */
export const approvesAtOnce = (breaks: readonly SwapBreak[], approveAutomatically: boolean) =>
  approveAutomatically && breaks.length === 0;

/** An offer as the abilities see it. */
export interface SwapFacts {
  kind: SwapKind;
  status: SwapStatus;
  offeredBy: string;
  /** A swap: the colleague asked. */
  to: string | null;
  declinedBy: readonly string[];
}

/**
 * What a member may do with an offer: the offerer withdraws it while it waits; a colleague accepts or declines an
 * open one meant for them (anyone who may work a gift, the colleague asked for a swap); a planner decides a pending
 * one. `eligible` says whether the reader may work it at all (the server's verdict).
 */
export function swapAbilitiesOf(
  reader: { membershipId: string; planner: boolean },
  offer: SwapFacts,
  eligible: boolean,
) {
  const open = offer.status === 'open';
  const mine = offer.offeredBy === reader.membershipId;
  const meant =
    !mine &&
    (offer.kind === 'swap' ? offer.to === reader.membershipId : !offer.declinedBy.includes(reader.membershipId));
  return {
    accept: open && meant && eligible,
    decline: open && meant,
    withdraw: mine && (open || offer.status === 'pending'),
    decide: reader.planner && offer.status === 'pending',
  };
}
