import { formatShortDate } from '@app/domain';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

// An employee's phone: 375 px wide, touch.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** Sets the account's "employees must apply" as its owner (through the API), answering the value it had. */
async function setMustApply(browser: Browser, value: boolean): Promise<boolean> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const request = context.request;
    const login = await request.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
    expect(login.ok()).toBe(true);
    const csrf = { 'x-csrf-token': (await login.json()).csrfToken as string };
    const before = await (await request.get('/api/settings/advanced')).json();
    const saved = await request.put('/api/settings/advanced', {
      headers: csrf,
      data: { ...before, employeesMustApply: value },
    });
    expect(saved.ok()).toBe(true);
    return before.employeesMustApply as boolean;
  } finally {
    await context.close();
  }
}

async function openRosterTab(page: Page, tab: 'mine' | 'open' | 'applied') {
  await page
    .getByTestId('roster-tabs')
    .getByText(text('en', `roster.tabs.short.${tab}`), { exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
}

test.describe("the employee's phone", () => {
  test('is an installable app: manifest, icons, service worker', async ({ page }) => {
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

    // Chromium's own reading of the manifest and its installability checks.
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}');
    expect(parsed).toMatchObject({ name: 'Rosterly', short_name: 'Rosterly', display: 'standalone', start_url: '/' });
    const sizes = (purpose: string) =>
      (parsed.icons as { sizes: string; purpose: string }[]).filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(expect.arrayContaining(['512x512']));
    for (const icon of parsed.icons as { src: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(active).toMatch(/\/sw\.js$/);
    // Nothing stands against installing but the test browser's own profile (incognito: never installable).
    const installable = await cdp.send('Page.getInstallabilityErrors');
    expect(installable.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });

  test('words, the avatar menu, the next duties, what is offered and my applications', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const mustApply = await setMustApply(browser, true);
    try {
      await signIn(page, 'en', 'employee@example.com');
      await expectOnOverview(page, 'en');

      // The header: help, bell and the avatar; signing out is in the avatar's menu, not beside the bell.
      await expect(page.getByTestId('logout')).toHaveCount(0);
      await page.getByTestId('profile-menu').click();
      await expect(page.getByRole('button', { name: text('en', 'nav.logout') })).toBeVisible();
      await shot(page, 'profile-menu-375');
      await expectAccessible(page, 'the avatar menu');
      await page.keyboard.press('Escape');

      // The next duties: each one link, read as one sentence, to the roster on its day.
      const next = page.getByTestId('next-duty').first();
      await expect(next).toBeVisible();
      expect(await next.evaluate((el) => el.tagName)).toBe('A');
      // Named by what it shows, day first: "Fri, Nov 27, 15:00–23:00, Service · Headquarter".
      await expect(next).toHaveAccessibleName(/^\S.*, .*, .+ · .+$/);
      await shot(page, 'overview-375');
      await expectAccessible(page, 'the overview');
      await next.click();
      await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?.*tab=mine/);

      // Open duties: those not hers to take are grey with the reason, without a button.
      await openRosterTab(page, 'open');
      const refused = page.locator('.roster-item[data-refused]');
      const offered = page.locator('.roster-item[data-offered]:not([data-applied])');
      await shot(page, 'open-duties-375');
      await expectAccessible(page, 'the open duties');
      if ((await refused.count()) > 0) {
        await refused.first().click();
        const panel = page.getByTestId('employee-panel');
        await expect(panel.getByTestId('offer-refused')).toBeVisible();
        await expect(panel.getByTestId('item-apply')).toHaveCount(0);
        await expect(panel.getByTestId('item-sign-in')).toHaveCount(0);
        await expectAccessible(page, 'a refused open duty');
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
      }

      // Applying for an offered one marks the card and lists it under "My applications".
      if ((await offered.count()) > 0) {
        const card = offered.first();
        const id = (await card.getAttribute('data-testid')) ?? '';
        await card.click();
        await page.getByTestId('employee-panel').getByTestId('item-apply').click();
        await expect(page.getByText(text('en', 'roster.employee.done.apply'))).toBeVisible();
        await expect(page.getByTestId(id)).toHaveAttribute('data-applied', 'true');
        await expect(page.getByTestId(id)).toContainText(text('en', 'roster.offer.applied'));
        await openRosterTab(page, 'applied');
        await expect(page.getByTestId(id)).toBeVisible();
        await shot(page, 'my-applications-375');
        await expectAccessible(page, 'my applications');
      }

      // Giving up her own duty: the buttons say different things.
      await openRosterTab(page, 'mine');
      const own = page.locator('.roster-item[data-mine]:not([data-flag])').first();
      if ((await own.count()) > 0) {
        await own.click();
        await expect(page.getByTestId('employee-panel')).toBeVisible();
      }
      // A duty of a past day offers nothing: only an upcoming one can be given up.
      if ((await own.count()) > 0 && (await page.getByTestId('item-sign-out').isVisible())) {
        await page.getByTestId('item-sign-out').click();
        const dialog = page.getByRole('dialog').filter({ hasText: text('en', 'roster.employee.signOutNotice') });
        await expect(dialog).toBeVisible();
        const labels = await dialog.getByRole('button').allInnerTexts();
        const named = labels.map((l) => l.trim()).filter(Boolean);
        expect(new Set(named).size).toBe(named.length);
        expect(named).toContain(text('en', 'roster.employee.signOutConfirm'));
        await shot(page, 'give-up-dialog-375');
        await expectAccessible(page, 'the give-up confirmation');
        await dialog.getByRole('button', { name: text('en', 'common.cancel') }).click();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await setMustApply(browser, mustApply);
    }
  });

  test('the roster opens on my duties from today; the month is a list by day; cards say duty and place', async ({
    page,
  }) => {
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    // Not on the first load: the offer of push messages waits for a released roster with a duty of hers.
    await expect(page.getByTestId('push-offer')).toHaveCount(0);

    await page.goto('/en/roster');
    await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?.*tab=mine/);
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    const today = page
      .locator('.roster-day-section')
      .filter({ has: page.getByText(new RegExp(` · ${text('en', 'roster.today')}$`)) });
    await expect(today).toHaveCount(1);
    await expect(today).toBeInViewport();
    // The heading names the period of the date field.
    const field = (await page.getByTestId('roster-date').innerText()).trim();
    const [d, m, y] = field.split('.').map(Number);
    const fieldDay = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const range = await page.getByTestId('roster-range').innerText();
    // In the one date format of the language (docs/product/app.md, "Dates and times").
    expect(range).toContain(formatShortDate(fieldDay, 'en'));

    // Cards name the duty and the place, not their short codes.
    const card = page.locator('.roster-item[data-mine]').first();
    if ((await card.count()) > 0) {
      await expect(card.locator('.roster-item-place')).not.toBeEmpty();
      const duty = await card.locator('.roster-duty').getAttribute('title');
      await expect(card.locator('.roster-duty')).toHaveText(duty ?? '');
    }
    await shot(page, 'my-duties-today-375');
    await expectAccessible(page, 'my duties on a phone');

    // After scrolling away, "Today" brings today back into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('roster-today').click();
    await expect(today).toBeInViewport();

    // The month: a list by day, no grid.
    const month = new URL(page.url());
    month.searchParams.set('period', 'month');
    await page.goto(month.toString());
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    await expect(page.getByTestId('roster-day-list')).toBeVisible();
    await expect(page.getByTestId('roster-grid')).toHaveCount(0);
    expect(await page.locator('.roster-day-section').count()).toBeGreaterThanOrEqual(28);
    await expect(today).toBeInViewport();
    await shot(page, 'month-agenda-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Back to the week: the view is kept as her preference, and the flows after this one expect the week.
    month.searchParams.set('period', 'week');
    await page.goto(month.toString());
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    await expect
      .poll(async () => (await page.request.get('/api/app/init')).json())
      .toMatchObject({
        membership: { preferences: { roster: { period: 'week' } } },
      });
  });

  test('offers push messages once a released roster is seen; the settings are grouped with a sticky save', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['notifications']);
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    await expect(page.getByTestId('push-offer')).toHaveCount(0);
    await page.goto('/en/roster');
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    await expect(page.locator('.roster-item[data-mine]').first()).toBeVisible();
    const offer = page.getByTestId('push-offer');
    await expect(offer).toBeVisible();
    await expect(offer).toBeInViewport();
    await expect(offer).toContainText(text('en', 'notifications.offer.title'));
    await expect(offer.getByRole('button', { name: text('en', 'notifications.offer.allow') })).toBeVisible();
    await shot(page, 'push-offer-375');
    await expectAccessible(page, 'the push offer');
    // "Not now" is kept on the device: the offer does not come back on the next visit.
    await offer.getByTestId('push-offer-later').click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    await expect(page.locator('.roster-item[data-mine]').first()).toBeVisible();
    await expect(page.getByTestId('push-offer')).toHaveCount(0);

    // The settings are reachable from the profile's menu; the switches come in a section per module.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-menu-notifications').click();
    await expect(page.getByTestId('notifications-page')).toBeVisible();
    for (const module of ['roster', 'vacation', 'hours', 'chats']) {
      await expect(page.getByTestId(`notification-group-${module}`)).toBeVisible();
    }
    await expect(
      page.getByTestId('notification-group-roster').getByRole('heading', {
        name: text('en', 'notifications.groups.roster'),
      }),
    ).toBeVisible();
    await expect(page.getByTestId('push-card')).toBeVisible();
    // A change at the top shows the save bar, which stays in view at the bottom of the list too.
    await page.getByTestId('switch-rosterReleased-mail').click({ force: true });
    const bar = page.getByTestId('notifications-savebar');
    await expect(bar).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByTestId('event-chatMessage')).toBeInViewport();
    await expect(bar).toBeInViewport();
    await shot(page, 'notification-settings-375');
    await expectAccessible(page, 'the grouped notification settings');
    await bar.getByRole('button', { name: text('en', 'common.reset') }).click();
    await expect(bar).toBeHidden();

    // The profile page leads there too.
    await page.goto('/en/profile');
    await expect(page.getByTestId('profile-notifications').getByRole('link')).toHaveAttribute(
      'href',
      /\/en\/notifications$/,
    );
  });

  test('opens the roster offline, read-only, and refuses changes with a message', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Controlled by the worker from here on; the roster loads once online (it keeps the answer).
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/en/roster?tab=mine');
    await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?.*tab=mine/);
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    const rosterUrl = page.url();
    await expect(page.locator('.roster-item[data-mine]').first()).toBeVisible();
    const mine = await page.locator('.roster-item[data-mine]').count();
    const rangeOnline = await page.getByTestId('roster-range').innerText();
    const dateOnline = (await page.getByTestId('roster-date').innerText()).trim();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await context.setOffline(true);
    await page.goto(rosterUrl);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText(text('en', 'offline.title'));
    await expect(page.locator('.roster-item[data-mine]')).toHaveCount(mine);
    // The heading and the date field name the same period, from the saved answer too.
    await expect(page.getByTestId('roster-range')).toHaveText(rangeOnline);
    expect((await page.getByTestId('roster-date').innerText()).trim()).toBe(dateOnline);
    await shot(page, 'roster-offline-375');
    await expectAccessible(page, 'the roster offline');

    // A change offline is refused with a message, not sent later behind the member's back.
    const own = page.locator('.roster-item[data-mine]:not([data-flag])').first();
    const ownId = (await own.count()) > 0 ? await own.getAttribute('data-testid') : null;
    if (ownId) {
      await own.click();
      await expect(page.getByTestId('employee-panel')).toBeVisible();
    }
    if (ownId && (await page.getByTestId('item-sign-out').isVisible())) {
      await page.getByTestId('item-sign-out').click();
      const dialog = page.getByRole('dialog').filter({ hasText: text('en', 'roster.employee.signOutNotice') });
      await dialog.getByRole('button', { name: text('en', 'roster.employee.signOutConfirm') }).click();
      await expect(page.getByText(text('en', 'offline.refused'))).toBeVisible();
      await shot(page, 'offline-refused-375');
    }

    await context.setOffline(false);
    await page.goto(rosterUrl);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    // Nothing was sent: her duty carries no give-up request.
    if (ownId) {
      await expect(page.getByTestId(ownId)).toBeVisible();
      await expect(page.getByTestId(ownId)).not.toHaveAttribute('data-flag', /.*/);
    }
  });
});

test('the header and the roster on a wide screen keep their sign-out button', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await expect(page.getByTestId('logout')).toBeVisible();
  await shot(page, 'overview-1366');
  await page.getByTestId('menu-roster').click();
  await page.getByTestId('roster-tabs').getByText(text('en', 'roster.tabs.open'), { exact: true }).click();
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  await shot(page, 'open-duties-1366');
  await expectAccessible(page, 'the open duties on a wide screen');
});
