import { localizedPath } from '@app/domain';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

// The guards of docs/product/modules.md and docs/product/rights.md, as the member meets them.

test('a planner opens the modules page by its address and may switch only the roster’s tools', async ({ page }) => {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  // The menu names owners and managers only.
  await expect(page.getByTestId('menu-modules')).toHaveCount(0);
  await page.goto(localizedPath('modules', 'en'));
  await expect(page.getByTestId('modules-page')).toBeVisible();
  await expect(page.getByTestId('modules-note-partly')).toHaveText(text('en', 'modulesPage.partly'));
  await expect(page.getByTestId('module-switch-shifts')).toBeEnabled();
  await expect(page.getByTestId('module-switch-chats')).toBeDisabled();
  await expect(page.getByTestId('module-switch-dossiers')).toBeDisabled();
});

test('an employee who registers hours has no hours menu entry, and reaches the timesheet from the overview', async ({
  page,
}) => {
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await expect(page.getByTestId('menu-hours')).toHaveCount(0);
  const link = page.getByTestId('quick-myHours');
  await expect(link).toContainText(text('en', 'overview.myHours'));
  await link.click();
  await expect(page.getByTestId('timesheet-page')).toBeVisible();
});

test('a supervisor finds hours in the menu and no second link on the overview', async ({ page }) => {
  await signIn(page, 'en', 'supervisor@example.com');
  await expectOnOverview(page, 'en');
  await expect(page.getByTestId('menu-hours')).toBeVisible();
  await expect(page.getByTestId('quick-myHours')).toHaveCount(0);
});
