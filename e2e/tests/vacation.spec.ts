import { formatDate, localizedPath } from '@app/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/**
 * Vacation from request to decision: the employee asks for a half day and for three days around a public holiday
 * (Ascension Day, a Thursday, so Wednesday to Friday: the holiday is not counted), a manager approves the one and
 * denies the other with a message, the employee is mailed and the year's figures follow.
 */
test.describe.configure({ mode: 'serial' });

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000));

/** Easter Sunday of a year (the Gregorian computus). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Next year, whatever today is: nothing of the sample lies there in May or June.
const year = new Date().getUTCFullYear() + 1;
const ascension = plus(easter(year), 39);
const three = { from: plus(ascension, -1), until: plus(ascension, 1) };
const halfDay = plus(ascension, 7);
/** A Thursday two weeks after Ascension Day, off for time-for-time (no holiday anywhere in Germany). */
const flexDay = plus(ascension, 14);

/** Screenshots at 1366 and 375 px, no sideways scrolling, and axe at the widths named (each run takes seconds). */
async function shot(page: Page, name: string, axeAt: readonly number[] = [1366]) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `test-results/vacation-${name}-${width}.png`, fullPage: true });
    if (axeAt.includes(width)) await expectAccessible(page, `${name} at ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A date as the English pages write it (the one format of the language: docs/product/app.md). */
const shown = (date: string) => formatDate(date, 'en');

async function plannedIn(page: Page, y: number): Promise<string> {
  await page.goto(`${localizedPath('vacation', 'en')}?year=${y}&tab=mine`);
  const planned = page.getByTestId('my-balance').getByTestId('balance-planned');
  await expect(planned).toBeVisible();
  return (await planned.innerText()).split('\n').at(-1) ?? '';
}

test('an employee requests a half day with the date picker and three days around a public holiday', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-vacation').click();
  await expect(page.getByTestId('vacation-page')).toBeVisible();
  await shot(page, 'mine', [1366, 375]);

  // The half day: picked in the range picker (the same day twice), then the morning.
  await page.getByTestId('vacation-new').click();
  await expect(page.getByTestId('vacation-new-page')).toBeVisible();
  await page.getByTestId('vacation-dates').click();
  const day = page.locator(`[data-date="${halfDay}"]`).first();
  for (let i = 0; i < 30 && !(await day.isVisible()); i++)
    await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  await day.click();
  await day.click();
  await page.keyboard.press('Escape');
  await page.getByTestId('vacation-duration').getByText(text('en', 'vacation.durations.morning')).click();
  await expect(page.getByTestId('vacation-preview-days')).toHaveText('0.5');
  await page.getByTestId('vacation-note').fill('Parents’ evening');
  await page.getByTestId('vacation-submit').click();
  await expect(page.getByTestId('vacation-request-page')).toBeVisible();
  await expect(page.getByTestId('vacation-status')).toHaveText(text('en', 'vacation.states.pending'));
  await expect(page.getByTestId('vacation-days')).toHaveText('0.5');

  // Three days around Ascension Day: the holiday is named and not counted.
  await page.goto(`${localizedPath('vacationNew', 'en')}?from=${three.from}&until=${three.until}`);
  await expect(page.getByTestId('vacation-preview-skipped')).toContainText('Ascension');
  await expect(page.getByTestId('vacation-preview-days')).toHaveText('2');
  await shot(page, 'new', [1366, 375]);
  await page.getByTestId('vacation-submit').click();
  await expect(page.getByTestId('vacation-days')).toHaveText('2');
  await shot(page, 'request', [1366, 375]);

  // Asking again for one of those days is refused on the field.
  await page.goto(`${localizedPath('vacationNew', 'en')}?from=${three.until}&until=${three.until}`);
  await expect(page.getByTestId('vacation-preview-days')).toHaveText('1');
  await page.getByTestId('vacation-submit').click();
  await expect(page.getByText(text('en', 'vacation.errors.overlap'))).toBeVisible();
});

test('a manager approves the half day and denies the three days with a message; the employee is mailed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(`${localizedPath('vacation', 'en')}?year=${year}`);
  await expect(page.getByTestId('vacation-list')).toBeVisible();
  await shot(page, 'team');
  const rows = page.getByTestId('vacation-list').locator('[data-testid^="vacation-row-"]').filter({ hasText: 'Emma' });
  const threeRow = rows.filter({ hasText: shown(three.from) });
  const halfRow = rows.filter({ hasText: shown(halfDay) });
  await expect(threeRow).toHaveCount(1);
  await expect(halfRow).toHaveCount(1);

  // The three days: selected in the list and denied in bulk, with a personal message.
  await threeRow.getByRole('checkbox').check();
  await page.getByTestId('vacation-bulk-deny').click();
  await page.getByTestId('vacation-message').fill('Inventory that week, sorry');
  await page.getByTestId('vacation-message-confirm').click();
  await expect(threeRow).toHaveCount(0);

  // The half day: opened and approved.
  await halfRow.getByTestId('vacation-link').click();
  await expect(page.getByTestId('vacation-request-page')).toBeVisible();
  await page.getByTestId('vacation-approve').click();
  await expect(page.getByTestId('vacation-status')).toHaveText(text('en', 'vacation.states.approved'));
  await expect(page.getByTestId('vacation-decided')).toContainText('Max Manager');

  // The year overview.
  await page.goto(`${localizedPath('vacation', 'en')}?year=${year}&tab=balances`);
  await expect(page.getByTestId('team-balances')).toBeVisible();
  await shot(page, 'overview');

  // A credit for Emma, entered and then deleted after a confirmation: her days left follow both ways.
  await page.getByTestId('team-balances').getByText('Emma Employee').click();
  const person = page.getByTestId('person-year');
  await expect(person).toBeVisible();
  const left = async () => (await person.getByTestId('balance-remaining').innerText()).split('\n').at(-1);
  const before = await left();
  expect(before).toMatch(/^\d/);
  await page.getByTestId('adjust-days').fill('2');
  await page.getByTestId('adjust-reason').fill('Worked on a public holiday');
  await page.getByTestId('adjust-save').click();
  await expect.poll(left).toBe(String(Number(before) + 2));
  await shot(page, 'adjustments');
  await person
    .getByRole('button', {
      name: text('en', 'vacation.adjustments.deleteOne').replace('{{reason}}', 'Worked on a public holiday'),
    })
    .click();
  await page.getByTestId('confirm-yes').click();
  await expect(person).not.toContainText('Worked on a public holiday');
  await expect.poll(left).toBe(before);
});

test('the employee sees the decisions, the message and the year’s figures, and has the mails', async ({ page }) => {
  test.setTimeout(120_000);
  const mails = async () =>
    mailbox.received
      .filter((m) => JSON.stringify(m.to).includes('employee@example.com'))
      .map((m) => `${m.subject}\n${m.text}`)
      .join('\n---\n');
  await expect.poll(mails, { timeout: 30_000 }).toContain('Inventory that week, sorry');
  await expect.poll(mails, { timeout: 30_000 }).toContain('is approved');

  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  expect(await plannedIn(page, year)).toBe('0.5');
  const list = page.getByTestId('vacation-list');
  await expect(list.getByText(text('en', 'vacation.states.denied'))).toBeVisible();
  await list
    .locator('[data-testid^="vacation-row-"]')
    .filter({ hasText: text('en', 'vacation.states.denied') })
    .getByTestId('vacation-link')
    .click();
  await expect(page.getByTestId('vacation-message-shown')).toContainText('Inventory that week, sorry');
});

test('balances: the employee’s own ledger, everyone’s for the manager', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-balances').click();
  await expect(page.getByTestId('balances-list')).toBeVisible();
  await shot(page, 'balances');
  await page.getByTestId('balances-list').getByText('Emma Employee').click();
  await expect(page.getByTestId('balance-page')).toBeVisible();
  const before = await page.getByTestId('balance-total').innerText();
  await page.getByTestId('correction-hours').fill('1.5');
  await page.getByTestId('correction-reason').fill('Stayed for the delivery');
  await page.getByTestId('correction-save').click();
  await expect(page.getByTestId('balance-total')).not.toHaveText(before);
  await expect(page.getByTestId('balance-lines')).toContainText('Stayed for the delivery');
  await shot(page, 'ledger', [1366, 375]);

  // Entered by mistake: deleted after a confirmation, and the total is what it was.
  await page
    .getByRole('button', { name: text('en', 'balances.deleteOne').replace('{{reason}}', 'Stayed for the delivery') })
    .click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('balance-lines')).not.toContainText('Stayed for the delivery');
  await expect(page.getByTestId('balance-total')).toHaveText(before);
});

async function as(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  context.on('close', () => expect(errors, `uncaught errors in the page of ${email}`).toEqual([]));
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  return page;
}

const unread = async (page: Page) =>
  Number((await page.getByTestId('notifications-bell').getAttribute('data-unread')) ?? 0);

test('a new time-for-time request rings the manager’s bell; changed and approved, it moves the open balance live', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The manager watches Emma's time-for-time ledger.
  const manager = await as(browser, 'manager@example.com');
  await manager.getByTestId('menu-balances').click();
  await manager.getByTestId('balances-list').getByText('Emma Employee').click();
  await expect(manager.getByTestId('balance-page')).toBeVisible();
  const total = manager.getByTestId('balance-total');
  await expect(total).toBeVisible();
  const before = await total.innerText();
  const rang = await unread(manager);

  // Emma asks for a day of time-for-time, then changes it to an afternoon before anyone decides.
  const employee = await as(browser, 'employee@example.com');
  await employee.goto(`${localizedPath('vacationNew', 'en')}?from=${flexDay}&until=${flexDay}`);
  await expect(employee.getByTestId('vacation-preview-days')).toHaveText('1');
  await employee.getByTestId('vacation-compensation').click();
  await employee.getByRole('option', { name: text('en', 'vacation.compensations.timeForTime') }).click();
  await employee.getByTestId('vacation-submit').click();
  await expect(employee.getByTestId('vacation-days')).toHaveText('1');
  await employee.getByTestId('vacation-change').click();
  await employee.getByTestId('vacation-duration').getByText(text('en', 'vacation.durations.afternoon')).click();
  await expect(employee.getByTestId('vacation-preview-days')).toHaveText('0.5');
  await shot(employee, 'change', [1366, 375]);
  await employee.getByTestId('vacation-submit').click();
  await expect(employee.getByTestId('vacation-days')).toHaveText('0.5');
  await expect(employee.getByTestId('vacation-change')).toBeVisible();

  // The manager's bell rings without a reload and words the request; Emma's own bell stays quiet about it.
  await expect.poll(() => unread(manager), { timeout: 20_000 }).toBeGreaterThan(rang);
  await manager.getByTestId('notifications-bell').click();
  const told = manager.getByTestId('notification').filter({ hasText: 'Emma Employee asks for vacation' }).first();
  await expect(told).toBeVisible();
  await expectAccessible(manager, 'bell with a vacation request');
  await manager.keyboard.press('Escape');

  // In a second tab the manager opens the request from the bell and approves it; the ledger tab follows live.
  const second = await manager.context().newPage();
  await second.goto(localizedPath('overview', 'en'));
  await second.getByTestId('notifications-bell').click();
  await second.getByTestId('notification').filter({ hasText: 'Emma Employee asks for vacation' }).first().click();
  await expect(second.getByTestId('vacation-request-page')).toBeVisible();
  await expect(second.getByTestId('vacation-days')).toHaveText('0.5');
  await second.getByTestId('vacation-approve').click();
  await expect(second.getByTestId('vacation-status')).toHaveText(text('en', 'vacation.states.approved'));
  await expect(total).not.toHaveText(before, { timeout: 20_000 });
  await expect(manager.getByTestId('balance-lines')).toContainText(text('en', 'balances.kinds.vacation'));

  // Decided, the request is locked for Emma.
  await employee.reload();
  await expect(employee.getByTestId('vacation-status')).toHaveText(text('en', 'vacation.states.approved'));
  await expect(employee.getByTestId('vacation-change')).toHaveCount(0);
  await manager.context().close();
  await employee.context().close();
});
