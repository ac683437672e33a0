import { localizedPath } from '@app/domain';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

test('a wrong password shows the invalid credentials message', async ({ page }) => {
  await signIn(page, 'en', 'planner@example.com', 'not-the-password1A');
  await expect(page.getByTestId('login-error')).toHaveText(text('en', 'errors.INVALID_CREDENTIALS'));
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('a wrong password is worded in German on the German sign-in page', async ({ page }) => {
  await signIn(page, 'de', 'manager@example.com', 'falsches-Passwort1');
  await expect(page.getByTestId('login-error')).toHaveText(text('de', 'errors.INVALID_CREDENTIALS'));
});

test('a signed-in page asks for the sign-in and returns to that page afterwards', async ({ page }) => {
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fprofile$/);
  await page.getByTestId('login-email').fill('employee@example.com');
  await page.getByTestId('login-password').fill('Welcome123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
});

test('the root goes to the sign-in page, an unknown language to the root', async ({ page }) => {
  await page.goto('/xx/overview');
  await expect(page).toHaveURL(/\/en\/login$/);
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/');
  await expectOnOverview(page, 'en');
});

test('a route the role may not open shows the 403 page, an unknown address the 404 page', async ({ page }) => {
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(localizedPath('modules', 'en'));
  await expect(page.getByTestId('error-forbidden')).toBeVisible();
  await page.goto('/en/no-such-page');
  await expect(page.getByTestId('error-notFound')).toBeVisible();
});
