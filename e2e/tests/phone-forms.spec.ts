import { localizedPath } from '@app/domain';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

// Forms and pages that fit an employee's phone: 375 px wide, touch.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** The page never pans sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(inner);
}

async function signedIn(page: Page, email: string, lang: 'en' | 'pl' = 'en') {
  await signIn(page, lang, email);
  await expectOnOverview(page, lang);
}

/** Opens the picker of a date field and steps months forward until `date` shows (at most a year). */
async function showDay(page: Page, field: Locator, date: string) {
  await field.click();
  const day = page.locator(`[data-date="${date}"]:not([data-outside])`).first();
  for (let i = 0; i < 13 && !(await day.isVisible()); i++)
    await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  return day;
}

/** The next Monday to Friday at least `ahead` days after the page's today (the server's clock). */
function weekdayAfter(today: string, ahead: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ahead);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test.describe('forms and pages on a phone', () => {
  test('chats fit the screen for every role: no sideways scroll, own bubbles off the edge', async ({ page }) => {
    test.setTimeout(300_000);
    for (const email of ['employee@example.com', 'planner@example.com', 'manager@example.com']) {
      await page.context().clearCookies();
      await signedIn(page, email);
      await page.goto(localizedPath('chats', 'en'));
      await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
      await expectNoSidewaysScroll(page, `${email}'s chat list`);
      // A conversation with messages (flows before this one may have started empty ones, listed first).
      let messages = false;
      for (let i = 0; i < 5 && !messages; i++) {
        await page.goto(localizedPath('chats', 'en'));
        // The list loads after the page: counted before it shows, it looked empty.
        await expect(page.getByTestId('chat-list-item').first()).toBeVisible();
        const item = page.getByTestId('chat-list-item').nth(i);
        if ((await item.count()) === 0) break;
        await item.click();
        await expect(page.getByTestId('chat-conversation')).toBeVisible();
        messages = await page
          .getByTestId('chat-message')
          .first()
          .waitFor({ timeout: 15_000 })
          .then(
            () => true,
            () => false,
          );
      }
      // Emma's sample chats have messages whatever the clock; the others' bubbles are checked where there are some.
      if (email === 'employee@example.com') expect(messages, 'Emma has a conversation with messages').toBe(true);
      await expectNoSidewaysScroll(page, `${email}'s conversation`);
      const right = await page
        .locator('[data-testid="chat-message"][data-mine] .chat-bubble')
        .evaluateAll((bubbles) => bubbles.map((b) => b.getBoundingClientRect().right));
      for (const r of right) expect(r, 'an own bubble keeps off the edge').toBeLessThanOrEqual(375 - 8);
      if (email === 'employee@example.com') {
        await shot(page, 'chat-conversation-375');
        await expectAccessible(page, 'a conversation at 375 px');
      }
    }
  });

  test('hours: the dialog names the day, asks how one travelled before sending, and confirms', async ({ page }) => {
    test.setTimeout(180_000);
    await signedIn(page, 'employee@example.com');
    await page.goto(localizedPath('timesheet', 'en', { page: 'register' }));
    await expect(page.getByTestId('timesheet-page')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the timesheet');

    // A planned line: the title carries its date.
    const open = page.getByTestId('hours-line');
    await expect(open.first()).toBeVisible({ timeout: 30_000 });
    await open.first().getByTestId('hours-register').click();
    const form = page.getByTestId('hours-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('hours-form-title')).toHaveText(/\d{1,2}\.? \S+ \d{4}/);
    await expect(page.getByRole('dialog').getByRole('button', { name: text('en', 'common.close') })).toBeVisible();
    await expectAccessible(page, 'the hours dialog');
    await page.getByRole('button', { name: text('en', 'common.close') }).click();
    await expect(form).toBeHidden();

    // An unplanned line with a travel distance: how one travelled is asked before anything is sent.
    await page.getByTestId('hours-unplanned').click();
    await expect(form).toBeVisible();
    await form.getByTestId('hours-date').click();
    await page.getByRole('option').nth(2).click();
    await form.getByTestId('hours-from').fill('06:00');
    await form.getByTestId('hours-until').fill('07:30');
    const role = form.getByTestId('hours-travel-role');
    await expect(role).toBeVisible();
    await expect(role).toContainText(text('en', 'hours.form.travelRoleHint'));
    await form.getByTestId('hours-travel-km').fill('12');
    await form.getByLabel(text('en', 'hours.form.comment')).fill('E2E travel');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/hours')) sent.push(r.url());
    });
    await form.getByTestId('hours-submit').click();
    await expect(role).toContainText(text('en', 'validation.travelRole'));
    expect(sent, 'nothing is sent before the form is complete').toEqual([]);
    await shot(page, 'hours-travel-375');
    await expectAccessible(page, 'the hours dialog with an error');
    await form.getByTestId('hours-travel-driver').click();
    await form.getByTestId('hours-submit').click();
    await expect(form).toBeHidden();
    await expect(page.getByText(text('en', 'hours.done.registered'))).toBeVisible();
    await page.getByTestId('tab-pending').click();
    await expect(page.getByTestId('hours-line').filter({ hasText: 'E2E travel' })).toContainText('12');
  });

  test('vacation: one day in one tap, holidays marked, the counted days and the days left before Send', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signedIn(page, 'employee@example.com');
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    await page.goto(localizedPath('vacationNew', 'en'));
    await expect(page.getByTestId('vacation-new-page')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the vacation form');

    // Christmas is marked in the picker, with its name.
    await page.getByTestId('vacation-span').getByText(text('en', 'vacation.span.oneDay')).click();
    const field = page.getByTestId('vacation-dates');
    const year = Number(today.slice(0, 4));
    const christmas = await showDay(page, field, `${today > `${year}-12-25` ? year + 1 : year}-12-25`);
    await expect(christmas).toHaveAttribute('data-holiday', 'true');
    await expect(christmas).toHaveAttribute('title', /Christmas/);
    await expectAccessible(page, 'the vacation date picker');
    await shot(page, 'vacation-picker-375');
    await page.keyboard.press('Escape');

    // One tap on a working day: the request is that day; the picker closes and focus is back on the field.
    const date = weekdayAfter(today, 45);
    const day = await showDay(page, field, date);
    await day.click();
    await expect(page.locator(`[data-date="${date}"]`)).toHaveCount(0);
    await expect(field).toBeFocused();
    const inline = page.getByTestId('vacation-count-inline');
    await expect(inline).toContainText('Days counted: 1');
    await expect(inline).toContainText('days left afterwards:');
    await expect(page.getByTestId('vacation-send-summary')).toHaveText(await inline.innerText());
    await expect(page.getByTestId('vacation-preview-days')).toHaveText('1');
    await shot(page, 'vacation-one-day-375');
    await expectAccessible(page, 'the vacation form with one day');
    await page.getByTestId('vacation-submit').click();
    await expect(page.getByTestId('vacation-request-page')).toBeVisible();
    await expect(page.getByTestId('vacation-days')).toHaveText('1');
  });

  test('the menu: out of the tab order while closed, the burger says whether it is open', async ({ page }) => {
    await signedIn(page, 'employee@example.com');
    const burger = page.getByTestId('nav-burger');
    const nav = page.getByTestId('side-nav');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toHaveAttribute('inert', '');
    // Tabbing through the page never lands in the closed menu.
    await burger.focus();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await nav.evaluate((n) => n.contains(document.activeElement))).toBe(false);
    }
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).not.toHaveAttribute('inert');
    // Open, its links are reached by tabbing on from the header.
    await burger.focus();
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await nav.evaluate((n) => n.contains(document.activeElement));
    }
    expect(reached, 'the open menu is in the tab order').toBe(true);
    await expectAccessible(page, 'the open menu');
    await shot(page, 'menu-open-375');
  });

  test('one h1 on each main page', async ({ page }) => {
    test.setTimeout(180_000);
    await signedIn(page, 'manager@example.com');
    const keys = ['overview', 'inbox', 'today', 'roster', 'availability', 'contacts', 'chats', 'timesheet'];
    for (const key of [...keys, 'balances', 'vacation', 'vacationNew', 'profile', 'employees', 'settings']) {
      await page.goto(key === 'timesheet' ? localizedPath(key, 'en', { page: 'register' }) : localizedPath(key, 'en'));
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('h1'), `h1 on ${key}`).toHaveCount(1);
    }
  });

  test('Polish: the sign-in page, the /pl/ paths and tabs that fit', async ({ page }) => {
    test.setTimeout(180_000);
    // Polish path names; the switch offers Polish to a Polish reader and keeps the page in the other languages.
    expect(localizedPath('login', 'pl')).toBe('/pl/logowanie');
    await page.goto(localizedPath('login', 'pl'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByTestId('lang-pl')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('lang-de')).toHaveAttribute('href', '/de/anmelden');
    // Every word of the sign-in page is Polish.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pl', 'login.title'));
    await expect(page.getByLabel(text('pl', 'login.email'))).toBeVisible();
    await expect(page.getByRole('textbox', { name: text('pl', 'login.password'), exact: true })).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText(text('pl', 'login.submit'));
    await expect(page.getByTestId('link-forgot-password')).toHaveText(text('pl', 'login.forgotPassword'));
    await expect(page.getByTestId('link-forgot-password')).toHaveAttribute('href', '/pl/logowanie/nie-pamietam-hasla');
    await expect(page.getByTestId('link-register')).toHaveText(text('pl', 'signup.createAccount'));
    await expect(page.getByTestId('link-terms')).toHaveText(text('pl', 'frontend.terms'));
    for (const key of ['login.title', 'login.submit', 'login.forgotPassword', 'signup.newHere', 'frontend.tagline'])
      await expect(page.locator('body')).not.toContainText(text('en', key));
    await shot(page, 'login-pl-375');
    await expectAccessible(page, 'the Polish sign-in');
    await page.getByTestId('login-email').fill('employee@example.com');
    await page.getByTestId('login-password').fill('Welcome123');
    await page.getByTestId('login-submit').click();
    await expectOnOverview(page, 'pl');
    await expect(page).toHaveURL(/\/pl\/przeglad$/);
    for (const key of ['roster', 'vacation', 'vacationNew', 'chats', 'availability', 'profile']) {
      await page.goto(localizedPath(key, 'pl'));
      // Polish path names (the roster may add its location and date).
      await expect(page).toHaveURL(new RegExp(`^[^?]*${localizedPath(key, 'pl')}(/|\\?|$)`));
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, `/pl/ ${key}`);
    }
    // No tab label of the timesheet's sections is cut off.
    await page.goto(localizedPath('timesheet', 'pl', { page: 'register' }));
    await expect(page.getByTestId('timesheet-page')).toBeVisible();
    const tabs = page.getByRole('navigation', { name: text('pl', 'hours.tabsLabel') }).getByRole('link');
    await expect(tabs).toHaveCount(3);
    const clipped = await tabs.evaluateAll((links) =>
      links
        .filter((l) => [...Array.from(l.querySelectorAll('*')), l].some((e) => e.scrollWidth > e.clientWidth + 1))
        .map((l) => l.textContent),
    );
    expect(clipped, 'clipped Polish tabs').toEqual([]);
    await shot(page, 'timesheet-pl-375');
    await page.goto(localizedPath('roster', 'pl'));
    await expect(page.locator('h1').first()).toBeVisible();
    await shot(page, 'roster-pl-375');
  });
});
