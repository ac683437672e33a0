import { addDays } from '@app/domain';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * Leave, holidays, contract hours and labour cost on the planner's grid (docs/product/roster.md, "Leave and
 * holidays", "The person picker", "Hours, contract and cost"). The week and its vacation, holiday and open duty are
 * set up through the API relative to the server's own week, so the flow does not depend on today's date.
 */

interface Prepared {
  location: string;
  week: string;
  vacationDay: string;
  holidayDay: string;
  emma: string;
  item: string;
}

async function api(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { 'x-csrf-token': (await login.json()).csrfToken as string };
}

/** As the owner: rates on, a budget on Headquarter, Emma's approved vacation, an own holiday, an open duty. */
async function prepare(browser: Browser): Promise<Prepared> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const request = context.request;
    const headers = await api(request);
    const modules = await request.put('/api/modules/rates', { headers, data: { active: true } });
    expect(modules.ok(), await modules.text()).toBe(true);
    const { locations } = await (await request.get('/api/locations')).json();
    const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
    const budget = await request.put(`/api/locations/${hq.id}`, { headers, data: { budgetCents: 1_500_000 } });
    expect(budget.ok(), await budget.text()).toBe(true);
    const now = await (await request.get(`/api/items?scope=planning&location=${hq.id}&period=week`)).json();
    // Three weeks ahead of the server's week: past the sample's released weeks, wholly in the future.
    const week = addDays(now.periods.from as string, 21);
    const roster = await (await request.get(`/api/items?scope=planning&location=${hq.id}&date=${week}`)).json();
    const emma = Object.values(roster.users as Record<string, { id: string; name: string }>).find(
      (u) => u.name === 'Emma Employee',
    )!.id;
    const service = Object.values(roster.duties as Record<string, { id: string; identifier: string }>).find(
      (d) => d.identifier === 'SV',
    )!.id;
    const vacationDay = addDays(week, 1);
    const holidayDay = addDays(week, 2);
    const vacation = await request.put('/api/availability', {
      headers,
      data: { membership: emma, dates: [vacationDay], type: 'vacation', status: 'approved' },
    });
    expect(vacation.ok(), await vacation.text()).toBe(true);
    const holiday = await request.post('/api/holidays', { headers, data: { date: holidayDay, name: 'Team day' } });
    expect(holiday.ok(), await holiday.text()).toBe(true);
    const created = await request.post('/api/items', {
      headers,
      data: { location: hq.id, date: vacationDay, duty: service, times: { start: '12:00', end: '16:00', break: 0 } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return { location: hq.id, week, vacationDay, holidayDay, emma, item: (await created.json()).item.id };
  } finally {
    await context.close();
  }
}

test('the planner sees vacation, holidays, contract hours, cost and budget, and why the picker leaves someone out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const p = await prepare(browser);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(`/en/roster/${p.location}/${p.week}?period=week`);
  const grid = page.getByTestId('roster-grid');
  await expect(grid.getByTestId(`day-${p.week}`)).toBeVisible();

  // Emma's vacation as a block in her row; the holiday named in the day head.
  await expect(grid.getByTestId(`leave-${p.emma}-${p.vacationDay}`)).toContainText(text('en', 'roster.leave.vacation'));
  await expect(grid.getByTestId(`holiday-${p.holidayDay}`)).toContainText('Team day');

  // Hours against the contract in the row heads of those with a contract, said in words too.
  const marked = grid.locator('.roster-totals[data-contract]');
  await expect(marked.first()).toBeVisible();
  await expect(marked.first().locator('.roster-sr')).toContainText(/contract/);

  // Cost: per day, per person and the period against the budget of 15,000.
  await expect(grid.getByTestId(`day-cost-${p.week}`)).toContainText('€');
  await expect(page.getByTestId('roster-cost')).toContainText('€15,000');
  await expect(page.getByTestId('roster-budget')).toBeVisible();
  await expect(page.getByTestId(`totals-${p.emma}`)).toContainText('€');
  await page.screenshot({ path: 'test-results/roster-leave-1366.png' });
  await expectAccessible(page, 'the grid with leave and cost');

  // The picker of the open duty on Emma's vacation day names her with the reason.
  await grid.getByTestId(`roster-item-${p.item}`).click();
  await expect(page.getByTestId('item-toolbox')).toBeVisible();
  await page.getByTestId('toolbox-tab-user').click();
  const leftOut = page.getByTestId(`left-out-${p.emma}`);
  await expect(leftOut).toContainText('Emma Employee');
  await expect(leftOut).toContainText(text('en', 'roster.leftOut.vacation'));
  await expect(page.getByTestId(`candidate-${p.emma}`)).toHaveCount(0);
  await expectAccessible(page, 'the person picker');
  await page.screenshot({ path: 'test-results/roster-leave-picker-1366.png' });
  await page.keyboard.press('Escape');

  // On a phone the cost and budget stay readable.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('roster-cost')).toBeVisible();
  await page.screenshot({ path: 'test-results/roster-leave-375.png' });
  // The day list names the holiday too.
  const holidayDay = page.getByTestId(`day-section-${p.holidayDay}`);
  await holidayDay.scrollIntoViewIfNeeded();
  await expect(holidayDay.getByTestId(`holiday-${p.holidayDay}`)).toContainText('Team day');
  await page.screenshot({ path: 'test-results/roster-leave-holiday-375.png' });
  await expectAccessible(page, 'the roster on a phone');
});

test('a planner does not see labour cost', async ({ page }) => {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-roster').click();
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await expect(page.getByTestId('roster-cost')).toHaveCount(0);
  await expect(page.locator('[data-testid^="day-cost-"]')).toHaveCount(0);
});
