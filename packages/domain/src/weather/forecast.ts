/**
 * The weather module's forecast (docs/product/weather.md): a provider with Open-Meteo's API answers a planning's
 * next seven days, which the roster's day heads show. Pure: the server fetches and caches, the web draws.
 */

/** One day of a forecast: the WMO weather code, the lowest and highest temperature (°C) and precipitation (mm). */
export interface WeatherDay {
  date: string;
  code: number;
  min: number;
  max: number;
  precipitation: number;
}

/** How many days a forecast covers, from the day it is fetched on. */
export const FORECAST_DAYS = 7;

/** The query for Open-Meteo's forecast API (`/v1/forecast`) for a place, its dates in the account's time zone. */
export function forecastUrl(base: string, latitude: number, longitude: number, timeZone: string): string {
  const url = new URL('v1/forecast', base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('latitude', latitude.toFixed(4));
  url.searchParams.set('longitude', longitude.toFixed(4));
  url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum');
  url.searchParams.set('timezone', timeZone);
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  return url.toString();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The days of an Open-Meteo answer (`daily.time` with the code, temperatures and precipitation per day; the older
 * name `weathercode` too). Days the answer leaves incomplete are left out; an answer without days is null.
 */
export function parseForecast(body: unknown): WeatherDay[] | null {
  const daily = (body as { daily?: Record<string, unknown> } | null)?.daily;
  if (!daily || !Array.isArray(daily.time)) return null;
  const column = (name: string) => (Array.isArray(daily[name]) ? (daily[name] as unknown[]) : []);
  const codes = daily.weather_code !== undefined ? column('weather_code') : column('weathercode');
  const max = column('temperature_2m_max');
  const min = column('temperature_2m_min');
  const rain = column('precipitation_sum');
  const days: WeatherDay[] = [];
  daily.time.forEach((date, i) => {
    const code = num(codes[i]);
    const high = num(max[i]);
    const low = num(min[i]);
    if (typeof date !== 'string' || !DATE.test(date) || code === null || high === null || low === null) return;
    days.push({
      date,
      code: Math.round(code),
      min: Math.round(low),
      max: Math.round(high),
      precipitation: Math.round((num(rain[i]) ?? 0) * 10) / 10,
    });
  });
  return days.length ? days : null;
}

export const WEATHER_KINDS = ['clear', 'partly', 'cloudy', 'fog', 'drizzle', 'rain', 'snow', 'storm'] as const;
export type WeatherKind = (typeof WEATHER_KINDS)[number];

/** The kind of weather a WMO code stands for (the codes Open-Meteo answers), for an icon and its words. */
export function weatherKind(code: number): WeatherKind {
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'storm';
  return 'cloudy';
}

/** Whether a place's coordinates are WGS 84 degrees. */
export const validCoordinates = (latitude: number, longitude: number): boolean =>
  Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
