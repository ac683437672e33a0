import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * The API page (docs/product/api.md): the owner makes an integration token, sees it once, copies it, uses it, and
 * revokes it; then registers a webhook and sees its signing secret once.
 */

const HOOK = 'https://hooks.example.com/rosterly';

test('the owner creates a token shown once, copies and revokes it, and registers a webhook', async ({
  page,
  baseURL,
}) => {
  // Seven accessibility scans of a page and its dialogs on two screens.
  test.slow();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/profile');
    await page.getByTestId('profile-api-open').click();
    await expect(page).toHaveURL(/\/en\/api-access$/);
    await expect(page.getByTestId('api-page')).toBeVisible();
    await expectAccessible(page, 'the API page');

    // A read token: made in the dialog, its secret shown once and copied.
    await page.getByTestId('token-new-integration').click();
    await page.getByTestId('token-name').fill('Payroll export');
    await page.getByTestId('token-scope-members.read').check();
    await page.getByTestId('token-scope-vacation.read').check();
    await expectAccessible(page, 'the new token dialog');
    await page.getByTestId('token-create').click();
    const secret = await page.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^rst_/);
    await page.getByTestId('token-secret-copy').click();
    await expect(page.getByTestId('token-secret-copy')).toHaveText(text('en', 'api.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'the token shown once');
    await page.getByTestId('token-done').click();

    // Listed by name and prefix, never the secret again.
    const row = page.getByTestId('token-row').filter({ hasText: secret.slice(0, 10) });
    await expect(row).toContainText('Payroll export');
    await expect(page.getByTestId('api-page')).not.toContainText(secret);

    // The copied token works without a session, through the versioned prefix.
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await api.get('/api/v1/members', { headers: bearer })).status()).toBe(200);
    const refused = await api.post('/api/v1/items', { headers: bearer, data: {} });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('TOKEN_SCOPE');
    // Vacation has its own scope, which this token holds; availability's it does not.
    expect((await api.get('/api/v1/vacation?year=2027', { headers: bearer })).status()).toBe(200);
    const availability = await api.get('/api/v1/availability?from=2027-04-05&until=2027-04-11', { headers: bearer });
    expect(availability.status()).toBe(403);
    expect(await availability.json()).toMatchObject({ code: 'TOKEN_SCOPE', data: { scope: 'availability.read' } });

    // Revoked: the next call answers 401.
    await row.getByTestId('token-revoke').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByText(text('en', 'api.tokens.revoked'))).toBeVisible();
    await expect(row).toHaveCount(0);
    const revoked = await api.get('/api/v1/members', { headers: bearer });
    expect(revoked.status()).toBe(401);
    expect((await revoked.json()).code).toBe('TOKEN_INVALID');

    // A webhook on a loopback address is refused on its field; a public https one is registered.
    await page.getByTestId('webhook-new').click();
    await page.getByTestId('webhook-url').fill('https://127.0.0.1/hooks');
    await page.getByTestId('webhook-create').click();
    await expect(page.getByText(text('en', 'validation.webhookUrl'))).toBeVisible();
    await page.getByTestId('webhook-url').fill(HOOK);
    await page.getByTestId('webhook-description').fill('Payroll');
    await page.getByTestId('webhook-event-hours.approved').check();
    await expectAccessible(page, 'the new webhook dialog');
    await page.getByTestId('webhook-create').click();
    await expect(page.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
    await page.getByTestId('webhook-done').click();
    const hook = page.getByTestId('webhook-row').filter({ hasText: HOOK });
    await expect(hook).toHaveAttribute('data-state', 'on');
    await expect(hook).toContainText(text('en', 'api.events.hours_approved'));
    await expectAccessible(page, 'the API page with a webhook');
    await page.screenshot({ path: 'test-results/api-access-1366.png', fullPage: true });

    // On a phone the same page, one card per token and webhook.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(hook).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/api-access-375.png', fullPage: true });
    await expectAccessible(page, 'the API page on a phone');
    await page.getByTestId('token-new-integration').click();
    await expect(page.getByTestId('token-dialog')).toBeVisible();
    await expectAccessible(page, 'the new token dialog on a phone');
  } finally {
    // The webhook goes again, so later flows' releases are not queued for it.
    const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
    const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
    const hooks = (await (await api.get('/api/webhooks', { headers })).json()) as { id: string; url: string }[];
    for (const h of hooks.filter((x) => x.url === HOOK)) await api.delete(`/api/webhooks/${h.id}`, { headers });
    await api.dispose();
  }
});
