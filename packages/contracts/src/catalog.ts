import { z } from 'zod';
import { BREAK_OPTIONS, IDENTIFIER_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from './constants';
import { CalendarDate, line, matching, name } from './inputs';

/**
 * The catalog an account plans with: locations (plannings), duties, shifts, tags, cost centres, and which of them a
 * membership holds. Money is integer cents; times of day are "HH:mm"; dates are ISO dates (YYYY-MM-DD).
 */

export const LOCATION_TYPES = ['ongoing', 'temporary'] as const;
export const LocationType = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof LocationType>;

export const LOCATION_STATUSES = ['active', 'inactive', 'archived', 'finished'] as const;
export const LocationStatus = z.enum(LOCATION_STATUSES);
export type LocationStatus = z.infer<typeof LocationStatus>;

/** Largest amount of cents the database keeps (a 32-bit integer). */
export const MAX_CENTS = 2_147_483_647;
export const REST_HOURS_MAX = 24;

/**
 * Field error keys the catalog answers in 422 `fields` (besides zod's own messages); the web words them from its
 * `validation` catalog.
 */
export const CATALOG_FIELD_ERRORS = [
  'validation.required',
  'validation.taken',
  'validation.endBeforeStart',
  'validation.unknownIds',
] as const;

const Id = z.uuid();
const Name = name();
const Text = (max: number) => line(max).nullable();
const Cents = z.number().int().min(0).max(MAX_CENTS);
const Identifier = name(IDENTIFIER_MAX_LENGTH);
const Ids = z.array(Id).max(1000);
export const ShiftTime = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
export const ShiftBreak = z.literal([...BREAK_OPTIONS]);
export const DutyColor = matching(/^#[0-9a-f]{6}$/, '#rrggbb', { trim: true, case: 'lower' });

export const CatalogIdParams = z.object({ id: Id });

/** `confirmed=true` (query) confirms a change that deletes roster items; the body may carry it too. */
export const ConfirmQuery = z.object({
  confirmed: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

// Locations (plannings)

const LocationFields = z.object({
  name: Name,
  zip: Text(20),
  address: Text(200),
  city: Text(100),
  type: LocationType,
  /** The client the planning works for (docs/product/clients.md), one of the account's; null for none. */
  clientId: Id.nullable(),
  startDate: CalendarDate.nullable(),
  endDate: CalendarDate.nullable(),
  budgetCents: Cents.nullable(),
  projectCode: Text(50),
  status: LocationStatus,
  /** Where the planning is, for its weather forecast (docs/product/weather.md): WGS 84 degrees, both or neither. */
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

/** A new location: a name, the rest optional (ongoing and active unless said). */
export const LocationCreate = LocationFields.partial().extend({ name: Name });
export type LocationCreate = z.infer<typeof LocationCreate>;

/** Changes to a location: only the fields sent change. `confirmed` accepts deleting items outside new dates. */
export const LocationUpdate = LocationFields.partial().extend({ confirmed: z.boolean().optional() });
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  type: LocationType,
  clientId: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Only for members who manage settings. */
  budgetCents: z.number().int().nullable().optional(),
  /** Only for members who manage settings. */
  projectCode: z.string().nullable().optional(),
  status: LocationStatus,
  /** Published up to and including this date; changed by release and revoke, not here. */
  releasedUntil: z.string().nullable(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});
export type Location = z.infer<typeof Location>;

export const LocationsResponse = z.object({ locations: z.array(Location) });
export type LocationsResponse = z.infer<typeof LocationsResponse>;

// Duties

const DutyFields = z.object({
  identifier: Identifier,
  name: Name,
  color: DutyColor,
  trashed: z.boolean(),
  /** Rest after each duty, in hours. */
  restHours: z.number().int().min(0).max(REST_HOURS_MAX),
  overrideRateCents: Cents.nullable(),
});

export const DutyCreate = DutyFields.partial().extend({ identifier: Identifier, name: Name });
export type DutyCreate = z.infer<typeof DutyCreate>;
export const DutyUpdate = DutyFields.partial();
export type DutyUpdate = z.infer<typeof DutyUpdate>;

export const Duty = z.object({
  id: z.string(),
  identifier: z.string(),
  name: z.string(),
  color: z.string(),
  trashed: z.boolean(),
  restHours: z.number().int(),
  /** Only for members who manage settings. */
  overrideRateCents: z.number().int().nullable().optional(),
});
export type Duty = z.infer<typeof Duty>;

export const DutiesResponse = z.object({ duties: z.array(Duty) });
export type DutiesResponse = z.infer<typeof DutiesResponse>;

// Shifts

const ShiftFields = z.object({
  identifier: Identifier,
  name: Name,
  start: ShiftTime,
  /** An end not after the start runs overnight; an equal one is refused (ERR_EQUAL). */
  end: ShiftTime,
  break: ShiftBreak,
  trashed: z.boolean(),
  /** At least one location of the account. */
  locationIds: Ids.min(1),
});

export const ShiftCreate = ShiftFields.partial().extend({
  identifier: Identifier,
  name: Name,
  start: ShiftTime,
  end: ShiftTime,
  locationIds: Ids.min(1),
});
export type ShiftCreate = z.infer<typeof ShiftCreate>;
export const ShiftUpdate = ShiftFields.partial();
export type ShiftUpdate = z.infer<typeof ShiftUpdate>;

export const Shift = z.object({
  id: z.string(),
  identifier: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  break: z.number().int(),
  trashed: z.boolean(),
  locationIds: z.array(z.string()),
});
export type Shift = z.infer<typeof Shift>;

export const ShiftsResponse = z.object({ shifts: z.array(Shift) });
export type ShiftsResponse = z.infer<typeof ShiftsResponse>;

// Tags

export const TagInput = z.object({ name: name(TAG_NAME_MAX_LENGTH) });
export type TagInput = z.infer<typeof TagInput>;

export const Tag = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof Tag>;

export const TagsResponse = z.object({ tags: z.array(Tag) });
export type TagsResponse = z.infer<typeof TagsResponse>;

// Cost centres

const CostCentreFields = z.object({
  code: Text(20),
  name: Name,
  /** Making one the default takes the flag from the previous default; the default cannot be unset directly. */
  isDefault: z.boolean(),
});

export const CostCentreCreate = CostCentreFields.partial().extend({ name: Name });
export type CostCentreCreate = z.infer<typeof CostCentreCreate>;
export const CostCentreUpdate = CostCentreFields.partial();
export type CostCentreUpdate = z.infer<typeof CostCentreUpdate>;

export const CostCentre = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  isDefault: z.boolean(),
});
export type CostCentre = z.infer<typeof CostCentre>;

export const CostCentresResponse = z.object({ costCentres: z.array(CostCentre) });
export type CostCentresResponse = z.infer<typeof CostCentresResponse>;

// Holdings of a membership

/** The plannings, duties and tags a membership holds; a PUT replaces all three. */
export const Holdings = z.object({ locationIds: Ids, dutyIds: Ids, tagIds: Ids });
export type Holdings = z.infer<typeof Holdings>;
