import { expectAccessible } from './axe';
import { type Api, apiOf, locationId, setModules, shot } from './flow';
import { expect, test } from './pageErrors';
import { signInToOverview, text } from './sample';

/**
 * The planning overview (docs/product/clients.md, "Planning overview"): Headquarter given a client, a planner opens
 * the overview from the menu and finds the client with its planning, its duties staffed against those needed; one
 * client chosen narrows the page to it. 1366 and 375 px, axe.
 */

test.describe.configure({ mode: 'serial' });

let owner: Api;
let hq: string;
let client: string;
const clientName = `Stadtwerke ${Date.now() % 100000}`;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  await setModules(owner, ['planning', 'clients'], true);
  hq = await locationId(owner, 'Headquarter');
  const created = await owner.api.post('/api/clients', { headers: owner.headers, data: { name: clientName } });
  expect(created.status()).toBe(201);
  client = (await created.json()).id;
  const set = await owner.api.put(`/api/locations/${hq}`, { headers: owner.headers, data: { clientId: client } });
  expect(set.status(), await set.text()).toBe(200);
});

test.afterAll(async () => {
  await owner.api.put(`/api/locations/${hq}`, { headers: owner.headers, data: { clientId: null } });
  // Back as the sample has them (off); clients first, as it needs planning.
  await setModules(owner, ['clients', 'planning'], false);
  await owner.api.dispose();
});

test('a planner sees plannings per client with their staffed and needed duties', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(page, 'planner@example.com');
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
