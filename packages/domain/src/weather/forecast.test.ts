import { describe, expect, it } from 'vitest';
import { forecastUrl, parseForecast, validCoordinates, weatherKind } from './forecast';

describe('the forecast of a planning', () => {
  it("asks Open-Meteo's daily forecast for seven days in the account's time zone", () => {
    const url = new URL(forecastUrl('http://127.0.0.1:9/api', 52.52, 13.405, 'Europe/Berlin'));
    expect(url.pathname).toBe('/api/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '52.5200',
      longitude: '13.4050',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum',
      timezone: 'Europe/Berlin',
      forecast_days: '7',
    });
  });

  it('reads the days of an answer, rounded; incomplete days are left out; the old code name counts too', () => {
    const body = {
      daily: {
        time: ['2027-03-29', '2027-03-30', '2027-03-31'],
        weather_code: [61, 0, null],
        temperature_2m_max: [12.6, 15.2, 9],
        temperature_2m_min: [4.4, -0.6, 1],
        precipitation_sum: [3.14, null, 0],
      },
    };
    expect(parseForecast(body)).toEqual([
      { date: '2027-03-29', code: 61, min: 4, max: 13, precipitation: 3.1 },
      { date: '2027-03-30', code: 0, min: -1, max: 15, precipitation: 0 },
    ]);
    const old = { daily: { time: ['2027-03-29'], weathercode: [3], temperature_2m_max: [1], temperature_2m_min: [0] } };
    expect(parseForecast(old)?.[0]).toMatchObject({ code: 3, precipitation: 0 });
  });

  it('answers null for an answer without days (an error, another format)', () => {
    expect(parseForecast({ error: true, reason: 'bad latitude' })).toBeNull();
    expect(parseForecast(null)).toBeNull();
    expect(parseForecast({ daily: { time: ['x'], weather_code: [1] } })).toBeNull();
  });

  it('names the kind of weather of each WMO code', () => {
    expect([0, 2, 3, 45, 53, 63, 81, 73, 86, 95, 99].map(weatherKind)).toEqual([
      'clear',
      'partly',
      'cloudy',
      'fog',
      'drizzle',
      'rain',
      'rain',
      'snow',
      'snow',
      'storm',
      'storm',
    ]);
  });

  it('takes coordinates in degrees only', () => {
    expect(validCoordinates(52.5, 13.4)).toBe(true);
    expect(validCoordinates(91, 0)).toBe(false);
    expect(validCoordinates(0, -181)).toBe(false);
  });
});
