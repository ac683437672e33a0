import { TZDate } from '@date-fns/tz';
import type { Member } from './policies/member';
import { memberHasRole } from './policies/member';
import { mayOpenSettingsSection } from './policies/settings';

/**
 * Check-in rules (docs/product/checkins.md), shared by the server and the phone's check-in card:
 * - the window opens `maxBefore` minutes before the planned start and closes at the planned end; checking in later
 *   than `minBefore` minutes before the start is allowed but counts as late;
 * - with "location required", the browser's position must lie within the radius of the planning's coordinates;
 * - one check-in per duty: after a check-out the duty cannot be checked into again.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine), rounded to whole metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

export type CheckinTiming = 'early' | 'onTime' | 'late' | 'over';

/** Where a moment lies against a duty's check-in window (instants in ms). */
export function checkinTiming(
  span: { start: number; end: number },
  at: number,
  window: { minBefore: number; maxBefore: number },
): CheckinTiming {
  if (at < span.start - window.maxBefore * 60_000) return 'early';
  if (at >= span.end) return 'over';
  if (at > span.start - window.minBefore * 60_000) return 'late';
  return 'onTime';
}

/** The minute of the local day of an instant in a time zone, and that local date. */
export function localMinuteOf(at: number, timeZone: string): { date: string; minutes: number } {
  const d = new TZDate(at, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    minutes: d.getHours() * 60 + d.getMinutes(),
  };
}

/** Supervisors (owners and managers above them) see who is checked in and may check someone out. */
export const mayOverseeCheckins = (m: Pick<Member, 'roles'>) => memberHasRole(m, 'supervisor');

/** The plannings' coordinates belong to the check-in settings page: owners and unlimited managers. */
export const mayPlaceLocations = (m: Pick<Member, 'roles' | 'rights' | 'managerLimited'>) =>
  mayOpenSettingsSection(m, 'check-in');
