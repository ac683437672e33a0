import type { LatLng } from '@app/domain';

/** An address to look up: street and number, zip, city and the account's country (ISO 3166-1 alpha-2). */
export interface GeocodeAddress {
  street: string;
  zip: string;
  city: string;
  country: string;
}

/**
 * Turns an address into coordinates. The server has no geocoder unless GEOCODER_URL names a Nominatim-compatible
 * service; tests put in their own (`setGeocoder`). Answers null when the address is not found.
 */
export interface Geocoder {
  lookup(address: GeocodeAddress): Promise<LatLng | null>;
}

let current: Geocoder | null = null;

export function setGeocoder(geocoder: Geocoder | null): Geocoder | null {
  const before = current;
  current = geocoder;
  return before;
}

export const geocoder = (): Geocoder | null => current;

const LOOKUP_TIMEOUT_MS = 5_000;

/** A Nominatim-compatible search (`/search?format=jsonv2&street=…&postalcode=…&city=…&countrycodes=…`). */
export function nominatimGeocoder(baseUrl: string, userAgent = 'Rosterly check-ins'): Geocoder {
  return {
    async lookup(a) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        limit: '1',
        street: a.street,
        postalcode: a.zip,
        city: a.city,
        countrycodes: a.country.toLowerCase(),
      }).toString();
      const res = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const rows = (await res.json()) as { lat?: string; lon?: string }[];
      const first = rows[0];
      const latitude = Number(first?.lat);
      const longitude = Number(first?.lon);
      if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      return { latitude, longitude };
    },
  };
}
