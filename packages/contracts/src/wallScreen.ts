import { z } from 'zod';
import { CalendarDate } from './inputs';
import { TodayEntry } from './notifications';

/** Whether a planning has a wall screen, and since when (its address is shown only when made). */
export const WallScreenState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type WallScreenState = z.infer<typeof WallScreenState>;

/** A new wall screen's address. */
export const WallScreenCreated = z.object({ url: z.string() });
export type WallScreenCreated = z.infer<typeof WallScreenCreated>;

/** What a wall screen shows: the planning's released duties of today, each with its state now. */
export const WallScreenView = z.object({
  planning: z.string(),
  date: CalendarDate,
  now: z.string(),
  timeZone: z.string(),
  /** False when today is not released yet: nothing is shown until it is. */
  released: z.boolean(),
  entries: z.array(TodayEntry),
});
export type WallScreenView = z.infer<typeof WallScreenView>;
