import { z } from 'zod';
import { AvailabilityEntry, AvailabilityListResponse } from './availability';
import { NOTE_MAX_LENGTH } from './constants';
import { CalendarDate, dateRange, text } from './inputs';

/** The longest range the planner view reads at once: six weeks, a month view with its edges. */
export const AVAILABILITY_OVERVIEW_MAX_DAYS = 42;

/** A sickness record (docs/product/absence.md): from a date, an optional end, notes. */
export const SicknessRecord = z.object({
  id: z.string(),
  membership: z.string(),
  /** The member's name, as the lists show it; null where the planner restriction hides names. */
  name: z.string().nullable(),
  start: z.iso.date(),
  /** null while the sickness is open. */
  end: z.iso.date().nullable(),
  notes: z.string().nullable(),
  /** Roster items of the member inside the span that carry the sick flag through this record. */
  items: z.number().int(),
  reportedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SicknessRecord = z.infer<typeof SicknessRecord>;

/** Sickness of one member (their history), or everyone's for planners; `open` keeps the ones not ended by `on`. */
export const SicknessQuery = z.object({
  membership: z.string().uuid().optional(),
  /** Only records that cover this date or start after it and are still open (the roster's "sick now"). */
  openOn: CalendarDate.optional(),
  location: z.string().uuid().optional(),
});
export type SicknessQuery = z.infer<typeof SicknessQuery>;

export const SicknessListResponse = z.object({ records: z.array(SicknessRecord) });
export type SicknessListResponse = z.infer<typeof SicknessListResponse>;

export const SicknessCreateRequest = z
  .object({
    membership: z.string().uuid(),
    start: CalendarDate,
    end: CalendarDate.nullish(),
    notes: text(NOTE_MAX_LENGTH).nullish(),
  })
  // The last sick day is not before the first (the form says it before sending; a change is checked by the service).
  .refine((v) => !v.end || v.end >= v.start, { path: ['end'], message: 'sickness.endBeforeStart' });
export type SicknessCreateRequest = z.infer<typeof SicknessCreateRequest>;

/** Changes the span or the notes; an end closes an open record (the member is back). */
export const SicknessUpdateRequest = z.object({
  start: CalendarDate.optional(),
  end: CalendarDate.nullish(),
  notes: text(NOTE_MAX_LENGTH).nullish(),
});
export type SicknessUpdateRequest = z.infer<typeof SicknessUpdateRequest>;

export const SicknessResponse = z.object({ record: SicknessRecord });
export type SicknessResponse = z.infer<typeof SicknessResponse>;

/** The planner view of availability: a location's members over a range, with who has entered nothing. */
export const AvailabilityOverviewQuery = dateRange(
  z.object({ location: z.string().uuid(), from: CalendarDate, until: CalendarDate }),
  AVAILABILITY_OVERVIEW_MAX_DAYS,
  { order: 'availability.rangeOrder', tooLong: 'availability.rangeTooLong' },
);
export type AvailabilityOverviewQuery = z.infer<typeof AvailabilityOverviewQuery>;

export const AvailabilityOverviewMember = z.object({
  id: z.string(),
  /** Null where the planner restriction hides names. */
  name: z.string().nullable(),
  duties: z.array(z.string()),
  tags: z.array(z.string()),
  /** Whether the member enters availability (the membership flag). */
  entersAvailability: z.boolean(),
  /** Days of the range with neither an entry nor a weekday default. */
  missing: z.number().int(),
});
export type AvailabilityOverviewMember = z.infer<typeof AvailabilityOverviewMember>;

export const AvailabilityOverviewResponse = z.object({
  from: z.iso.date(),
  until: z.iso.date(),
  location: z.string(),
  members: z.array(AvailabilityOverviewMember),
  entries: z.array(AvailabilityEntry),
  defaults: AvailabilityListResponse.shape.defaults,
  /** Sickness overlapping the range, of these members. */
  sickness: z.array(SicknessRecord),
});
export type AvailabilityOverviewResponse = z.infer<typeof AvailabilityOverviewResponse>;
