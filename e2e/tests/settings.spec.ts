import { OFFERED_MODULES, SETTINGS_SECTIONS } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** A short identifier nobody used yet (identifiers are unique among active duties and shifts, 5 characters). */
const serial = () => (Date.now() % 46656).toString(36).toUpperCase().padStart(3, 'Q');

async function openSettings(page: Page, email: string) {
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
}

async function gotoSection(page: Page, section: string) {
  await page.getByTestId(`settings-nav-${section}`).click();
  await expect(page).toHaveURL(new RegExp(`/en/settings/${section}$`));
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-section', section);
  await expect(page.getByTestId('settings-loading')).toHaveCount(0);
}

/** The date in the roster's address. */
function dateInUrl(page: Page): string {
  const match = /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url());
  if (!match) throw new Error(`no roster date in ${page.url()}`);
  return match[1];
}

test.describe('owner', () => {
  test('changes the general settings with the save bar, Ctrl+S and reset', async ({ page }) => {
    await openSettings(page, 'owner@example.com');
    await page.getByTestId('menu-settings').click();
    // The root opens the general page.
    await expect(page).toHaveURL(/\/en\/settings\/general$/);
    const name = page.getByTestId('settings-general-name');
    await expect(name).toHaveValue('Bistro Central');
    await expect(page.getByTestId('settings-general-save-bar')).toHaveCount(0);

    // A change shows the save bar; reset restores the stored value.
    await name.fill('Bistro Central Berlin');
    await expect(page.getByTestId('settings-general-save-bar')).toBeVisible();
    await page.getByTestId('settings-general-reset').click();
    await expect(name).toHaveValue('Bistro Central');
    await expect(page.getByTestId('settings-general-save-bar')).toHaveCount(0);

    // A field error from the contract's schema lands on the field, nothing is sent.
    await name.fill('   ');
    await page.getByTestId('settings-general-save').click();
    await expect(page.getByText(text('en', 'validation.required'))).toBeVisible();

    // Ctrl+S saves; the header shows the new name at once, and a reload keeps it.
    await name.fill('Bistro Central Berlin');
    await page.getByTestId('settings-2fa-planner').check();
    await page.keyboard.press('Control+s');
    await expect(page.getByText(text('en', 'settings.saved'))).toBeVisible();
    await expect(page.getByTestId('settings-general-save-bar')).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Bistro Central Berlin');
    await page.reload();
    await expect(page.getByTestId('settings-general-name')).toHaveValue('Bistro Central Berlin');
    await expect(page.getByTestId('settings-2fa-planner')).toBeChecked();

    // Back as it was, for the other flows.
    await page.getByTestId('settings-general-name').fill('Bistro Central');
    await page.getByTestId('settings-2fa-planner').uncheck();
    await page.getByTestId('settings-general-save').click();
    await expect(page.getByTestId('settings-general-save-bar')).toHaveCount(0);
  });

  test('creates a duty and a shift, uses them on a roster item, and meets the deletion blocks', async ({ page }) => {
    test.setTimeout(90_000);
    const id = serial();
    const duty = `D${id}`;
    const shift = `S${id}`;
    await openSettings(page, 'owner@example.com');
    await page.goto('/en/settings/functions');

    // A taken identifier is refused by the server on its field (422).
    await page.getByTestId('duties-new').click();
    await page.getByTestId('duty-identifier').fill('K');
    await page.getByTestId('duty-name').fill('Second kitchen');
    await page.getByTestId('duty-form-save').click();
    await expect(page.getByTestId('duties-editor')).toContainText(text('en', 'validation.taken'));

    await page.getByTestId('duty-identifier').fill(duty);
    await page.getByTestId('duty-name').fill('Pastry');
    await page.getByTestId('duty-form-save').click();
    await expect(page.getByTestId('duties-editor')).toBeHidden();
    await expect(page.locator(`[data-testid="duties-row"][data-name="Pastry"]`)).toBeVisible();

    await gotoSection(page, 'shifts');
    await page.getByTestId('shifts-new').click();
    await page.getByTestId('shift-identifier').fill(shift);
    await page.getByTestId('shift-name').fill('Brunch');
    await page.getByTestId('shift-start').fill('09:30');
    await page.getByTestId('shift-end').fill('15:00');
    // A shift needs at least one planning.
    await page.getByTestId('shift-form-save').click();
    await expect(page.getByTestId('shifts-editor')).toContainText(text('en', 'ui.validation.chooseOne'));
    await page.getByTestId('shift-locations').click();
    await page.getByRole('option', { name: 'Headquarter' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('shift-form-save').click();
    await expect(page.getByTestId('shifts-editor')).toBeHidden();
    await expect(page.locator(`[data-testid="shifts-row"][data-name="Brunch"]`)).toContainText('09:30–15:00');

    // The roster offers both: a new open item with the duty, then its shift tab.
    await page.getByTestId('menu-roster').click();
    await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('roster-location').click();
    await page.getByRole('option', { name: 'Headquarter' }).click();
    await expect(page.getByTestId('roster-grid')).toBeVisible();
    await expect(page.getByTestId(`day-${dateInUrl(page)}`)).toBeVisible();
    for (let i = 0; i < 2; i++) {
      const shown = dateInUrl(page);
      await page.getByTestId('roster-next').click();
      await expect.poll(() => dateInUrl(page)).not.toBe(shown);
    }
    const date = dateInUrl(page);
    await expect(page.getByTestId(`day-${date}`)).toBeVisible();
    await page.getByTestId(`add-open-${date}`).click();
    await expect(page.getByTestId(`add-duty-${duty}`)).toBeVisible();
    await page.getByTestId(`add-duty-${duty}`).click();
    // A new duty is a draft until confirmed: this flow confirms it without times.
    await page.getByTestId('add-without-times').click();
    const toolbox = page.getByTestId('item-toolbox');
    await expect(toolbox).toBeVisible();
    await page.getByTestId('toolbox-tab-duty').click();
    await expect(page.getByTestId(`duty-${duty}`)).toBeVisible();
    await page.getByTestId('toolbox-tab-shift').click();
    await page.getByTestId(`shift-${shift}`).click();
    await page.keyboard.press('Escape');
    // The roster shows the new item with both: the duty's identifier, the shift's and its times.
    const used = page.getByTestId(`cell-open-${date}`).locator('.roster-item').filter({ hasText: shift });
    await expect(used).toContainText(duty);
    await expect(used).toContainText('09:30');

    // The duty is in use now: deleting it is refused with the rule's words.
    await page.goto('/en/settings/functions');
    await page.locator(`[data-testid="duties-row"][data-name="Pastry"]`).click();
    await page.getByTestId('duties-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('duties-blocked')).toContainText(text('en', 'errors.IN_USE'));
    await expectAccessible(page, 'a deletion block');
    await page.keyboard.press('Escape');

    // The default cost centre cannot be deleted.
    await gotoSection(page, 'costs');
    await page.locator('[data-testid="costs-row"][data-name="General costs"]').click();
    await page.getByTestId('costs-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('costs-blocked')).toContainText(text('en', 'errors.DEFAULT_COST_CENTRE'));
    await page.keyboard.press('Escape');

    // The shift is in use too: deleting it is refused as well.
    await gotoSection(page, 'shifts');
    await page.locator(`[data-testid="shifts-row"][data-name="Brunch"]`).click();
    await page.getByTestId('shifts-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('shifts-blocked')).toContainText(text('en', 'errors.IN_USE'));
    await page.keyboard.press('Escape');
  });

  test('every settings page passes axe, on a desktop and on a phone', async ({ page }) => {
    // One axe run per section, each several seconds on a busy 2-core machine.
    test.setTimeout(SETTINGS_SECTIONS.length * 12_000 + 60_000);
    await openSettings(page, 'owner@example.com');
    await page.goto('/en/settings/general');
    for (const section of SETTINGS_SECTIONS) {
      await gotoSection(page, section);
      await expectAccessible(page, `settings ${section}`);
    }
    // An editor drawer too.
    await gotoSection(page, 'premiums');
    await page.locator('[data-testid="premiums-row"]').first().click();
    await expect(page.getByTestId('premiums-editor')).toBeVisible();
    await expectAccessible(page, 'the premium editor');
    await page.keyboard.press('Escape');

    // On a phone the pages are chosen from a select.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/en/settings/holidays');
    const select = page.getByTestId('settings-nav-select');
    await expect(select).toBeVisible();
    await select.click();
    await page.getByRole('option', { name: text('en', 'settings.sections.rates.title') }).click();
    await expect(page).toHaveURL(/\/en\/settings\/rates$/);
    await expect(page.locator('[data-testid="rates-row"]').first()).toBeVisible();
    await expectAccessible(page, 'settings rates on a phone');
  });

  test('the modules page lists exactly the modules the product offers', async ({ page }) => {
    await openSettings(page, 'owner@example.com');
    await page.getByTestId('menu-modules').click();
    await expect(page.getByTestId('module-switch-roster')).toBeVisible();
    const keys = await page
      .locator('[data-testid^="module-switch-"]')
      .evaluateAll((switches) => switches.map((s) => s.getAttribute('data-testid')?.replace('module-switch-', '')));
    expect(keys).toEqual([...OFFERED_MODULES]);
    await expect(page.getByTestId('module-appointments')).toHaveCount(0);
  });

  test('the modules page refuses to switch off a module others need, naming them', async ({ page }) => {
    await openSettings(page, 'owner@example.com');
    await page.getByTestId('menu-modules').click();
    await expect(page.getByTestId('module-in-use-availability')).toContainText(text('en', 'modules.vacation.name'));
    await page.getByTestId('module-switch-availability').click({ force: true });
    const refusal = page.getByTestId('module-refusal');
    await expect(refusal).toContainText(text('en', 'modules.vacation.name'));
    await expectAccessible(page, 'the module refusal');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('module-switch-availability')).toBeChecked();
  });
});

test('a planner reaches the catalog pages only', async ({ page }) => {
  await openSettings(page, 'planner@example.com');
  // No settings entry in the menu (owner or unlimited manager), but the catalog pages open by address.
  await expect(page.getByTestId('menu-settings')).toHaveCount(0);
  await page.goto('/en/settings');
  await expect(page).toHaveURL(/\/en\/settings\/locations$/);
  await expect(page.getByTestId('settings-nav-functions')).toBeVisible();
  await expect(page.getByTestId('settings-nav-general')).toHaveCount(0);
  await expect(page.getByTestId('settings-nav-rates')).toHaveCount(0);
  await expectAccessible(page, 'the planner’s settings');
  // The account's own settings and the wages answer 403.
  for (const section of ['general', 'rates', 'premiums', 'contracts']) {
    await page.goto(`/en/settings/${section}`);
    await expect(page.getByText(text('en', 'errorPages.forbidden.title'))).toBeVisible();
  }
});
