import type { CheckinLocation, CheckinLocationsResponse, SetCoordinatesRequest } from '@app/contracts';
import { mayPlaceLocations, now } from '@app/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accounts, locationCoordinates, locations } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { geocoder } from './geocoder';

/**
 * Where the plannings are, for check-ins (check-in settings page; owners and unlimited managers). The geocoder
 * places a planning when its full address is saved (`placeOnSave`) or when asked again; a manager may also set the
 * coordinates directly ("use my position" on the phone at the place). Without coordinates a planning that requires
 * the location cannot be checked into, and the pages say so.
 */

type LocationRow = typeof locations.$inferSelect;
type CoordinatesRow = typeof locationCoordinates.$inferSelect;

const fullAddress = (l: Pick<LocationRow, 'zip' | 'address' | 'city'>) => Boolean(l.zip && l.address && l.city);
const addressLine = (l: Pick<LocationRow, 'zip' | 'address' | 'city'>) =>
  fullAddress(l) ? `${l.address}, ${l.zip} ${l.city}` : null;

function present(l: LocationRow, c: CoordinatesRow | null | undefined): CheckinLocation {
  return {
    id: l.id,
    name: l.name,
    address: addressLine(l),
    fullAddress: fullAddress(l),
    coordinates: c
      ? { latitude: c.latitude, longitude: c.longitude, source: c.source === 'manual' ? 'manual' : 'geocoder' }
      : null,
  };
}

async function locationOf(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ location: locations, coordinates: locationCoordinates })
    .from(locations)
    .leftJoin(locationCoordinates, eq(locationCoordinates.locationId, locations.id))
    .where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /api/settings/check-in/locations */
export async function listPlaces(ctx: AppContext, actor: Actor): Promise<CheckinLocationsResponse> {
  requireAllowed(mayPlaceLocations(actor));
  const rows = await ctx.db
    .select({ location: locations, coordinates: locationCoordinates })
    .from(locations)
    .leftJoin(locationCoordinates, eq(locationCoordinates.locationId, locations.id))
    .where(eq(locations.accountId, actor.accountId))
    .orderBy(asc(locations.name));
  return {
    geocoder: geocoder() !== null,
    locations: rows
      .filter((r) => r.location.status === 'active' || r.location.status === 'inactive')
      .map((r) => present(r.location, r.coordinates)),
  };
}

async function store(
  db: Tx,
  accountId: string,
  locationId: string,
  value: { latitude: number; longitude: number; source: 'geocoder' | 'manual'; address: string | null },
) {
  const row = { ...value, accountId, locationId, updatedAt: now() };
  await db
    .insert(locationCoordinates)
    .values(row)
    .onConflictDoUpdate({ target: locationCoordinates.locationId, set: row });
}

/** PUT /api/settings/check-in/locations/{id}/coordinates: set (or clear with null) by hand. */
export async function setCoordinates(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: SetCoordinatesRequest,
): Promise<{ location: CheckinLocation }> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const { location, coordinates: before } = await locationOf(tx, actor.accountId, id);
    requireAllowed(mayPlaceLocations(actor));
    if (input.coordinates) {
      await store(tx, actor.accountId, id, { ...input.coordinates, source: 'manual', address: addressLine(location) });
    } else {
      await tx.delete(locationCoordinates).where(eq(locationCoordinates.locationId, id));
    }
    await recordActivity(tx, actor, {
      entity: 'location',
      entityId: id,
      action: 'update',
      before: { coordinates: before ? { latitude: before.latitude, longitude: before.longitude } : null },
      after: { coordinates: input.coordinates },
    });
    const placed = await locationOf(tx, actor.accountId, id);
    return { location: present(placed.location, placed.coordinates) };
  });
}

async function countryOf(db: DbOrTx, accountId: string): Promise<string> {
  const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  return accountSettings(row?.settings).country;
}

/** POST /api/settings/check-in/locations/{id}/geocode: looks the planning's address up again. */
export async function geocodeLocation(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ location: CheckinLocation }> {
  const { location } = await locationOf(ctx.db, actor.accountId, id);
  requireAllowed(mayPlaceLocations(actor));
  const lookup = geocoder();
  if (!lookup) throw new AppError('ERR_GEOCODE', { data: { reason: 'unavailable' } });
  if (!fullAddress(location)) throw new AppError('ERR_GEOCODE', { data: { reason: 'address' } });
  let found: { latitude: number; longitude: number } | null;
  try {
    found = await lookup.lookup({
      street: location.address as string,
      zip: location.zip as string,
      city: location.city as string,
      country: actor.settings.country,
    });
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'geocoder failed');
    throw new AppError('ERR_GEOCODE', { data: { reason: 'unavailable' } });
  }
  if (!found) throw new AppError('ERR_GEOCODE', { data: { reason: 'notFound' } });
  // The lookup went over the network before; the change is one command.
  const place = found;
  return runCommand(ctx, actor, async ({ tx }) => {
    await store(tx, actor.accountId, id, { ...place, source: 'geocoder', address: addressLine(location) });
    const again = await locationOf(tx, actor.accountId, id);
    return { location: present(again.location, again.coordinates) };
  });
}

/**
 * After a planning is saved: with a geocoder and a full address that differs from the one last placed (and no
 * coordinates set by hand for it), looks it up. Never fails the save: a failure only leaves the coordinates as
 * they were (the settings page offers to look up again).
 */
export async function placeOnSave(ctx: AppContext, accountId: string, locationId: string): Promise<void> {
  const lookup = geocoder();
  if (!lookup) return;
  try {
    const { location, coordinates } = await locationOf(ctx.db, accountId, locationId);
    const line = addressLine(location);
    if (!line || coordinates?.address === line) return;
    const found = await lookup.lookup({
      street: location.address as string,
      zip: location.zip as string,
      city: location.city as string,
      country: await countryOf(ctx.db, accountId),
    });
    if (found)
      await runCommand(ctx, null, ({ tx }) =>
        store(tx, accountId, locationId, { ...found, source: 'geocoder', address: line }),
      );
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'geocoding a saved planning failed');
  }
}
