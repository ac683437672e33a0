import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { startMailbox } from './mailbox';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });

const ADDRESS = 'mira.nowhere@example.com';
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** The owner's API: invites the person whose mail bounces, and removes them again afterwards. */
async function ownerApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

test('the owner sees an invitation the mail server refused and sends it again once the address works', async ({
  page,
  baseURL,
}) => {
  const { api, headers } = await ownerApi(baseURL as string);
  mailbox.refuse(ADDRESS);
  const invited = await api.post('/api/members/invitations', {
    headers,
    data: { people: [{ fname: 'Mira', lname: 'Nowhere', email: ADDRESS, locale: 'en' }], locationIds: [] },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const [member] = (await invited.json()).invited as { id: string }[];
  try {
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/settings/mail');
    await expect(page.getByTestId('settings-page')).toHaveAttribute('data-section', 'mail');
    // The refusal is final at once (550); the page follows the worker on its own.
    const row = page.locator(`[data-testid="mail-row"][data-to="${ADDRESS}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toHaveAttribute('data-status', 'failed');
    await expect(row).toContainText(text('en', 'settings.mail.status.failed'));
    await expect(row).toContainText('You are invited to Bistro Central');
    await expect(row).toContainText('550');
    await expectAccessible(page, 'the mail delivery page');

    // The address works now: sent again, it arrives with its link and leaves the list.
    mailbox.accept(ADDRESS);
    await row.getByTestId('mail-resend').click();
    await expect(page.getByText('Mails sent again: 1')).toBeVisible();
    const mail = await mailbox.latest(ADDRESS);
    expect(mail.subject).toBe('You are invited to Bistro Central');
    await expect(row).toHaveCount(0);

    // On a phone the same list, one card per mail.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByTestId('settings-nav-select')).toBeVisible();
    await expect(page.getByTestId('settings-mail')).toBeVisible();
  } finally {
    await api.delete(`/api/members/${member.id}`, { headers });
    await api.dispose();
  }
});
