import { z } from 'zod';
import { CalendarDate, text } from './inputs';

/**
 * Swaps and offers between employees (docs/product/swaps.md): an employee gives one of their released duties to a
 * colleague who may work it, or proposes to swap it for a colleague's duty.
 */

/** give: anyone who may work it takes it; swap: one colleague takes it and gives their duty in return. */
export const SwapKind = z.enum(['give', 'swap']);
export type SwapKind = z.infer<typeof SwapKind>;

/**
 * open: waiting for a colleague; pending: accepted, waiting for a planner; approved and denied: decided; declined:
 * the colleague asked for a swap said no; withdrawn: the offerer took it back or a planner changed the duty;
 * expired: the duty started before anyone finished it (a rule of reading, never stored).
 */
export const SwapStatus = z.enum(['open', 'pending', 'approved', 'denied', 'declined', 'withdrawn', 'expired']);
export type SwapStatus = z.infer<typeof SwapStatus>;

/** The rules an acceptance may break and still go to a planner, who decides (docs/product/swaps.md). */
export const SwapBreak = z.enum([
  'ERR_OVERLAP_REST',
  'ERR_UNAVAILABLE_WARN',
  'ERR_UNAVAILABLE_LIMITED',
  'ERR_CONTRACT_HOURS',
]);
export type SwapBreak = z.infer<typeof SwapBreak>;

/** Ours: the longest message a planner writes with a decision. */
export const SWAP_MESSAGE_MAX = 500;

export const SwapDuty = z.object({
  item: z.string(),
  date: CalendarDate,
  from: z.string().nullable(),
  until: z.string().nullable(),
  duty: z.string().nullable(),
  location: z.object({ id: z.string(), name: z.string() }),
  /** Who holds it now. */
  holder: z.object({ id: z.string(), name: z.string() }),
});
export type SwapDuty = z.infer<typeof SwapDuty>;

export const SwapOffer = z.object({
  id: z.string(),
  kind: SwapKind,
  status: SwapStatus,
  /** The offered duty (its holder is the offerer). */
  duty: SwapDuty,
  /** A swap: the colleague's duty the offerer takes in return. */
  wanted: SwapDuty.nullable(),
  /** Who took it (or, for a swap, who was asked). */
  taker: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The rules the acceptance breaks: why it waits for a planner. */
  breaks: z.array(SwapBreak),
  /** For the reader who could accept: the rules their acceptance would break (it would wait for a planner). */
  wouldBreak: z.array(SwapBreak),
  /** The planner's message with the decision. */
  message: z.string().nullable(),
  createdAt: z.string(),
  /** What the reader may do now. */
  can: z.object({ accept: z.boolean(), decline: z.boolean(), withdraw: z.boolean(), decide: z.boolean() }),
});
export type SwapOffer = z.infer<typeof SwapOffer>;

export const SwapsResponse = z.object({
  /** The reader's own offers, from today on. */
  mine: z.array(SwapOffer),
  /** Offers the reader may accept or decline. */
  forMe: z.array(SwapOffer),
});
export type SwapsResponse = z.infer<typeof SwapsResponse>;

export const CreateSwapRequest = z.object({
  /** The reader's own released duty. */
  item: z.string().uuid(),
  /** A colleague's duty to swap it for; without it the duty is given to whoever takes it. */
  wanted: z.string().uuid().optional(),
});
export type CreateSwapRequest = z.infer<typeof CreateSwapRequest>;

export const SwapDecisionRequest = z.object({
  approve: z.boolean(),
  message: text(SWAP_MESSAGE_MAX).optional(),
});
export type SwapDecisionRequest = z.infer<typeof SwapDecisionRequest>;

export const SwapResponse = z.object({ offer: SwapOffer });
export type SwapResponse = z.infer<typeof SwapResponse>;

export const SwapParams = z.object({ id: z.string().uuid() });
