import { z } from 'zod';
import { CalendarDate } from './inputs';

/**
 * Statistics (docs/product/reports.md; module statistics; accountants and owners). The call is ours: GET
 * /api/statistics.
 */

/** At most a little over three months at once. */
export const STATISTICS_RANGE_MAX_DAYS = 93;

export const StatisticsQuery = z.object({
  from: CalendarDate.optional(),
  until: CalendarDate.optional(),
  location: z.uuid().optional(),
});
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

const Figures = { plannedMinutes: z.number(), workedMinutes: z.number(), costCents: z.number() };

export const StatisticsResponse = z.object({
  from: z.string(),
  until: z.string(),
  totals: z.object({
    ...Figures,
    contractMinutes: z.number(),
    overtimeMinutes: z.number(),
    sickMinutes: z.number(),
    sicknessRate: z.number(),
    openDuties: z.number(),
    openMinutes: z.number(),
  }),
  weeks: z.array(z.object({ week: z.string(), ...Figures, contractMinutes: z.number() })),
  locations: z.array(z.object({ id: z.string(), name: z.string(), ...Figures, openDuties: z.number() })),
  duties: z.array(z.object({ id: z.string().nullable(), name: z.string().nullable(), ...Figures })),
  people: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      plannedMinutes: z.number(),
      workedMinutes: z.number(),
      contractMinutes: z.number(),
      overtimeMinutes: z.number(),
      sickMinutes: z.number(),
    }),
  ),
  /** The plannings to filter by. */
  options: z.object({ locations: z.array(z.object({ id: z.string(), name: z.string() })) }),
});
export type StatisticsResponse = z.infer<typeof StatisticsResponse>;
