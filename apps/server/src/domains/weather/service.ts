import { FORECAST_DAYS, forecastUrl, now, parseForecast, type WeatherDay } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { weatherForecasts } from '../../db/schema';

/** How long the provider may take before the roster goes on without weather. */
const FETCH_TIMEOUT_MS = 4000;

interface ForecastPlace {
  accountId: string;
  locationId: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A planning's forecast for the next seven days (docs/product/weather.md): fetched from the provider once per planning
 * and day (the day in the account's time zone) and kept in `weather_forecasts`, so every instance and every load of
 * that day reads the same answer. Null without a provider or coordinates, or when the provider fails (then the next
 * load asks again).
 */
export async function forecastOf(
  db: DbOrTx,
  weatherUrl: string | undefined,
  place: ForecastPlace,
  timeZone: string,
  today: string,
  fetcher: typeof fetch = fetch,
): Promise<WeatherDay[] | null> {
  if (!weatherUrl || place.latitude === null || place.longitude === null) return null;
  const latitude = place.latitude.toFixed(4);
  const longitude = place.longitude.toFixed(4);
  const [cached] = await db
    .select()
    .from(weatherForecasts)
    .where(and(eq(weatherForecasts.locationId, place.locationId), eq(weatherForecasts.fetchedOn, today)));
  if (cached && cached.latitude === latitude && cached.longitude === longitude) return cached.days;
  let days: WeatherDay[] | null = null;
  try {
    const res = await fetcher(forecastUrl(weatherUrl, place.latitude, place.longitude, timeZone), {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (res.ok) days = parseForecast(await res.json());
  } catch {
    // The provider is down or slow: the roster shows no weather this time.
    return null;
  }
  if (!days) return null;
  days = days.slice(0, FORECAST_DAYS);
  await db
    .insert(weatherForecasts)
    .values({ accountId: place.accountId, locationId: place.locationId, fetchedOn: today, latitude, longitude, days })
    .onConflictDoUpdate({
      target: [weatherForecasts.locationId, weatherForecasts.fetchedOn],
      set: { latitude, longitude, days, createdAt: now() },
    });
  return days;
}
