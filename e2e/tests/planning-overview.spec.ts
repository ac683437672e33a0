import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * The planning overview (docs/product/clients.md, "Planning overview"): Headquarter given a client, a planner opens
 * the overview from the menu and finds the client with its planning, its duties staffed against those needed; one
 * client chosen narrows the page to it. 1366 and 375 px, axe.
 */

test.describe.configure({ mode: 'serial' });

interface Api {
  api: APIRequestContext;
  headers: Record<string, string>;
}

async function apiOf(email: string): Promise<Api> {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

let owner: Api;
let hq: string;
let client: string;
const clientName = `Stadtwerke ${Date.now() % 100000}`;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  for (const module of ['planning', 'clients']) {
    const on = await owner.api.put(`/api/modules/${module}`, { headers: owner.headers, data: { active: true } });
    expect(on.status(), module).toBe(200);
  }
  const locations = (await (await owner.api.get('/api/locations')).json()).locations as { id: string; name: string }[];
  hq = locations.find((l) => l.name === 'Headquarter')?.id ?? '';
  const created = await owner.api.post('/api/clients', { headers: owner.headers, data: { name: clientName } });
  expect(created.status()).toBe(201);
  client = (await created.json()).id;
  const set = await owner.api.put(`/api/locations/${hq}`, { headers: owner.headers, data: { clientId: client } });
  expect(set.status(), await set.text()).toBe(200);
});

test.afterAll(async () => {
  await owner.api.put(`/api/locations/${hq}`, { headers: owner.headers, data: { clientId: null } });
  // Back as the sample has them (off); clients first, as it needs planning.
  for (const module of ['clients', 'planning'])
    await owner.api.put(`/api/modules/${module}`, { headers: owner.headers, data: { active: false } });
  await owner.api.dispose();
});

test('a planner sees plannings per client with their staffed and needed duties', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-planning').click();
  await expect(page.getByTestId('planning-overview-page')).toBeVisible({ timeout: 30_000 });
  const card = page.getByTestId('planning-overview-client-card').filter({ hasText: clientName });
  await expect(card).toBeVisible();
  const row = card.getByTestId('planning-overview-row').filter({ hasText: 'Headquarter' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('planning-overview-staffed')).toHaveText(/^\d+ of \d+$/);
  await expectAccessible(page, 'the planning overview');
  await shot(page, 'planning-overview-1366');

  // One client chosen: only its card.
  await page.getByTestId('planning-overview-client').click();
  await page.getByRole('option', { name: clientName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/overview/${client}$`));
  await expect(page.getByTestId('planning-overview-client-card')).toHaveCount(1);
  await expect(page.getByTestId('planning-overview-client-card')).not.toContainText(
    text('en', 'planningOverview.noClient'),
  );

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByTestId('planning-overview-row').first()).toBeVisible();
  await expectAccessible(page, 'the planning overview on a phone');
  await shot(page, 'planning-overview-375');
});
