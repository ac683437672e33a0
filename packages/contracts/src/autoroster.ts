import { z } from 'zod';
import { AUTOROSTER_MAX_DAYS, AUTOROSTER_MAX_LOCATIONS, AUTOROSTER_MAX_SECONDS } from './constants';
import { CalendarDate, dateRange } from './inputs';

/** Auto-roster (docs/product/autoroster.md): a range of at most six weeks, one or more plannings. */
export const AutoRosterRequest = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    locations: z.array(z.string().uuid()).min(1).max(AUTOROSTER_MAX_LOCATIONS),
    /** The planner lets the proposal move people off duties they already hold in the range. */
    allowMoves: z.boolean().default(false),
    seconds: z.number().int().min(1).max(AUTOROSTER_MAX_SECONDS).default(10),
  }),
  AUTOROSTER_MAX_DAYS,
);
export type AutoRosterRequest = z.input<typeof AutoRosterRequest>;

/** Why the proposal puts the person there, as codes the web words. */
export const AUTOROSTER_REASONS = ['kept', 'wish', 'openItem', 'underHours', 'onlyCandidate'] as const;
export const AutoRosterReason = z.enum(AUTOROSTER_REASONS);

/** One duty of the proposal: a person on a shift (and duty) of a planning's day. */
export const AutoRosterAssignment = z.object({
  location: z.string(),
  date: z.string(),
  shiftId: z.string(),
  dutyId: z.string().nullable(),
  user: z.string(),
  /** The existing item it fills (open) or keeps or moves onto this person; null creates a new item. */
  item: z.string().nullable(),
  /** new: a new item; fill: an open item; keep: already so; move: an item taken from someone else. */
  kind: z.enum(['new', 'fill', 'keep', 'move']),
  reasons: z.array(AutoRosterReason),
  /** Others who could have worked it (eligible, free that day). */
  alternatives: z.number().int(),
});
export type AutoRosterAssignment = z.infer<typeof AutoRosterAssignment>;

/** A staffing line of a day that the proposal leaves short or over. */
export const AutoRosterCoverGap = z.object({
  location: z.string(),
  date: z.string(),
  shiftId: z.string(),
  dutyId: z.string().nullable(),
  wanted: z.number().int(),
  planned: z.number().int(),
});

/** Per person: what the proposal gives them against their contract and wishes. */
export const AutoRosterPerson = z.object({
  user: z.string(),
  minutes: z.number().int(),
  /** The contract's hours for the range, and the range the proposal keeps to (null: no limit). */
  contractMinutes: z.number().int().nullable(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int().nullable(),
  shifts: z.number().int(),
  wishesMet: z.number().int(),
  wishesMissed: z.number().int(),
  /** Weighted cost of the wishes not met. */
  wishPenalty: z.number().int(),
});

export const AutoRosterResponse = z.object({
  status: z.enum(['optimal', 'feasible']),
  penalty: z.object({
    total: z.number().int(),
    open: z.number().int(),
    over: z.number().int(),
    wishes: z.number().int(),
  }),
  seconds: z.number(),
  /** Minimum hours could not be kept for everyone and were left out of this proposal. */
  relaxedMinimum: z.boolean(),
  assignments: z.array(AutoRosterAssignment),
  /** With moves allowed: duties people hold now that the proposal takes from them (left open unless moved). */
  unassign: z.array(z.object({ item: z.string(), user: z.string() })),
  cover: z.array(AutoRosterCoverGap),
  people: z.array(AutoRosterPerson),
});
export type AutoRosterResponse = z.infer<typeof AutoRosterResponse>;

export const AutoRosterApplyRequest = z.object({
  assignments: z
    .array(
      z.object({
        location: z.string().uuid(),
        date: CalendarDate,
        shiftId: z.string().uuid(),
        dutyId: z.string().uuid().nullable(),
        user: z.string().uuid(),
        item: z.string().uuid().nullable(),
      }),
    )
    .max(2000),
  unassign: z
    .array(z.object({ item: z.string().uuid() }))
    .max(2000)
    .default([]),
});
export type AutoRosterApplyRequest = z.input<typeof AutoRosterApplyRequest>;

export const AutoRosterApplyResponse = z.object({
  applied: z.number().int(),
  /** What could not be applied by now, with the rule's code (someone changed the roster since the proposal). */
  conflicts: z.array(z.object({ date: z.string(), user: z.string().nullable(), code: z.string() })),
});
export type AutoRosterApplyResponse = z.infer<typeof AutoRosterApplyResponse>;
