import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { linkPath, startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { text } from './sample';

test.describe.configure({ mode: 'serial' });
// Registering waits for the mail; the demo copies the whole sample company.
test.setTimeout(120_000);

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** Screenshots of the page at the two widths the pages are checked at, with axe at each. */
async function look(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectAccessible(page, `${name} at ${width} px`);
    await page.screenshot({ path: `test-results/signup-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a newcomer registers a company, confirms through the mailed link and lands in the setup wizard', async ({
  page,
}) => {
  const email = `rita.${Date.now()}@corner-shop.test`;
  await page.goto('/en/login');
  await page.getByTestId('link-register').click();
  await expect(page).toHaveURL(/\/en\/register$/);
  await expect(page.getByTestId('register-form')).toBeVisible();
  await look(page, 'register');

  // Nothing filled in: every field says what it needs, the agreements included.
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(text('en', 'signup.acceptTermsRequired'))).toBeVisible();
  await expect(page.getByText(text('en', 'signup.acceptDpaRequired'))).toBeVisible();

  await page.getByTestId('register-fname').fill('Rita');
  await page.getByTestId('register-lname').fill('Retail');
  await page.getByTestId('register-company').fill('Corner Shop Rita');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('Shop2024go');
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-dpa').check();
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('check-mail')).toBeVisible();
  await expect(page.getByTestId('check-mail-address')).toHaveText(email);
  // This server sends its mail (SMTP_URL): no word of the log.
  await expect(page.getByTestId('mail-logged')).toHaveCount(0);
  await look(page, 'check-mail');

  // Not confirmed yet: signing in says so and offers the link again.
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByTestId('login-password').fill('Shop2024go');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText(text('en', 'errors.EMAIL_NOT_CONFIRMED'));

  const mail = await mailbox.latest(email);
  expect(mail.subject).toBe('Confirm your registration at Rosterly');
  const path = linkPath(mail);
  expect(path).toMatch(/^\/en\/login\/signup\//);
  await page.goto(path);
  await expect(page).toHaveURL(/\/en\/welcome$/);
  await expect(page.getByTestId('welcome')).toContainText('Corner Shop Rita');
  await expect(page.getByRole('heading', { name: 'Welcome, Rita!' })).toBeVisible();
  await look(page, 'welcome');

  await page.getByTestId('welcome-start').click();
  await expect(page).toHaveURL(/\/en\/wizard\/step$/);
  // Signed in: the session answers as the new company's owner.
  const init = await page.request.get('/api/app/init');
  expect(await init.json()).toMatchObject({
    account: { name: 'Corner Shop Rita', status: 'trial', setupComplete: false },
    membership: { roles: ['owner'] },
  });
  // The used link cannot be used twice.
  await page.goto(path);
  await expect(page.getByTestId('code-failure')).toHaveAttribute('data-reason', 'CODE_USED');
});

test('a visitor tries the demo: a copy of the sample company opens on the roster', async ({ page }) => {
  await page.goto('/en/demo');
  await expect(page.getByTestId('demo')).toBeVisible();
  await look(page, 'demo');
  const started = performance.now();
  await page.getByTestId('demo-start').click();
  await expect(page.getByTestId('demo-progress')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/roster/, { timeout: 60_000 });
  console.info(`demo ready after ${Math.round(performance.now() - started)} ms`);
  const init = await (await page.request.get('/api/app/init')).json();
  expect(init.account).toMatchObject({ name: 'Bistro Central', demo: true, status: 'demo' });
  expect(init.membership.roles).toEqual(['owner']);
});
