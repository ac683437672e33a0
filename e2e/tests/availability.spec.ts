import { addDays, addMonths, daysBetween, localizedPath, todayIn, weekStart } from '@app/domain';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const TIME_ZONE = 'Europe/Berlin';
const today = todayIn(TIME_ZONE);
/** The first day of next month, and a weeks-ahead rule whose deadline falls in its middle (days 15 to 21). */
const nextMonth = `${addMonths(today, 1).slice(0, 7)}-01`;
const weeksAhead = Math.ceil(daysBetween(today, addDays(nextMonth, 14)) / 7);
const deadline = addDays(today, weeksAhead * 7);
// Late in the month: past the sample roster's weeks, so Emma has no duty of her own there.
const open1 = addDays(nextMonth, 26);
const open2 = addDays(nextMonth, 27);

let owner: { api: APIRequestContext; headers: Record<string, string> };

async function apiOf(baseURL: string, email: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  return { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
}

test.beforeAll(async () => {
  owner = await apiOf(test.info().project.use.baseURL ?? '', 'owner@example.com');
  const res = await owner.api.put('/api/settings/availability', {
    headers: owner.headers,
    data: { availabilityWeeksAhead: weeksAhead },
  });
  expect(res.status()).toBe(200);
});
test.afterAll(async () => {
  await owner.api.put('/api/settings/availability', { headers: owner.headers, data: { availabilityWeeksAhead: 0 } });
  await owner.api.dispose();
});

test('an employee enters availability for next month on a phone, within the weeks-ahead rule', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'en', 'employee@example.com');
  await expect(page.getByTestId('overview-page')).toBeVisible();
  await page.goto(localizedPath('availability', 'en'));
  await expect(page.getByTestId('my-availability')).toBeVisible();
  const notice = page.getByTestId('availability-deadline');
  await expect(notice).toContainText(String(weeksAhead));
  // The calendar opens on the month of the deadline: next month. Its first days are closed, later ones open.
  const day = (date: string) => page.getByTestId('availability-calendar').locator(`button[data-date="${date}"]`);
  await expect(day(nextMonth)).toBeDisabled();
  await expect(day(addDays(deadline, -1))).toBeDisabled();
  await expect(day(deadline)).toBeEnabled();

  await day(open1).click();
  await day(open2).click();
  await expect(page.getByTestId('availability-selected-count')).toContainText('2');
  await page
    .getByTestId('availability-editor')
    .getByText(text('en', 'roster.availability.limited'), { exact: true })
    .click();
  // Limited needs its window: saving without it names the fields.
  await page.getByTestId('availability-save').click();
  await expect(page.getByTestId('availability-editor')).toContainText(text('en', 'availability.timesRequired'));
  await page.getByTestId('availability-start').fill('10:00');
  await page.getByTestId('availability-end').fill('16:00');
  await page.getByTestId('availability-note').fill('Lectures in the morning');
  await expectAccessible(page, 'the availability editor on a phone');
  await page.getByTestId('availability-save').click();
  await expect(page.getByTestId(`availability-entry-${open1}`)).toContainText('10:00–16:00');
  await expect(page.getByTestId(`availability-entry-${open2}`)).toContainText('Lectures in the morning');
  await expect(day(open1)).toHaveAttribute('data-type', 'limited');
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/availability-employee-375.png', fullPage: true });
  // The same view on a desktop.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(day(open1)).toHaveAttribute('data-type', 'limited');
  await expectAccessible(page, 'the availability of an employee at 1366 px');
  await page.screenshot({ path: 'test-results/availability-employee-1366.png', fullPage: true });

  // The rule holds at the API too: a closed date is refused with the deadline.
  const emma = await apiOf(test.info().project.use.baseURL ?? '', 'employee@example.com');
  const me = (await (await emma.api.get('/api/app/init')).json()).membership.id as string;
  const closed = await emma.api.put('/api/availability', {
    headers: emma.headers,
    data: { membership: me, dates: [nextMonth], type: 'unavailable' },
  });
  expect(closed.status()).toBe(422);
  expect((await closed.json()).data).toEqual({ deadline, dates: [nextMonth] });
  await emma.api.dispose();
});

