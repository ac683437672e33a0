import { z } from 'zod';

/**
 * Check-ins (docs/product/checkins.md; module `checkins`, BETA). The calls are ours,
 * under /api/checkins (docs/architecture.md, "Check-ins"). Times are ISO instants; "HH:mm" for planned times.
 */

export const Position = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The browser's accuracy in metres, for the record; the radius decides. */
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type Position = z.infer<typeof Position>;

export const CheckinState = z.enum(['open', 'checkedIn', 'checkedOut']);

/** A duty of the member that can be (or was) checked into, on their phone. */
export const MyCheckinDuty = z.object({
  item: z.string(),
  date: z.string(),
  from: z.string(),
  until: z.string(),
  location: z.object({ id: z.string(), name: z.string(), hasCoordinates: z.boolean() }),
  duty: z.object({ id: z.string(), name: z.string(), color: z.string() }).nullable(),
  state: CheckinState,
  /** When the window opens (ISO) and whether it is open now. */
  opensAt: z.string(),
  canCheckIn: z.boolean(),
  checkin: z
    .object({
      id: z.string(),
      checkedInAt: z.string(),
      checkedOutAt: z.string().nullable(),
      checkoutKind: z.enum(['self', 'supervisor', 'auto']).nullable(),
      late: z.boolean(),
    })
    .nullable(),
});
export type MyCheckinDuty = z.infer<typeof MyCheckinDuty>;

export const MyCheckinsResponse = z.object({
  now: z.string(),
  locationRequired: z.boolean(),
  radiusMeters: z.number(),
  duties: z.array(MyCheckinDuty),
});
export type MyCheckinsResponse = z.infer<typeof MyCheckinsResponse>;

export const CheckInRequest = z.object({ item: z.uuid(), position: Position.nullable().optional() });
export type CheckInRequest = z.infer<typeof CheckInRequest>;

export const CheckOutRequest = z.object({ position: Position.nullable().optional() });
export type CheckOutRequest = z.infer<typeof CheckOutRequest>;

/** One line of the supervisor's board: a duty of today in their reach, with its check-in. */
export const CheckinBoardEntry = z.object({
  item: z.string(),
  person: z.object({ id: z.string(), name: z.string() }),
  location: z.object({ id: z.string(), name: z.string() }),
  duty: z.object({ id: z.string(), name: z.string(), color: z.string() }).nullable(),
  from: z.string(),
  until: z.string(),
  state: CheckinState,
  checkin: z
    .object({
      id: z.string(),
      checkedInAt: z.string(),
      checkedOutAt: z.string().nullable(),
      checkoutKind: z.enum(['self', 'supervisor', 'auto']).nullable(),
      distanceMeters: z.number().nullable(),
      late: z.boolean(),
    })
    .nullable(),
});
export type CheckinBoardEntry = z.infer<typeof CheckinBoardEntry>;

export const CheckinBoardResponse = z.object({
  date: z.string(),
  now: z.string(),
  entries: z.array(CheckinBoardEntry),
  counts: z.object({ planned: z.number(), checkedIn: z.number(), checkedOut: z.number() }),
});
export type CheckinBoardResponse = z.infer<typeof CheckinBoardResponse>;

export const CheckinResponse = z.object({ checkin: z.object({ id: z.string(), item: z.string() }) });
export type CheckinResponse = z.infer<typeof CheckinResponse>;

/** The plannings and where they are on the map, for the check-in settings page. */
export const CheckinLocation = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  fullAddress: z.boolean(),
  coordinates: z
    .object({ latitude: z.number(), longitude: z.number(), source: z.enum(['geocoder', 'manual']) })
    .nullable(),
});
export type CheckinLocation = z.infer<typeof CheckinLocation>;

export const CheckinLocationsResponse = z.object({
  /** Whether the server can look up addresses (a geocoder is configured). */
  geocoder: z.boolean(),
  locations: z.array(CheckinLocation),
});
export type CheckinLocationsResponse = z.infer<typeof CheckinLocationsResponse>;

export const SetCoordinatesRequest = z.object({
  coordinates: Position.pick({ latitude: true, longitude: true }).nullable(),
});
export type SetCoordinatesRequest = z.infer<typeof SetCoordinatesRequest>;

export const CheckinLocationResponse = z.object({ location: CheckinLocation });
export type CheckinLocationResponse = z.infer<typeof CheckinLocationResponse>;
