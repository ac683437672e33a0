import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

async function openSubscriptions(page: Page, email: string) {
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  await page.goto(localizedPath('roster', 'en'));
  await page.getByTestId('calendar-feed-open').click();
  const dialog = page.getByTestId('calendar-feed-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A retry finds the address its first try made: renewing it asks first. */
async function confirmRenewal(page: Page) {
  const renew = page.getByRole('dialog').filter({ hasText: text('en', 'roster.calendarFeed.renewConfirm') });
  if (await renew.isVisible().catch(() => false)) {
    await renew.getByRole('button', { name: text('en', 'roster.calendarFeed.renew') }).click();
  }
}

test('a planner subscribes to the whole planning; the address answers with everyone’s duties', async ({ page }) => {
  test.setTimeout(120_000);
  const dialog = await openSubscriptions(page, 'planner@example.com');
  await expect(dialog.getByRole('heading', { name: text('en', 'roster.calendarFeed.ownHeading') })).toBeVisible();
  await dialog.getByTestId('planning-feed-create').click();
  await confirmRenewal(page);
  const address = await dialog.getByTestId('planning-feed-url').inputValue();
  expect(address).toMatch(/\/api\/ical\/[A-Za-z0-9_-]+\.ics$/);
  await expectAccessible(page, 'the calendar subscriptions with a new address');

  const feed = await page.request.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const body = await feed.text();
  expect(body).toContain('BEGIN:VEVENT');
  // Stamps in UTC, as calendar apps expect.
  expect(body).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);

  // Removing it ends the address.
  await dialog.getByRole('button', { name: text('en', 'roster.calendarFeed.remove') }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: text('en', 'roster.calendarFeed.removeConfirm') })
    .getByRole('button', { name: text('en', 'roster.calendarFeed.remove') })
    .click();
  await expect(dialog.getByTestId('planning-feed')).toContainText(text('en', 'roster.calendarFeed.planningNone'));
  expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('an employee sees only their own subscription', async ({ page }) => {
    test.setTimeout(120_000);
    const dialog = await openSubscriptions(page, 'employee@example.com');
    await expect(dialog.getByTestId('calendar-feed')).toBeVisible();
    await expect(dialog.getByTestId('planning-feed')).toHaveCount(0);
    await dialog.getByTestId('calendar-feed-create').click();
    await confirmRenewal(page);
    await expect(dialog.getByTestId('calendar-feed-url')).toHaveValue(/\.ics$/);
    await expectAccessible(page, 'the calendar subscription on a phone');
  });
});
