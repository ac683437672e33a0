import { localizedPath } from '@app/domain';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn } from './sample';

/** The public pages, as a visitor sees them, in two languages. */
const PUBLIC_PAGES = ['login', 'forgotPassword', 'requestConfirmation', 'terms', 'privacy', 'contact'] as const;

for (const locale of ['en', 'de'] as const) {
  test(`public pages have no serious accessibility violations (${locale})`, async ({ page }) => {
    // Six axe runs: several seconds each with the current engine on a busy machine.
    test.setTimeout(120_000);
    for (const key of PUBLIC_PAGES) {
      await page.goto(localizedPath(key, locale));
      await expect(page.locator('main, form, [data-testid]').first()).toBeVisible();
      await expectAccessible(page, `${key} (${locale})`);
    }
  });
}

test('a failed sign-in and the not-found page have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'en', 'owner@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'login with an error');
  await page.goto('/en/no-such-page');
  await expectAccessible(page, 'not found');
});

for (const [email, pages] of [
  ['owner@example.com', ['overview', 'profile', 'modules']],
  ['employee@example.com', ['overview', 'profile']],
] as const) {
  test(`signed-in pages of ${email} have no serious accessibility violations, on a desktop and a phone`, async ({
    page,
  }) => {
    // Several pages at two widths, each with an axe run: more than the default 30 s on a busy machine.
    test.setTimeout(180_000);
    await signIn(page, 'en', email);
    await expectOnOverview(page, 'en');
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
      for (const key of pages) {
        await page.goto(localizedPath(key, 'en'));
        await expect(page.getByRole('main')).toBeVisible();
        await expectAccessible(page, `${key} at ${width} px`);
      }
    }
  });
}

test('a new vacation request, its date picker open, has no serious accessibility violations', async ({ page }) => {
  // Two axe runs on the empty form and with the picker's dropdown open (a dialog with a calendar).
  test.setTimeout(90_000);
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(localizedPath('vacationNew', 'en'));
  await expect(page.getByTestId('vacation-new-page')).toBeVisible();
  await expectAccessible(page, 'new vacation request');
  await page.getByTestId('vacation-dates').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'new vacation request with the date picker open');
});
