import { localizedPath } from '@app/domain';
import { authenticator } from 'otplib';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

authenticator.options = { step: 30, window: 1 };

/** The code of the next time step: each code works once, and the server accepts one step ahead. */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

test('two-factor sign-in: set up from the profile, verify at the next sign-in, turn off again', async ({ page }) => {
  await signIn(page, 'en', 'accountant@example.com');
  await expectOnOverview(page, 'en');

  await page.goto(localizedPath('profile', 'en'));
  await expect(page.getByTestId('two-factor-status')).toHaveText(text('en', 'twoFactor.off'));
  await page.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();

  await page.getByTestId('two-factor-code').fill('000000');
  await page.getByRole('button', { name: text('en', 'twoFactor.activate') }).click();
  await expect(page.getByText(text('en', 'errors.INVALID_2FA'))).toBeVisible();

  await page.getByTestId('two-factor-code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: text('en', 'twoFactor.activate') }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId('two-factor-status')).toHaveText(text('en', 'twoFactor.on'));

  await page.getByTestId('logout').click();
  await signIn(page, 'en', 'accountant@example.com');
  await expect(page).toHaveURL(/\/en\/login\/2fa\/verify$/);
  await page.getByTestId('two-factor-code').fill(nextCode(secret));
  await page.getByRole('button', { name: text('en', 'twoFactor.verify') }).click();
  await expectOnOverview(page, 'en');

  await page.goto(localizedPath('profile', 'en'));
  await page.getByTestId('two-factor-disable').click();
  await page.getByRole('dialog').getByLabel(text('en', 'password.current')).fill(PASSWORD);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('en', 'twoFactor.turnOff') })
    .click();
  await expect(page.getByTestId('two-factor-status')).toHaveText(text('en', 'twoFactor.off'));
});
