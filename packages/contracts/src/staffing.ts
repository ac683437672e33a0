import { z } from 'zod';
import {
  STAFFING_MAX_COUNT,
  STAFFING_MAX_NEEDS,
  STAFFING_MAX_WEIGHT,
  STAFFING_OVER_WEIGHT,
  STAFFING_UNDER_WEIGHT,
} from './constants';

/**
 * A planning's staffing needs (docs/product/autoroster.md): per weekday (0 = Monday ... 6 = Sunday), shift and
 * optionally duty, how many people, what a place left open costs and what one person too many costs.
 */
export const StaffingNeed = z.object({
  weekday: z.number().int().min(0).max(6),
  shiftId: z.string().uuid(),
  dutyId: z.string().uuid().nullable(),
  count: z.number().int().min(0).max(STAFFING_MAX_COUNT),
  underWeight: z.number().int().min(0).max(STAFFING_MAX_WEIGHT).default(STAFFING_UNDER_WEIGHT),
  overWeight: z.number().int().min(0).max(STAFFING_MAX_WEIGHT).default(STAFFING_OVER_WEIGHT),
});
export type StaffingNeed = z.infer<typeof StaffingNeed>;

/** The whole list, replacing the stored one; one line per weekday, shift and duty. */
export const StaffingNeedsInput = z.object({
  needs: z
    .array(StaffingNeed)
    .max(STAFFING_MAX_NEEDS)
    .superRefine((needs, ctx) => {
      const seen = new Set<string>();
      needs.forEach((n, i) => {
        const key = `${n.weekday}|${n.shiftId}|${n.dutyId ?? ''}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'shiftId'], message: 'validation.taken' });
        seen.add(key);
      });
    }),
});
export type StaffingNeedsInput = z.input<typeof StaffingNeedsInput>;

export const StaffingNeedsResponse = z.object({ needs: z.array(StaffingNeed.required()) });
export type StaffingNeedsResponse = z.infer<typeof StaffingNeedsResponse>;
