import { localizedPath } from '@app/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

async function timesheetAs(browser: Browser, email: string, page: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const tab = await context.newPage();
  await signIn(tab, 'en', email);
  await expectOnOverview(tab, 'en');
  await tab.goto(localizedPath('timesheet', 'en', { page }));
  await expect(tab.getByTestId('timesheet-page')).toBeVisible();
  return tab;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A short stroke on the signature pad, with the mouse (pointer events, as a finger or pen would). */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -30],
    [110, 25],
    [160, -20],
    [220, 30],
  ])
    await page.mouse.move(box.x + 30 + dx, box.y + box.height / 2 + dy, { steps: 4 });
  await page.mouse.up();
}

test.describe('hours', () => {
  test('an employee registers a planned and an unplanned line at 375 px; a supervisor denies one with a message and approves the other with a drawn signature', async ({
    browser,
  }) => {
    // Two browsers, a dozen steps and an axe run on a shared machine.
    test.setTimeout(300_000);
    const phone = { width: 375, height: 740 };
    const emma = await timesheetAs(browser, 'employee@example.com', 'register', phone);

    // To be registered: the sample leaves Emma's last duties open.
    const open = emma.getByTestId('hours-line');
    await expect(open.first()).toBeVisible({ timeout: 30_000 });
    const before = await open.count();
    await expectAccessible(emma, 'timesheet to register at 375 px');
    await shot(emma, 'register-375');
    expect(await emma.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await open.first().getByTestId('hours-register').click();
    const form = emma.getByTestId('hours-form');
    await expect(form).toBeVisible();
    await form.getByLabel(text('en', 'hours.form.comment')).fill('E2E planned');
    await shot(emma, 'register-form-375');
    await form.getByTestId('hours-submit').click();
    await expect(form).toBeHidden();
    await expect(open).toHaveCount(before - 1);

    // An unplanned line yesterday night.
    await emma.getByTestId('hours-unplanned').click();
    await expect(form).toBeVisible();
    await form.getByTestId('hours-date').click();
    await emma.getByRole('option').nth(1).click();
    await form.getByTestId('hours-from').fill('00:15');
    await form.getByTestId('hours-until').fill('01:15');
    await expect(form.getByTestId('hours-worked')).toContainText('1:00 h');
    await form.getByLabel(text('en', 'hours.form.comment')).fill('E2E unplanned');
    await form.getByTestId('hours-submit').click();
    await expect(form).toBeHidden();

    await emma.getByTestId('tab-pending').click();
    await expect(emma.getByTestId('hours-line').filter({ hasText: 'E2E planned' })).toBeVisible();
    await expect(emma.getByTestId('hours-line').filter({ hasText: 'E2E unplanned' })).toBeVisible();
    await shot(emma, 'pending-375');

    // The supervisor, on a desktop.
    const sam = await timesheetAs(browser, 'supervisor@example.com', 'approve', { width: 1366, height: 900 });
    const unplanned = sam.getByTestId('hours-line').filter({ hasText: 'E2E unplanned' });
    const planned = sam.getByTestId('hours-line').filter({ hasText: 'E2E planned' });
    // Two months of sample hours: the first list takes a moment on a busy machine.
    await expect(unplanned).toBeVisible({ timeout: 30_000 });
    await shot(sam, 'approve-1366');

    await unplanned.getByTestId('hours-deny').click();
    const deny = sam.getByRole('dialog');
    await deny.getByTestId('deny-submit').click();
    await expect(deny.getByText(text('en', 'hours.deny.required'))).toBeVisible();
    await deny.getByTestId('deny-message').fill('There was no duty that night. Please check the date.');
    await deny.getByTestId('deny-submit').click();
    await expect(unplanned).toBeHidden({ timeout: 30_000 });

    await planned.getByTestId('hours-more').click();
    await sam.getByTestId('hours-approve-signed').click();
    const sign = sam.getByRole('dialog');
    await expect(sign.getByTestId('signee-name')).toHaveValue('Emma Employee');
    await sign.getByTestId('sign-submit').click();
    await expect(sign.getByText(text('en', 'hours.signature.required'))).toBeVisible();
    await drawSignature(sam);
    await shot(sam, 'signature-1366');
    await sign.getByTestId('sign-submit').click();
    await expect(planned).toBeHidden({ timeout: 30_000 });

    // Emma sees the denial with its message, live, and the approved line signed.
    const denied = emma.getByTestId('hours-line').filter({ hasText: 'E2E unplanned' });
    await expect(denied.getByTestId('hours-denial')).toContainText('There was no duty that night.');
    await expect(denied.getByTestId('hours-status')).toHaveText(text('en', 'hours.status.denied'));
    await emma.getByTestId('tab-approved').click();
    const approved = emma.getByTestId('hours-line').filter({ hasText: 'E2E planned' });
    await expect(approved).toContainText('signed by Emma Employee');
    await shot(emma, 'approved-375');
  });
});
