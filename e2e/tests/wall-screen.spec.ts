import { formatHHmm } from '@app/domain';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { localAt } from './flow';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });

let owner: { api: APIRequestContext; headers: Record<string, string> };
let openDuty = '';
let hq = '';
let today = '';

test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  expect(login.status()).toBe(200);
  owner = { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
  // The wall screen is a module the sample leaves off: on for this flow, off again after it.
  const on = await owner.api.put('/api/modules/dashboard', { headers: owner.headers, data: { active: true } });
  expect(on.status()).toBe(200);
  // The sample's duties of today may all be over (late in the evening): an open duty from an hour ago to two hours
  // ahead, in the planning's zone on the server's clock, is on the board at any time of day.
  const init = await (await owner.api.get('/api/app/init')).json();
  const local = localAt(init.app.now, 'Europe/Berlin');
  today = local.date;
  const minutes = local.minutes;
  const { locations } = await (await owner.api.get('/api/locations')).json();
  hq = locations.find((l: { name: string }) => l.name === 'Headquarter').id as string;
  const load = await (await owner.api.get(`/api/items?scope=planning&location=${hq}&period=day&date=${today}`)).json();
  const duty = Object.values(load.duties as Record<string, { id: string; trashed: boolean }>).find((d) => !d.trashed);
  const start = Math.max(0, Math.floor(minutes / 15) * 15 - 60);
  const made = await owner.api.post('/api/items', {
    headers: owner.headers,
    data: {
      location: hq,
      date: today,
      duty: duty?.id,
      times: { start: formatHHmm(start), end: formatHHmm(start + 180), break: 0 },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  openDuty = (await made.json()).item.id as string;
});

test.afterAll(async () => {
  if (openDuty) await owner.api.delete(`/api/items/${openDuty}?force=true`, { headers: owner.headers });
  await owner.api.put('/api/modules/dashboard', { headers: owner.headers, data: { active: false } });
  await owner.api.dispose();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

let address = '';

test("a planner makes the planning's wall screen address; the screen shows today without signing in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  // Headquarter's roster today (the planner's last planning may be another one).
  await page.goto(`/en/roster/${hq}/${today}`);
  await page.getByTestId('wall-screen-open').click();
  const dialog = page.getByTestId('wall-screen-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('wall-screen-create').click();
  // A retry finds the address its first try made: renewing it asks first.
  const renew = page.getByRole('dialog').filter({ hasText: text('en', 'roster.calendarFeed.renewConfirm') });
  if (await renew.isVisible().catch(() => false)) {
    await renew.getByRole('button', { name: text('en', 'roster.calendarFeed.renew') }).click();
  }
  address = await dialog.getByTestId('wall-screen-url').inputValue();
  expect(new URL(address).pathname).toMatch(/^\/en\/dashboard\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+$/);
  await expectAccessible(page, 'the wall screen dialog with a new address');

  // The staff room's screen: a browser nobody signed in to.
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 375, height: 812 },
  ]) {
    const screen = await browser.newContext({ viewport });
    const wall = await screen.newPage();
    await wall.goto(new URL(address).pathname);
    const board = wall.getByTestId('wall-screen');
    await expect(board.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'wallScreen.title').replace('{{planning}}', 'Headquarter'),
    );
    for (const column of ['now', 'later', 'open'])
      await expect(wall.getByTestId(`wall-screen-${column}`)).toBeVisible();
    const names = await board.locator('.wall-screen__entry').count();
    expect(names).toBeGreaterThan(0);
    await expectAccessible(wall, `the wall screen at ${viewport.width} px`);
    await shot(wall, `wall-screen-${viewport.width}`);
    await screen.close();
  }
});

test('removing the address blanks the screen with a plain explanation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(`/en/roster/${hq}/${today}`);
  await page.getByTestId('wall-screen-open').click();
  const dialog = page.getByTestId('wall-screen-dialog');
  await dialog.getByRole('button', { name: text('en', 'roster.calendarFeed.remove') }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: text('en', 'wallScreen.removeConfirm') })
    .getByRole('button', { name: text('en', 'roster.calendarFeed.remove') })
    .click();
  await expect(dialog.getByTestId('wall-screen')).toContainText(text('en', 'wallScreen.none'));

  const screen = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const wall = await screen.newPage();
  await wall.goto(new URL(address).pathname);
  await expect(wall.getByTestId('wall-screen-gone')).toContainText(text('en', 'wallScreen.goneTitle'));
  await expectAccessible(wall, 'a removed wall screen');
  await screen.close();
});
