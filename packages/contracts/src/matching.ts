import { z } from 'zod';
import { MATCHING_MAX_DAYS } from './constants';
import { CalendarDate, dateRange } from './inputs';
import { IsoDate } from './roster';

export const MatchingRequest = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    /** auto picks the exact engine where the size allows, else the fast one. */
    mode: z.enum(['auto', 'exact', 'fast']).default('auto'),
  }),
  MATCHING_MAX_DAYS,
);
export type MatchingRequest = z.infer<typeof MatchingRequest>;

/** Why a member was proposed, as codes and numbers the web words. */
export const MatchingExplanation = z.object({
  score: z.number(),
  holdsDuty: z.boolean().nullable(),
  tagsMatched: z.number().int(),
  applied: z.boolean(),
  availability: z.string().nullable(),
  wish: z.boolean(),
  withinLimited: z.boolean().nullable(),
  warnings: z.array(z.string()),
  minutes: z.number().int(),
  week: IsoDate,
  hoursBefore: z.number(),
  hoursAfter: z.number(),
  contractHours: z.number().nullable(),
  maxHours: z.number().nullable(),
  overtimeHours: z.number(),
  costCents: z.number().nullable(),
  alternatives: z.number().int(),
});

export const MatchingResponse = z.object({
  engine: z.enum(['exact', 'fast']),
  status: z.enum(['optimal', 'feasible', 'heuristic']),
  assignments: z.array(z.object({ item: z.string(), user: z.string(), explanation: MatchingExplanation })),
  /** Items left open, each with its reason code and the figures behind it. */
  open: z.array(
    z.object({
      item: z.string(),
      reason: z.enum(['released', 'no_candidate', 'capacity', 'outweighed']),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  objective: z.number(),
  gap: z.number().nullable(),
  stats: z.object({
    items: z.number().int(),
    candidates: z.number().int(),
    pairs: z.number().int(),
    timeMs: z.number(),
  }),
});
export type MatchingResponse = z.infer<typeof MatchingResponse>;

export const MatchingApplyRequest = z.object({
  assignments: z
    .array(z.object({ item: z.string().uuid(), user: z.string().uuid() }))
    .min(1)
    .max(2000),
});
export type MatchingApplyRequest = z.infer<typeof MatchingApplyRequest>;

export const MatchingApplyResponse = z.object({
  applied: z.array(z.object({ item: z.string(), user: z.string() })),
  /** Assignments that conflict by now (someone changed the roster since the proposal), with the rule's code. */
  conflicts: z.array(z.object({ item: z.string(), user: z.string(), code: z.string() })),
});
export type MatchingApplyResponse = z.infer<typeof MatchingApplyResponse>;
