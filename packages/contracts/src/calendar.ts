import { z } from 'zod';

/**
 * Calendar subscriptions (docs/product/roster.md, "Calendar feeds"): a secret iCal address of a member's own
 * released duties, or of a whole planning for the people who plan it.
 */

/** Whether a feed exists; its address is shown only once, when it is made. */
export const CalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** A new feed's address, as https and as webcal (which opens the calendar app). */
export const CalendarFeedCreated = z.object({ url: z.string(), webcal: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;
