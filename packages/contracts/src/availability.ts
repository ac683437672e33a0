import { z } from 'zod';
import { AVAILABILITY_MAX_DAYS, NOTE_MAX_LENGTH } from './constants';
import { UnavailablePolicy } from './enums';
import { CalendarDate, dateRange, matching, text } from './inputs';

/** Availability of a member on a date (docs/product/availability.md). */
export const AVAILABILITY_TYPES = ['available', 'limited', 'vacation', 'unavailable', 'wish'] as const;
export const AvailabilityType = z.enum(AVAILABILITY_TYPES);
export type AvailabilityType = z.infer<typeof AvailabilityType>;

/** States of a vacation day. */
export const VACATION_STATUSES = ['requested', 'approved', 'denied'] as const;
export const VacationStatus = z.enum(VACATION_STATUSES);
export type VacationStatus = z.infer<typeof VacationStatus>;

/** What a weekday default may say: vacation is requested per date, never as a default. */
export const AVAILABILITY_DEFAULT_TYPES = ['available', 'limited', 'unavailable', 'wish'] as const;
export const AvailabilityDefaultType = z.enum(AVAILABILITY_DEFAULT_TYPES);
export type AvailabilityDefaultType = z.infer<typeof AvailabilityDefaultType>;

/** A calendar date, YYYY-MM-DD (the bounds of a request date are checked where it comes in). */
const AvailabilityDate = z.iso.date();
/** A local time of day, HH:mm. */
const AvailabilityTime = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');

/** At most AVAILABILITY_MAX_DAYS days, read at once. */
export const AvailabilityQuery = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    /** One member; without it, planners read the whole account and everyone else their own. */
    membership: z.string().uuid().optional(),
  }),
  AVAILABILITY_MAX_DAYS,
  { order: 'availability.rangeOrder', tooLong: 'availability.rangeTooLong' },
);
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const AvailabilityEntry = z.object({
  id: z.string(),
  membership: z.string(),
  date: AvailabilityDate,
  type: AvailabilityType,
  /** Constraints: the window of a limited day (or of an available day, or of a part-day vacation). */
  start: AvailabilityTime.nullable(),
  end: AvailabilityTime.nullable(),
  /** Vacation only. */
  status: VacationStatus.nullable(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type AvailabilityEntry = z.infer<typeof AvailabilityEntry>;

/** A weekday default: 0 = Monday ... 6 = Sunday; `type` null means the weekday has none. */
export const AvailabilityDefaultDay = z.object({
  weekday: z.number().int().min(0).max(6),
  type: AvailabilityDefaultType.nullable(),
  start: AvailabilityTime.nullable(),
  end: AvailabilityTime.nullable(),
});
export type AvailabilityDefaultDay = z.infer<typeof AvailabilityDefaultDay>;

export const AvailabilityListResponse = z.object({
  from: AvailabilityDate,
  until: AvailabilityDate,
  entries: z.array(AvailabilityEntry),
  /** The weekday defaults of the members read, for the days without an entry. */
  defaults: z.array(
    z.object({
      membership: z.string(),
      weekday: z.number().int(),
      type: AvailabilityDefaultType,
      start: AvailabilityTime.nullable(),
      end: AvailabilityTime.nullable(),
    }),
  ),
});
export type AvailabilityListResponse = z.infer<typeof AvailabilityListResponse>;

const AvailabilityDates = z.array(CalendarDate).min(1).max(AVAILABILITY_MAX_DAYS);

/** One entry per selected date, all with the same type and constraints (a multi-day save). */
export const AvailabilitySaveRequest = z.object({
  membership: z.string().uuid(),
  dates: AvailabilityDates,
  type: AvailabilityType,
  start: AvailabilityTime.nullish(),
  end: AvailabilityTime.nullish(),
  /** Vacation only; an employee's own vacation is `requested` when left out. */
  status: VacationStatus.nullish(),
  /** Empty clears. */
  note: text(NOTE_MAX_LENGTH).nullish(),
});
export type AvailabilitySaveRequest = z.infer<typeof AvailabilitySaveRequest>;

export const AvailabilitySaveResponse = z.object({ entries: z.array(AvailabilityEntry) });
export type AvailabilitySaveResponse = z.infer<typeof AvailabilitySaveResponse>;

export const AvailabilityDeleteRequest = z.object({
  membership: z.string().uuid(),
  dates: AvailabilityDates,
});
export type AvailabilityDeleteRequest = z.infer<typeof AvailabilityDeleteRequest>;

/** The dates that held an entry and hold none now. */
export const AvailabilityDeleteResponse = z.object({ deleted: z.array(AvailabilityDate) });
export type AvailabilityDeleteResponse = z.infer<typeof AvailabilityDeleteResponse>;

/** The whole week: a weekday left out (or with type null) has no default. */
export const AvailabilityDefaultsRequest = z.object({ days: z.array(AvailabilityDefaultDay).max(7) });
export type AvailabilityDefaultsRequest = z.infer<typeof AvailabilityDefaultsRequest>;

/** Always seven days, Monday first. */
export const AvailabilityDefaultsResponse = z.object({
  membership: z.string(),
  days: z.array(AvailabilityDefaultDay).length(7),
});
export type AvailabilityDefaultsResponse = z.infer<typeof AvailabilityDefaultsResponse>;

/** The account's availability settings (kept in the account settings with the other keys). */
export const AvailabilitySettings = z.object({
  unavailablePolicy: UnavailablePolicy,
  plannersMayChangeAvailability: z.boolean(),
  availabilityWeeksAhead: z.number().int().min(0).max(52),
});
export type AvailabilitySettings = z.infer<typeof AvailabilitySettings>;

export const AvailabilitySettingsUpdate = AvailabilitySettings.partial();
export type AvailabilitySettingsUpdate = z.infer<typeof AvailabilitySettingsUpdate>;
