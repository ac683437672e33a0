import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** The date in the roster's address: /{lang}/roster/{location}/{date}. */
function dateInUrl(page: Page): string {
  const match = /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url());
  if (!match) throw new Error(`no roster date in ${page.url()}`);
  return match[1];
}

/**
 * The week of the address on screen: the grid's day head (the phone's day section) of its date. The address changes
 * as the week is asked for, before the new week renders (a transition): until then the last week's cards are on
 * screen, not fetching, and a card picked then is gone a moment later (its menu's focus returns to the grid).
 */
const weekShown = (page: Page, date: string) =>
  page.locator(`[data-testid="day-${date}"], [data-testid="day-section-${date}"]`).first();

async function next(page: Page) {
  const shown = dateInUrl(page);
  await page.getByTestId('roster-next').click();
  await expect.poll(() => dateInUrl(page)).not.toBe(shown);
  await expect(weekShown(page, dateInUrl(page))).toBeAttached();
}

/** The planner's roster of Headquarter, `weeks` ahead of this week. */
async function rosterWeeksAhead(page: Page, weeks: number, choose = true) {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  // The menu's link on a wide screen; a phone's menu is a drawer, so its address.
  await page.goto(localizedPath('roster', 'en'));
  await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?period=week/);
  // Headquarter on a wide screen; a phone stays on the planning it opens (its list picks no other here).
  if (choose) {
    await page.getByTestId('roster-location').click();
    await page.getByRole('option', { name: 'Headquarter' }).click();
  }
  for (let i = 0; i < weeks; i++) await next(page);
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  return dateInUrl(page);
}

const cards = (page: Page) => page.getByTestId('roster-grid').locator('.roster-item');

/** The items of the shown week of the shown planning, as the API has them (the grid renders only rows on screen). */
async function itemsOfWeek(page: Page): Promise<number> {
  const [, location, date] = /\/roster\/([^/]+)\/(\d{4}-\d{2}-\d{2})/.exec(page.url()) ?? [];
  const res = await page.request.get(`/api/items?scope=planning&location=${location}&date=${date}&period=week`);
  return ((await res.json()).items as unknown[]).length;
}

test.describe('the planner’s week', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the card menu by mouse and keyboard, and copying last week with its preview, undone', async ({ page }) => {
    test.setTimeout(240_000);
    // Three weeks ahead: the sample's last week, planned and not released.
    await rosterWeeksAhead(page, 3);

    // The card's menu: menu items only, the first focused, arrows move, Escape returns the focus to the card.
    const card = cards(page).first();
    await card.click({ button: 'right' });
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Edit/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /Copy/ })).toBeFocused();
    await expectAccessible(page, 'the card menu');
    await page.screenshot({ path: 'test-results/roster-week-menu-1366.png' });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(card).toBeFocused();
    // The menu key opens it from the keyboard as well.
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // The week after the sample's is empty: copying the sample's last week into it.
    await next(page);
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    expect(await itemsOfWeek(page)).toBe(0);
    await page.getByTestId('copy-week-open').click();
    const dialog = page.getByTestId('copy-week-dialog');
    await expect(dialog.getByTestId('copy-week-create')).toContainText(/Duties to create: [1-9]/);
    await expect(dialog.getByTestId('copy-week-skip')).toContainText(/Left out: \d+/);
    const created = Number(/(\d+)/.exec((await dialog.getByTestId('copy-week-create').textContent()) ?? '')?.[1]);
    await expect(dialog.getByTestId('copy-week-creates').locator('li')).toHaveCount(created);
    await expectAccessible(page, 'the copy-week preview');
    await page.screenshot({ path: 'test-results/roster-week-copy-1366.png' });
    await dialog.getByTestId('copy-week-confirm').click();
    await expect(
      page.getByText(text('en', 'roster.copyWeek.done').replace('{{count}}', String(created))),
    ).toBeVisible();
    await expect.poll(() => itemsOfWeek(page)).toBe(created);
    await expect(cards(page).first()).toBeVisible();

    // Ctrl+Z takes the whole copy back, once the dialog has gone (the history does not undo under an open dialog, and
    // a closing one is still there for its transition).
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('roster-grid').focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => itemsOfWeek(page), { timeout: 90_000 }).toBe(0);
    await expect(cards(page)).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the copy-week preview fits the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await rosterWeeksAhead(page, 4, false);
    await page.getByRole('button', { name: text('en', 'roster.copyWeek.button') }).click();
    const dialog = page.getByTestId('copy-week-dialog');
    await expect(dialog.getByTestId('copy-week-create')).toBeVisible();
    await page.screenshot({ path: 'test-results/roster-week-copy-375.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the copy-week preview on a phone');
  });
});

/** Texts of the roster's toolbar cut off: labels wider than their box, and placeholders wider than their field. */
async function clippedInToolbar(page: Page): Promise<string[]> {
  return page.getByTestId('roster-toolbar').evaluate((bar) => {
    const cut: string[] = [];
    const measure = document.createElement('canvas').getContext('2d');
    for (const input of Array.from(bar.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!measure || !input.placeholder || input.value || !input.getClientRects().length) continue;
      const style = getComputedStyle(input);
      measure.font = style.font;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (measure.measureText(input.placeholder).width > room + 1) cut.push(input.placeholder);
    }
    for (const label of Array.from(bar.querySelectorAll<HTMLElement>('label, button, p, span'))) {
      if (label.getClientRects().length && label.scrollWidth > label.clientWidth + 1 && label.clientWidth > 1) {
        cut.push(label.textContent ?? '');
      }
    }
    // Nothing reaches past the toolbar's right edge (a control wider than the screen).
    const right = bar.getBoundingClientRect().right;
    for (const el of Array.from(bar.querySelectorAll<HTMLElement>('label, button, input'))) {
      if (el.getClientRects().length && el.getBoundingClientRect().right > right + 1) cut.push(el.textContent ?? '');
    }
    return cut;
  });
}

test.describe('in Polish', () => {
  for (const [width, height] of [
    [1366, 768],
    [375, 812],
  ]) {
    test(`the roster's filters and tabs are not cut off at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await signIn(page, 'pl', 'planner@example.com');
      await expectOnOverview(page, 'pl');
      await page.goto(localizedPath('roster', 'pl'));
      await expect(page.getByTestId('roster-toolbar')).toBeVisible();
      await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
      await expect(page.getByTestId('roster-tabs')).toBeVisible();
      expect(await clippedInToolbar(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`roster-pl-${width}.png`) });
    });
  }
});