test("the planner sees it in the team view and on the roster's candidates", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { api, headers } = owner;
  await signIn(page, 'en', 'planner@example.com');
  await expect(page.getByTestId('overview-page')).toBeVisible();
  await page.goto(`${localizedPath('availability', 'en')}?view=team`);
  await expect(page.getByTestId('team-availability')).toBeVisible();
  await page.getByTestId('team-availability-location').click();
  await page.getByRole('option', { name: 'Headquarter' }).click();
  await page.getByRole('button', { name: text('en', 'availabilityPage.next') }).click();
  const grid = page.getByTestId('team-availability-grid');
  await expect(grid).toBeVisible();
  const emmaId = (await (await api.get('/api/members')).json()).members.find(
    (m: { email: string }) => m.email === 'employee@example.com',
  ).id as string;
  for (const date of [open1, open2]) {
    const cell = page.getByTestId(`cell-${emmaId}-${date}`).locator('[data-kind="limited"]');
    await expect(cell).toHaveAttribute('aria-label', /^Emma Employee, .*10:00–16:00$/);
  }
  // Live: Emma changes another day elsewhere; the planner's view follows without a reload (AvailabilityUpdated).
  const emma = await apiOf(test.info().project.use.baseURL ?? '', 'employee@example.com');
  const open3 = addDays(nextMonth, 25);
  const saved = await emma.api.put('/api/availability', {
    headers: emma.headers,
    data: { membership: emmaId, dates: [open3], type: 'wish' },
  });
  expect(saved.status()).toBe(200);
  await expect(
    page.getByTestId(`cell-${emmaId}-${open3}`).locator('[data-kind="wish"]:not([data-default])'),
  ).toBeVisible();
  await emma.api.delete('/api/availability', { headers: emma.headers, data: { membership: emmaId, dates: [open3] } });
  await expect(
    page.getByTestId(`cell-${emmaId}-${open3}`).locator('[data-kind="wish"]:not([data-default])'),
  ).toHaveCount(0);
  await emma.api.dispose();
  await expect(page.getByTestId('availability-missing')).toBeVisible();
  await expectAccessible(page, 'the team availability');
  await page.screenshot({ path: 'test-results/availability-team-1366.png', fullPage: true });

  // A duty on the limited day inside the window: Emma is offered, with her window beside her name.
  const locations = (await (await api.get('/api/locations')).json()).locations as { id: string; name: string }[];
  const hq = locations.find((l) => l.name === 'Headquarter')?.id ?? '';
  const duties = (await (await api.get('/api/duties')).json()).duties as { id: string; identifier: string }[];
  const sv = duties.find((d) => d.identifier === 'SV')?.id ?? '';
  const created = await api.post('/api/items', {
    headers,
    data: { location: hq, date: open1, duty: sv, times: { start: '11:00', end: '15:00', break: 0 } },
  });
  expect(created.status()).toBe(200);
  const item = (await created.json()).item.id as string;
  await page.goto(localizedPath('rosterLocation', 'en', { location: hq, date: weekStart(open1, 'monday') }));
  const card = page.getByTestId(`roster-item-${item}`);
  await card.scrollIntoViewIfNeeded();
  await card.click({ force: true });
  await page.getByTestId('toolbox-tab-user').click();
  const candidate = page.getByTestId(`candidate-${emmaId}`);
  await expect(candidate).toBeVisible();
  await expect(candidate).toContainText('10:00–16:00');
  await page.screenshot({ path: 'test-results/availability-roster-candidates.png' });
  await api.delete(`/api/items/${item}`, { headers });
});

test('a planner sees the team view as a day list on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'en', 'planner@example.com');
  await expect(page.getByTestId('overview-page')).toBeVisible();
  await page.goto(`${localizedPath('availability', 'en')}?view=team`);
  await expect(page.getByTestId('team-availability-list')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the team availability on a phone');
  await page.screenshot({ path: 'test-results/availability-team-375.png', fullPage: true });
});

test('a planner reports sickness on the employee page; the roster shows it open', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'owner@example.com');
  await expect(page.getByTestId('overview-page')).toBeVisible();
  // The team list itself is tested in team.spec; here the employee page is opened by its address.
  const members = (await (await owner.api.get('/api/members')).json()).members as { id: string; email: string }[];
  const emma = members.find((m) => m.email === 'employee@example.com')?.id ?? '';
  const openAbsence = async () => {
    await page.goto(localizedPath('employee', 'en', { id: emma }));
    await expect(page.getByTestId('employee-page')).toBeVisible();
    await page.getByTestId('tab-absence').click();
    await expect(page.getByTestId('sickness-panel')).toBeVisible();
  };
  await openAbsence();
  await page.getByTestId('sickness-report').click();
  await page.getByTestId('sickness-notes').fill('Flu');
  await expectAccessible(page, 'the sickness form');
  await page.getByTestId('sickness-save').click();
  const history = page.getByTestId('sickness-history');
  await expect(history).toContainText('Flu');
  await expect(history).toContainText(text('en', 'sickness.open'));
  await page.screenshot({ path: 'test-results/sickness-employee-page.png', fullPage: true });
  const locations = (await (await owner.api.get('/api/locations')).json()).locations as { id: string; name: string }[];
  const hq = locations.find((l) => l.name === 'Headquarter')?.id ?? '';
  await page.goto(localizedPath('rosterLocation', 'en', { location: hq, date: weekStart(today, 'monday') }));
  await expect(page.getByTestId('roster-open-sickness')).toContainText('Emma Employee');
  // Ended today: the record is no longer open.
  await openAbsence();
  await page.getByTestId('sickness-end-today').click();
  await expect(history).not.toContainText(text('en', 'sickness.open'));
});
