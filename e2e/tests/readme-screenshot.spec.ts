import { fileURLToPath } from 'node:url';
import { todayIn, weekStart } from '@app/domain';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn } from './sample';

/**
 * README's screenshot of the roster grid (docs/screenshots/roster-grid.png): the manager's week of the Headquarter at
 * 1366 px, with the sample's vacation on the grid and the labour cost (the rates module switched on for the shot and
 * off again). Not a check: it runs only when asked, on a fresh sample server:
 * `README_SCREENSHOT=1 npx playwright test tests/readme-screenshot.spec.ts` (with the usual E2E_PORT and TEST_NOW).
 */
test.skip(!process.env.README_SCREENSHOT, 'README_SCREENSHOT=1 takes README’s screenshot');
test.use({ viewport: { width: 1366, height: 860 } });

const target = fileURLToPath(new URL('../../docs/screenshots/roster-grid.png', import.meta.url));

test('README: the roster grid with leave and labour cost', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  const { locations } = await (await api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  await api.put('/api/modules/rates', { headers, data: { active: true } });
  try {
    await signIn(page, 'en', 'manager@example.com');
    await expectOnOverview(page, 'en');
    const monday = weekStart(todayIn('Europe/Berlin'), 'monday');
    await page.goto(`/en/roster/${hq.id}/${monday}?period=week`);
    await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    // The sample's vacation of this week and the cost beside the hours.
    await expect(page.locator('.roster-leave').first()).toBeVisible();
    await expect(page.locator('.roster-day-cost').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: target });
  } finally {
    await api.put('/api/modules/rates', { headers, data: { active: false } });
    await api.dispose();
  }
});
