import type { InitResponse } from '@app/contracts';
import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn } from './sample';

/**
 * What the account's status and a super user's visit look like (docs/product/account-access.md). The sample's
 * accounts are active and it has no super user, so these flows change the init answer the app receives; the
 * server's side of each rule is proven in apps/server/src/domains/access/access.test.ts.
 */

const SHOTS = process.env.ACCESS_SHOTS_DIR;
const DAY = 24 * 60 * 60 * 1000;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Answers /api/app/init as the server does, changed by `change`. */
async function changeInit(page: Page, change: (init: InitResponse) => void) {
  await page.route('**/api/app/init', async (route) => {
    const response = await route.fetch();
    const init = (await response.json()) as InitResponse;
    change(init);
    await route.fulfill({ response, json: init });
  });
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 740 } });

    test('the owner of a trial sees the days left and a way to subscribe; dismissed for the day', async ({ page }) => {
      await changeInit(page, (init) => {
        init.account.status = 'trial';
        init.account.trialEndsAt = new Date(Date.now() + 12 * DAY - 60_000).toISOString();
      });
      await signIn(page, 'en', 'owner@example.com');
      await expectOnOverview(page, 'en');
      const banner = page.getByTestId('account-banner');
      await expect(banner).toContainText('Days left in your trial: 12');
      await expect(page.getByTestId('account-banner-subscribe')).toHaveAttribute(
        'href',
        localizedPath('subscription', 'en'),
      );
      await shot(page, `banner-${width}`);
      await expectAccessible(page, 'the trial banner');
      await banner.getByRole('button', { name: 'Hide until tomorrow' }).click();
      await expect(banner).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('overview-page')).toBeVisible();
      await expect(page.getByTestId('account-banner')).toHaveCount(0);
    });

    test('an employee of an expired account sees whom to contact, and can sign out', async ({ page }) => {
      await changeInit(page, (init) => {
        init.account.status = 'expired';
      });
      await signIn(page, 'en', 'employee@example.com');
      await expect(page.getByTestId('account-unusable')).toBeVisible();
      await expect(page.getByTestId('contact-owner')).toContainText('the owner of this account');
      await shot(page, `contact-owner-${width}`);
      await expectAccessible(page, 'the contact-the-owner screen');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByTestId('login-form')).toBeVisible();
    });

    test('a super user visiting an account sees whose it is, read-only, and the way back', async ({ page }) => {
      await changeInit(page, (init) => {
        init.user.superUser = true;
        init.membership.shadow = true;
        init.accounts.push({ id: '00000000-0000-4000-8000-000000000001', name: 'Operators' });
      });
      await page.route('**/api/superuser/accounts?*', (route) =>
        route.fulfill({
          json: {
            accounts: [
              {
                id: '00000000-0000-4000-8000-000000000002',
                name: 'Bistro Central',
                companyName: 'Bistro Central GmbH',
                status: 'active',
                ownerName: 'Olivia Owner',
                ownerEmail: 'owner@example.com',
              },
              {
                id: '00000000-0000-4000-8000-000000000003',
                name: 'Corner Store',
                companyName: null,
                status: 'expired',
                ownerName: 'Julia Lang',
                ownerEmail: 'julia.lang@example.com',
              },
            ],
          },
        }),
      );
      await signIn(page, 'en', 'owner@example.com');
      await expectOnOverview(page, 'en');
      const bar = page.getByTestId('shadow-bar');
      await expect(bar).toContainText('You are visiting Bistro Central as a super user.');
      await expect(page.getByTestId('shadow-mode')).toHaveText('Read-only');
      // The sample's owner also owns Corner Store: the way back leads to an account of the super user's own.
      await expect(page.getByTestId('shadow-leave')).toHaveText(/^Back to (Corner Store|Operators)$/);
      await shot(page, `shadow-bar-${width}`);
      await expectAccessible(page, 'the super-user bar');

      await bar.getByRole('button', { name: 'Allow changes' }).click();
      await expect(page.getByRole('dialog', { name: 'Allow changes in this account?' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('account-search-open').click();
      const search = page.getByRole('dialog', { name: 'Find an account' });
      await search.getByLabel('Account, company or owner').fill('o');
      await expect(search.getByText('Corner Store')).toBeVisible();
      await shot(page, `account-search-${width}`);
      await expectAccessible(page, 'the account search');
    });

    test('a new member’s tour shows their role’s screens, switches role, and is remembered', async ({ page }) => {
      let saved: unknown = null;
      await changeInit(page, (init) => {
        init.membership.onboarding = saved === null;
        init.membership.roles = ['planner', 'user'];
      });
      await page.route('**/api/memberships/*/onboarding', async (route) => {
        saved = route.request().postDataJSON();
        await route.fulfill({ json: { ok: true } });
      });
      await signIn(page, 'en', 'planner@example.com');
      await expectOnOverview(page, 'en');
      const tour = page.getByTestId('onboarding-tour');
      await expect(tour).toBeVisible();
      await expect(tour).toHaveAttribute('data-role', 'planner');
      await expect(tour.getByRole('heading', { name: 'The roster' })).toBeVisible();
      await tour.getByTestId('onboarding-next').click();
      await expect(tour.getByRole('heading', { name: 'Open duties' })).toBeVisible();
      await shot(page, `tour-${width}`);
      await expectAccessible(page, 'the open tour');

      await tour.getByTestId('onboarding-roles').getByText('Employee').click();
      await expect(tour).toHaveAttribute('data-role', 'employee');
      await expect(tour.getByRole('heading', { name: 'My duties' })).toBeVisible();
      await expect(page.getByTestId('onboarding-progress')).toHaveText('Step 1 of 3');

      // The page under the card stays usable while it is open.
      await expect(page.getByTestId('overview-page')).toBeVisible();
      await tour.getByTestId('onboarding-close').click();
      await expect(tour).toHaveCount(0);
      expect(saved).toEqual({ onboarding: false });

      await page.getByTestId('help-button').click();
      await page.getByTestId('help-restart-tour').click();
      await expect(page.getByTestId('onboarding-tour')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'The roster' })).toBeFocused();
    });
  });
}

test('the owner of an expired account is sent to the subscription page', async ({ page }) => {
  await changeInit(page, (init) => {
    init.account.status = 'expired';
  });
  await signIn(page, 'en', 'owner@example.com');
  await expect(page).toHaveURL(new RegExp(`${localizedPath('subscription', 'en')}$`));
});
