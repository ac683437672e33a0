import { localizedPath } from '@app/domain';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });

let owner: { api: APIRequestContext; headers: Record<string, string> };

test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  owner = { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
  // Statistics is a module the sample leaves off: on for this flow, off again after it (the menu model).
  const on = await api.put('/api/modules/statistics', { headers: owner.headers, data: { active: true } });
  expect(on.status()).toBe(200);
});
test.afterAll(async () => {
  await owner.api.put('/api/modules/statistics', { headers: owner.headers, data: { active: false } });
  await owner.api.dispose();
});

test('the accountant reads the month’s statistics: charts with their tables, then the details', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'accountant@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-statistics').click();
  await expect(page.getByTestId('statistics-page')).toBeVisible();
  const weeks = page.getByTestId('chart-weeks');
  await expect(weeks.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(weeks.getByRole('table', { name: text('en', 'statistics.charts.weeks') })).toBeVisible();
  await expect(weeks.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('chart-locations').locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page, 'statistics overview at 1366 px');
  await page.screenshot({ path: test.info().outputPath('statistics-1366.png'), fullPage: true });

  await page.getByTestId('statistics-tab-details').click();
  await expect(page.getByTestId('table-people').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'statistics details at 1366 px');
  await page.screenshot({ path: test.info().outputPath('statistics-details-1366.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(localizedPath('statistics', 'en'));
  await expect(page.getByTestId('chart-weeks').locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page, 'statistics overview at 375 px');
  await page.screenshot({ path: test.info().outputPath('statistics-375.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
