import type { Locale } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { expect, test } from './pageErrors';
import { ALL_MENU_KEYS, expectedMenu, expectOnOverview, SAMPLE_LOGINS, signIn, text } from './sample';

const LOCALES: Locale[] = ['en', 'de'];

test('the menu rules give owners the modules page and employees neither modules nor team', () => {
  const byRole = Object.fromEntries(SAMPLE_LOGINS.map((l) => [l.role, expectedMenu(l)]));
  expect(byRole.owner).toContain('modules');
  expect(byRole.manager).toContain('modules');
  expect(byRole.employee).not.toContain('modules');
  expect(byRole.employee).not.toContain('team');
  expect(byRole.accountant).toContain('reports');
  expect(byRole.owner).toContain('reports');
  expect(byRole.manager).not.toContain('reports');
  for (const keys of Object.values(byRole)) expect(keys[0]).toBe('overview');
});

for (const locale of LOCALES) {
  for (const login of SAMPLE_LOGINS) {
    test(`${login.role} signs in (${locale}), sees the menu of the role, and signs out`, async ({ page }) => {
      await signIn(page, locale, login.email);
      await expectOnOverview(page, locale);

      const expected = expectedMenu(login);
      for (const key of expected) {
        await expect(page.getByTestId(`menu-${key}`)).toBeVisible();
        await expect(page.getByTestId(`menu-${key}`)).toContainText(text(locale, `menu.${key}`));
      }
      for (const key of ALL_MENU_KEYS.filter((k) => !expected.includes(k))) {
        await expect(page.getByTestId(`menu-${key}`)).toHaveCount(0);
      }
      await expect(page.getByTestId('account-name')).toHaveText('Bistro Central');

      await page.getByTestId('logout').click();
      await expect(page).toHaveURL(new RegExp(`${localizedPath('login', locale)}$`));
      await expect(page.getByTestId('login-form')).toBeVisible();

      // The session is gone: a signed-in page now asks for the sign-in again.
      await page.goto(localizedPath('overview', locale));
      await expect(page.getByTestId('login-form')).toBeVisible();
    });
  }
}
