import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** A new viewport, once the layout's transitions (the navigation collapsing) have finished. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 800 });
  // The layout has switched (the burger shows on a phone only); the check below runs on the next animation frames.
  const burger = page.getByRole('button', { name: text('en', 'nav.toggle') });
  await (width < 768 ? expect(burger).toBeVisible() : expect(burger).toBeHidden());
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * The owner's subscription (docs/product/subscription.md): the page, the mandate and delete dialogs, cancelling and
 * subscribing again through the confirm page. The Bistro ends as it started: active, on flex.
 */
test('the owner manages the subscription; others do not see it', async ({ page }) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-subscription').click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('subscription', 'en')}$`));
  await expect(page.getByTestId('subscription-page')).toBeVisible();
  await expect(page.getByTestId('subscription-status-badge')).toHaveText(
    text('en', 'subscriptionPage.statuses.active'),
  );
  await expect(page.getByTestId('plan-flex')).toContainText(text('en', 'subscriptionPage.plans.current'));

  for (const width of [1366, 375]) {
    await resize(page, width);
    await expect(page.getByTestId('subscription-page')).toBeVisible();
    await page.screenshot({ path: `test-results/subscription-${width}.png`, fullPage: true });
  }
  await resize(page, 1366);
  await expectAccessible(page, 'the subscription page');

  // The mandate: a wrong IBAN is refused on the field before anything is sent; a right one shows masked.
  await page.getByTestId('mandate-open').click();
  await expect(page.getByTestId('mandate-form')).toBeVisible();
  await expect(page.getByTestId('mandate-text')).toContainText('DE98ZZZ09999999999');
  await expectAccessible(page, 'the mandate dialog');
  await page.getByTestId('mandate-iban-input').fill('DE89 3704 0044 0532 0130 01');
  await page.getByTestId('mandate-bic-input').fill('COBADEFFXXX');
  await page.getByTestId('mandate-agree').check();
  await page.getByTestId('mandate-submit').click();
  await expect(page.getByText(text('en', 'subscriptionPage.errors.iban'))).toBeVisible();
  await page.getByTestId('mandate-iban-input').fill('DE89 3704 0044 0532 0130 00');
  await page.getByTestId('mandate-submit').click();
  await expect(page.getByTestId('mandate-iban')).toHaveText('DE89 •••• •••• •••• ••30 00');
  await expect(page.getByTestId('mandate-reference')).toContainText(/RM-\d{8}-/);

  // Cancelling says what happens, then the account is cancelled; the confirm page subscribes it again.
  await page.getByTestId('subscription-cancel').click();
  await expect(page.getByText(text('en', 'subscriptionPage.status.cancelHint'))).toBeVisible();
  await page
    .getByRole('button', { name: text('en', 'subscriptionPage.status.cancel') })
    .last()
    .click();
  await expect(page.getByTestId('subscription-status-badge')).toHaveText(
    text('en', 'subscriptionPage.statuses.cancelled'),
  );
  await page.getByTestId('subscription-subscribe').click();
  await expect(page.getByTestId('subscription-confirm-page')).toBeVisible();
  await expect(page.getByTestId('confirm-mandate')).toHaveAttribute('data-done', 'true');
  for (const width of [1366, 375]) {
    await resize(page, width);
    await expect(page.getByTestId('confirm-subscribe')).toBeEnabled();
    await page.screenshot({ path: `test-results/subscription-confirm-${width}.png`, fullPage: true });
  }
  await resize(page, 1366);
  await expectAccessible(page, 'the confirm page');
  await page.getByTestId('confirm-subscribe').click();
  await expect(page.getByTestId('subscription-page')).toBeVisible();
  await expect(page.getByTestId('subscription-status-badge')).toHaveText(
    text('en', 'subscriptionPage.statuses.active'),
  );

  // Deleting: the download comes first, the button waits for the company name; nothing is deleted here.
  await page.getByTestId('delete-open').click();
  await expect(page.getByTestId('delete-dialog')).toBeVisible();
  await expectAccessible(page, 'the delete dialog');
  const download = page.waitForEvent('download');
  await page.getByTestId('delete-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^account-export-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByTestId('delete-confirm')).toBeDisabled();
  await page.getByTestId('delete-name').fill('Bistro Central GmbH');
  await expect(page.getByTestId('delete-confirm')).toBeEnabled();
  await resize(page, 375);
  await page.screenshot({ path: 'test-results/subscription-delete-375.png' });
  await page.keyboard.press('Escape');
});

test('a manager neither sees nor opens the subscription', async ({ page }) => {
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await expect(page.getByTestId('menu-subscription')).toHaveCount(0);
  await page.goto(localizedPath('subscription', 'en'));
  await expect(page.getByTestId('subscription-page')).toHaveCount(0);
});
