import { createServer, type Server } from 'node:http';
import { addDays, weekStart } from '@app/domain';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * Weather (docs/product/weather.md): with the module on and the planning's coordinates set, the roster's day heads
 * show the forecast of a provider with Open-Meteo's API: here a fake one on this machine (E2E_PORT + 2, the address
 * the config gives the server as WEATHER_URL). Its days are counted from the server's own week, so the flow does not
 * depend on today's date.
 */

test.describe.configure({ mode: 'serial' });

const weatherPort = Number(process.env.E2E_PORT ?? 3100) + 2;
let provider: Server;
let asked = 0;
let api: APIRequestContext;
let headers: Record<string, string>;
let hq: string;
let today: string;
let before: { latitude: number | null; longitude: number | null };

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    asked++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const first = today ?? new Date().toISOString().slice(0, 10);
    const time = Array.from({ length: 7 }, (_, i) => addDays(first, i));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        daily: {
          time,
          weather_code: time.map((_, i) => [0, 3, 61, 71, 95, 45, 2][i]),
          temperature_2m_max: time.map((_, i) => 12 + i),
          temperature_2m_min: time.map((_, i) => i - 1),
          precipitation_sum: time.map((_, i) => i),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(weatherPort, '127.0.0.1', resolve));
  api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  expect(login.status()).toBe(200);
  headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  expect((await api.put('/api/modules/weather', { headers, data: { active: true } })).status()).toBe(200);
  const locations = (await (await api.get('/api/locations')).json()).locations as {
    id: string;
    name: string;
    latitude: number | null;
    longitude: number | null;
  }[];
  const location = locations.find((l) => l.name === 'Headquarter');
  hq = location?.id ?? '';
  before = { latitude: location?.latitude ?? null, longitude: location?.longitude ?? null };
  const day = await (await api.get(`/api/items?scope=planning&location=${hq}&period=day`)).json();
  today = day.periods.from as string;
});

test.afterAll(async () => {
  await api.put(`/api/locations/${hq}`, { headers, data: before });
  await api.put('/api/modules/weather', { headers, data: { active: false } });
  await api.dispose();
  await new Promise((resolve) => provider.close(resolve));
});

test("a planner sets the planning's place and sees the week's forecast in the day heads", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');

  // The place of the planning, in the plannings' settings.
  await page.goto(`/en/settings/locations`);
  await page.getByTestId('locations-row').filter({ hasText: 'Headquarter' }).first().click();
  await page.getByTestId('location-latitude').fill('52.52');
  await page.getByTestId('location-longitude').fill('13.405');
  await expectAccessible(page, 'the planning form with its coordinates');
  await page.getByTestId('location-form-save').click();
  await expect
    .poll(async () => (await (await api.get(`/api/locations/${hq}`)).json()).latitude, { timeout: 15_000 })
    .toBe(52.52);

  // The roster's day heads: today clear, tomorrow cloudy, then rain, with the temperatures.
  await page.goto(`/en/roster/${hq}/${today}?period=week`);
  await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
  const head = page.getByTestId(`weather-${today}`);
  await expect(head).toBeVisible();
  await expect(head).toHaveAttribute('data-kind', 'clear');
  await expect(head).toContainText('-1°/12°');
  await expect(head).toHaveAttribute(
    'title',
    text('en', 'roster.weather.label')
      .replace('{{kind}}', text('en', 'roster.weather.kinds.clear'))
      .replace('{{min}}', '-1')
      .replace('{{max}}', '12')
      .replace('{{precipitation}}', '0'),
  );
  // The rain two days ahead, in the week that holds that day (on a Saturday or Sunday, the next one).
  const rainDay = addDays(today, 2);
  if (weekStart(rainDay) !== weekStart(today)) await page.goto(`/en/roster/${hq}/${rainDay}?period=week`);
  await expect(page.getByTestId(`weather-${rainDay}`)).toHaveAttribute('data-kind', 'rain');
  const fetched = asked;
  // A retry finds the first try's forecast in the server's cache: the provider need not be asked then.
  if (!test.info().retry) expect(fetched).toBeGreaterThan(0);
  await expectAccessible(page, 'the roster with the forecast');
  await page.screenshot({ path: test.info().outputPath('weather-1366.png') });

  // Read again (today's week): the forecast comes from the cache, the provider is not asked again.
  await page.goto(`/en/roster/${hq}/${today}?period=week`);
  await expect(page.getByTestId(`weather-${today}`)).toBeVisible({ timeout: 30_000 });
  expect(asked).toBe(fetched);

  // A phone: the day list's heads.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/en/roster/${hq}/${today}?period=week`);
  await expect(page.getByTestId(`day-section-${today}`).getByTestId(`weather-${today}`)).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'the day list with the forecast');
  await page.screenshot({ path: test.info().outputPath('weather-375.png'), fullPage: false });
});
