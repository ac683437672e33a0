import { addDays, localizedPath } from '@app/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

async function as(browser: Browser, email: string, viewport = { width: 1366, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  return page;
}

const unread = async (page: Page) =>
  Number((await page.getByTestId('notifications-bell').getAttribute('data-unread')) ?? 0);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test.describe('notifications', () => {
  test('a released roster reaches the employee in the app, live, and by e-mail', async ({ browser }) => {
    test.setTimeout(120_000);
    const mailbox = await startMailbox();
    try {
      const employee = await as(browser, 'employee@example.com');
      await expect(employee.getByTestId('notifications-bell')).toBeVisible();
      const before = await unread(employee);

      const planner = await as(browser, 'planner@example.com');
      const { csrfToken } = await (await planner.request.get('/api/app/init')).json();
      const headers = { 'x-csrf-token': csrfToken as string };
      const { locations } = await (await planner.request.get('/api/locations')).json();
      const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
      const today = new Date().toISOString().slice(0, 10);
      const from = hq.releasedUntil && hq.releasedUntil > today ? hq.releasedUntil : today;
      const date = addDays(from, 2);
      const released = await planner.request.put(`/api/locations/${hq.id}/release`, { headers, data: { date } });
      expect(released.status()).toBe(200);

      // The bell counts it without a reload; the panel words it.
      await expect.poll(() => unread(employee)).toBeGreaterThan(before);
      await employee.getByTestId('notifications-bell').click();
      const first = employee.getByTestId('notification').first();
      await expect(first).toContainText('Headquarter: the roster is released up to');
      await expectAccessible(employee, 'notifications panel');
      await shot(employee, 'notifications-panel-1366');
      // The mail went out in Emma's language through the job queue.
      const mail = await mailbox.latest('employee@example.com');
      expect(mail.subject).toBe('New roster for Headquarter');

      // Reading marks it read.
      await employee.getByTestId('notifications-read-all').click();
      await expect.poll(() => unread(employee)).toBe(0);

      // Settings: e-mail off for released rosters, saved.
      await employee.getByRole('link', { name: text('en', 'notifications.settingsLink') }).click();
      await expect(employee).toHaveURL(new RegExp(`${localizedPath('notifications', 'en')}$`));
      await expect(employee.getByTestId('notifications-page')).toBeVisible();
      await employee.getByTestId('switch-rosterReleased-mail').click({ force: true });
      await employee.getByTestId('notifications-save').click();
      await expect(employee.getByTestId('notifications-savebar')).toBeHidden();
      await expectAccessible(employee, 'notification settings');
      await shot(employee, 'notifications-settings-1366');

      // Put the release back where it was (a revoke from the day after), for the other flows.
      await planner.request.put(`/api/locations/${hq.id}/release`, { headers, data: { date: addDays(from, 1) } });
      await employee.getByTestId('switch-rosterReleased-mail').click({ force: true });
      await employee.getByTestId('notifications-save').click();
      await expect(employee.getByTestId('notifications-savebar')).toBeHidden();
    } finally {
      await mailbox.close();
    }
  });

  test('today, the help panel and the settings at 375 px', async ({ browser }) => {
    test.setTimeout(120_000);
    const planner = await as(browser, 'planner@example.com');
    await planner.getByTestId('menu-today').click();
    await expect(planner).toHaveURL(new RegExp(`${localizedPath('today', 'en')}$`));
    await expect(planner.getByTestId('today-page')).toBeVisible();
    await expect(planner.getByTestId('today-counts')).toBeVisible();
    await expectAccessible(planner, 'today');
    await shot(planner, 'today-1366');
    await planner.getByTestId('help-button').click();
    await expect(planner.getByTestId('help-content')).toBeVisible();
    await expect(planner.getByTestId('help-university')).toBeVisible();
    await expectAccessible(planner, 'help panel');
    await shot(planner, 'help-1366');

    const phone = await as(browser, 'employee@example.com', { width: 375, height: 740 });
    await expect(phone.getByTestId('overview-next-steps')).toBeVisible();
    await shot(phone, 'overview-375');
    await phone.getByTestId('notifications-bell').click();
    await phone.getByRole('link', { name: text('en', 'notifications.settingsLink') }).click();
    await expect(phone.getByTestId('event-rosterReleased')).toBeVisible();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(phone, 'notifications-settings-375');
    await phone.getByTestId('notifications-bell').click();
    await expect(phone.getByTestId('notifications-panel')).toBeVisible();
    await shot(phone, 'notifications-panel-375');
    expect(text('en', 'notifications.title')).toBe('Notifications');
  });
});
