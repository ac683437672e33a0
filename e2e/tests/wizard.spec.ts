import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { linkPath, startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { signIn } from './sample';

/**
 * The setup wizard (docs/product/setup.md), walked as a retail shop: the sample's "Fresh Corner Shop" registered
 * and has not finished its setup. Its employee is told so and signed out; its owner walks every step on a phone,
 * leaves with a "continue later" link, opens it on a desktop where everything is as she left it, and finishes.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const OWNER = 'newcomer@example.com';
const EMPLOYEE = 'waiting@example.com';
const STEPS = ['welcome', 'account', 'company', 'employees', 'functions', 'activities', 'modules', 'done'] as const;

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

async function expectStep(page: Page, index: number) {
  await expect(page.getByTestId('setup-progress-text')).toHaveText(`Step ${index + 1} of ${STEPS.length}`);
}

/** Looks at the step as it is: a screenshot for review and axe. */
async function capture(page: Page, step: string, width: number) {
  await page.screenshot({ path: `test-results/wizard-${step}-${width}.png`, fullPage: true });
  await expectAccessible(page, `the wizard's ${step} step at ${width} px`);
}

test('an employee of an unfinished account is told so and signed out', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'en', EMPLOYEE);
  const notice = page.getByRole('dialog', { name: 'Setup not complete' });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: 'test-results/wizard-incomplete-375.png' });
  await expectAccessible(page, 'the unfinished setup notice');
  await notice.getByRole('button', { name: 'OK, sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login/);
});

test('the owner walks the wizard on a phone as a retail shop and leaves with a link', async ({ page }) => {
  const width = 375;
  await page.setViewportSize({ width, height: 740 });
  await signIn(page, 'en', OWNER);
  await expect(page).toHaveURL(/\/en\/wizard\/step$/);
  await expectStep(page, 0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Nora!');
  await capture(page, 'welcome', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 1);
  await expect(page.getByTestId('setup-timezone')).toHaveValue('Europe/Berlin');
  await capture(page, 'account', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 2);
  // The industry is required: the step says so instead of moving on.
  await page.getByTestId('setup-next').click();
  await expect(page.getByText('Choose an industry.')).toBeVisible();
  await page.getByTestId('setup-company-name').fill('Fresh Corner Shop GmbH');
  await page.getByTestId('setup-industry-retail').click();
  await capture(page, 'company', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 3);
  await page
    .getByTestId('setup-employees')
    .fill('Lena Kaufmann <lena.kaufmann@example.com>\nJonas Weber, jonas.weber@example.com\nno address on this line');
  await expect(page.getByTestId('setup-employees-count')).toHaveText('Ready to invite: 2');
  await expect(page.getByTestId('setup-employees-problems')).toContainText('Line 3: no e-mail address');
  await page.getByTestId('setup-next').click();
  await expectStep(page, 3);
  await capture(page, 'employees', width);
  await page
    .getByTestId('setup-employees')
    .fill('Lena Kaufmann <lena.kaufmann@example.com>\nJonas Weber, jonas.weber@example.com');
  await expect(page.getByTestId('setup-employees-problems')).toBeHidden();
  await page.getByTestId('setup-next').click();

  await expectStep(page, 4);
  // Retail's functions, ready to rename, add and remove.
  await expect(page.getByTestId('setup-duty-name-0')).toHaveValue('Cashier');
  await page.getByTestId('setup-duty-name-0').fill('Till');
  await page.getByTestId('setup-duty-add').click();
  await page.getByTestId('setup-duty-identifier-4').fill('BK');
  await page.getByTestId('setup-duty-name-4').fill('Bakery counter');
  await capture(page, 'functions', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 5);
  await expect(page.getByTestId('setup-shift-name-0')).toHaveValue('Opening');
  await capture(page, 'activities', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 6);
  await expect(page.getByTestId('setup-module-roster')).toBeChecked();
  // Check-ins need hours (on already for retail): hours cannot be switched off while check-ins are on.
  await page.getByTestId('setup-module-checkins').check();
  await expect(page.getByTestId('setup-modules-added')).toBeHidden();
  await expect(page.getByTestId('setup-module-hours')).toBeDisabled();
  await capture(page, 'modules', width);
  await page.getByTestId('setup-next').click();

  await expectStep(page, 7);
  await expect(page.getByTestId('setup-summary')).toContainText('Invitations to send: 2');
  await expect(page.getByTestId('setup-summary')).toContainText('Till');
  await capture(page, 'done', width);

  await page.getByTestId('setup-later').click();
  const later = page.getByRole('dialog', { name: 'Your progress is saved' });
  await expect(later).toContainText(OWNER);
  await later.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login/);
});

test('the link opens the wizard on a desktop where she left it; back and forth keeps every input; finishing opens the roster', async ({
  page,
}) => {
  const width = 1366;
  await page.setViewportSize({ width, height: 900 });
  const mail = await mailbox.latest(OWNER);
  expect(mail.subject).toContain('Continue setting up');
  const link = linkPath(mail);
  expect(link).toMatch(/^\/en\/wizard\/start\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/en\/wizard\/step$/);
  await expectStep(page, 7);
  await capture(page, 'done', width);

  // Back to the start, every input as it was.
  for (let i = STEPS.length - 2; i >= 0; i--) {
    await page.getByTestId('setup-back').click();
    await expectStep(page, i);
  }
  await capture(page, 'welcome', width);
  await page.getByTestId('setup-next').click();
  await capture(page, 'account', width);
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-company-name')).toHaveValue('Fresh Corner Shop GmbH');
  await expect(page.getByTestId('setup-industry-retail')).toHaveAttribute('data-checked', 'true');
  await capture(page, 'company', width);
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-employees')).toHaveValue(/jonas\.weber@example\.com/);
  await capture(page, 'employees', width);
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-duty-name-0')).toHaveValue('Till');
  await expect(page.getByTestId('setup-duty-name-4')).toHaveValue('Bakery counter');
  await capture(page, 'functions', width);
  await page.getByTestId('setup-next').click();
  await capture(page, 'activities', width);
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('setup-module-checkins')).toBeChecked();
  await capture(page, 'modules', width);
  await page.getByTestId('setup-next').click();
  await expectStep(page, 7);

  await page.getByTestId('setup-finish').click();
  await expect(page).toHaveURL(/\/en\/roster/);
  // The new planning, named by the retail template, with the shifts chosen.
  await expect(page.getByText('Store').first()).toBeVisible();
  await page.screenshot({ path: `test-results/wizard-roster-${width}.png` });
  for (const email of ['lena.kaufmann@example.com', 'jonas.weber@example.com']) {
    const invitation = await mailbox.latest(email);
    expect(invitation.subject).toContain('Fresh Corner Shop');
  }

  // The link was used; the finished setup says so and offers the app.
  await page.goto(link);
  await expect(page.getByTestId('setup-message')).toHaveAttribute('data-kind', 'SETUP_COMPLETED');
  await page.goto('/en/wizard');
  await expect(page.getByTestId('setup-message')).toHaveAttribute('data-kind', 'SETUP_COMPLETED');
  await capture(page, 'completed', width);
});

test('a wrong link says so, with a way to contact us, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/en/setup/00000000-0000-4000-8000-000000000000/not-a-real-token-at-all');
  await expect(page.getByTestId('setup-message')).toHaveAttribute('data-kind', 'INVALID_CREDENTIALS');
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await capture(page, 'invalid', 375);
});
