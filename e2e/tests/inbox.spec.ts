import { localizedPath } from '@app/domain';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });

test('the planner answers from the inbox the overview leads to, with its count in the menu', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');

  // "Applications to answer" leads to the inbox, not to the plain roster.
  const step = page.getByTestId('next-step-applications');
  await expect(step).toBeVisible({ timeout: 30_000 });
  await step.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('inbox', 'en')}$`));
  const inbox = page.getByTestId('inbox-page');
  await expect(inbox).toBeVisible();
  const applications = page.getByTestId('inbox-entry-application');
  await expect(applications.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('inbox-entry-signOut').first()).toBeVisible();
  // A planner without the vacation right answers neither vacation nor hours here.
  await expect(page.getByTestId('inbox-kind-vacation')).toHaveCount(0);
  await expect(page.getByTestId('inbox-kind-hours')).toHaveCount(0);

  const badge = page.getByTestId('menu-inbox-count');
  await expect(badge).toBeVisible();
  const before = Number(await badge.innerText());
  expect(before).toBeGreaterThan(0);
  await expectAccessible(page, 'inbox at 1366 px');
  await page.screenshot({ path: test.info().outputPath('inbox-1366.png'), fullPage: true });

  // Only applications, then deny the first: it leaves the list and the count.
  // A chip is a radio its label shows; the input itself is visually hidden.
  const chip = await page.getByTestId('inbox-kind-application').getAttribute('id');
  await page.locator(`label[for="${chip}"]`).click();
  await expect(page.getByTestId('inbox-entry-signOut')).toHaveCount(0);
  const count = await applications.count();
  await applications.first().getByTestId('inbox-deny').click();
  await expect(page.getByText(text('en', 'inbox.denied'))).toBeVisible();
  await expect(applications).toHaveCount(count - 1);
  await expect(badge).toHaveText(String(before - 1));

  // A planning narrows the list.
  await page.getByTestId('inbox-location').click();
  await page.getByRole('option', { name: 'Café am Markt' }).click();
  await expect(page.getByTestId('inbox-list').or(page.getByTestId('inbox-empty'))).toBeVisible();
  for (const details of await page.getByTestId('inbox-details').allInnerTexts())
    expect(details).toContain('Café am Markt');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(localizedPath('inbox', 'en'));
  await expect(page.getByTestId('inbox-entry-application').first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'inbox at 375 px');
  await page.screenshot({ path: test.info().outputPath('inbox-375.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a planner asks for their own vacation', async ({ page }) => {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(localizedPath('vacation', 'en'));
  await expect(page.getByTestId('vacation-page')).toBeVisible();
  await expect(page.getByTestId('vacation-new')).toBeVisible();
});

test('the manager’s inbox holds vacation and hours; the timesheet opens on approving, planned beside registered', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-inbox').click();
  await expect(page.getByTestId('inbox-entry-hours').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('inbox-kind-vacation')).toBeAttached();
  // Hours show what was planned beside what was registered.
  await expect(page.getByTestId('inbox-entry-hours').first().getByTestId('inbox-details')).toContainText('registered');

  await page.getByTestId('menu-hours').click();
  await expect(page).toHaveURL(new RegExp(localizedPath('timesheet', 'en')));
  await expect(page.getByRole('link', { name: text('en', 'hours.tabs.approve') })).toHaveAttribute(
    'aria-current',
    'page',
    { timeout: 60_000 },
  );
  const table = page.getByTestId('hours-table');
  await expect(table).toBeVisible({ timeout: 90_000 });
  await expect(table.getByRole('columnheader', { name: text('en', 'hours.table.planned') })).toBeVisible();
  await expect(table.getByTestId('hours-planned').first()).toBeVisible();
});
