import { z } from 'zod';
import { line, name, text } from './inputs';

/**
 * Vehicles and equipment (docs/product/resources.md): what a roster item may carry besides a person; one resource on
 * two overlapping items is the roster conflict `RESOURCE`.
 */

export const RESOURCE_KINDS = ['vehicle', 'equipment'] as const;
export const ResourceKind = z.enum(RESOURCE_KINDS);
export type ResourceKind = z.infer<typeof ResourceKind>;

/** Seats or units: at most this many. */
export const RESOURCE_CAPACITY_MAX = 1000;

const ResourceFields = z.object({
  name: name(),
  kind: ResourceKind,
  /** The type in the company's words (van, bus, forklift). */
  type: line(60).nullable(),
  capacity: z.number().int().min(1).max(RESOURCE_CAPACITY_MAX).nullable(),
  /** A licence plate or serial number. */
  identifier: line(40).nullable(),
  notes: text(1000).nullable(),
  archived: z.boolean(),
});

export const ResourceCreate = ResourceFields.partial().extend({ name: name(), kind: ResourceKind });
export type ResourceCreate = z.infer<typeof ResourceCreate>;
export const ResourceUpdate = ResourceFields.partial();
export type ResourceUpdate = z.infer<typeof ResourceUpdate>;

export const Resource = z.object({
  id: z.string(),
  name: z.string(),
  kind: ResourceKind,
  type: z.string().nullable(),
  capacity: z.number().int().nullable(),
  identifier: z.string().nullable(),
  notes: z.string().nullable(),
  archived: z.boolean(),
  /** Roster items from today on that carry it. */
  upcoming: z.number().int(),
});
export type Resource = z.infer<typeof Resource>;

export const ResourcesResponse = z.object({ resources: z.array(Resource) });
export type ResourcesResponse = z.infer<typeof ResourcesResponse>;

export const ResourcesQuery = z.object({
  q: line(100).optional(),
  archived: z.enum(['true', 'false']).optional(),
});
export type ResourcesQuery = z.infer<typeof ResourcesQuery>;

export const ResourceIdParams = z.object({ id: z.uuid() });

/** Puts a resource on a roster item. */
export const ItemResourceRequest = z.object({ resource: z.uuid() });
export type ItemResourceRequest = z.infer<typeof ItemResourceRequest>;

/** A resource as the roster's load names it. */
export const RosterResource = z.object({
  id: z.string(),
  name: z.string(),
  kind: ResourceKind,
  type: z.string().nullable(),
  capacity: z.number().int().nullable(),
  archived: z.boolean(),
});
export type RosterResource = z.infer<typeof RosterResource>;

/**
 * How a person on a project's duty travels in its vehicle (docs/product/resources.md, "Drivers and passengers"): the
 * first of a shift's people drives, the others ride along. The same words as the hours' travel roles.
 */
export const RIDE_ROLES = ['driver', 'passenger'] as const;
export const RideRole = z.enum(RIDE_ROLES);
export type RideRole = z.infer<typeof RideRole>;
