import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { type Api, apiOf, shot } from './flow';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/**
 * Dossiers (docs/product/dossiers.md) and the employee page's settings tab and completeness (docs/product/members.md,
 * docs/product/profiles.md): a manager writes entries, a colleague reaches none of them, the member reads the shared
 * one on their profile; the team list filters on the staff file's completeness.
 */

test.describe.configure({ mode: 'serial' });

interface Listed {
  id: string;
  email: string;
  fname: string;
  lname: string;
  state: string;
  profileMissing: number;
}

let owner: Api;
let emma: string;
/** Unique words, so the flow finds its own entries whatever earlier runs left. */
const run = Date.now() % 100000;
const hidden = `Late three times in a row (${run}).`;
const shared = `Thanks for covering the weekend (${run}).`;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  // Dossiers are a module the sample leaves off: on for this flow, off again after it.
  const on = await owner.api.put('/api/modules/dossiers', { headers: owner.headers, data: { active: true } });
  expect(on.status()).toBe(200);
  const members = (await (await owner.api.get('/api/members')).json()).members as Listed[];
  emma = members.find((m) => m.email === 'employee@example.com')?.id ?? '';
  expect(emma).not.toBe('');
});

test.afterAll(async () => {
  await owner.api.put('/api/modules/dossiers', { headers: owner.headers, data: { active: false } });
  await owner.api.dispose();
});

async function signedIn(browser: Browser, email: string, width = 1366) {
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 812 } });
  const page = await context.newPage();
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  return page;
}

async function writeEntry(page: Page, body: string, kind: 'warning' | 'note', share: boolean) {
  await page.getByTestId('dossier-add').click();
  const dialog = page.getByRole('dialog', { name: text('en', 'dossier.add') });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('dossier-kind').click();
  await page.getByRole('option', { name: text('en', `dossier.kind.${kind}`) }).click();
  await dialog.getByTestId('dossier-text').fill(body);
  if (share) await dialog.getByTestId('dossier-shared').check({ force: true });
  return dialog;
}

test('a manager writes dossier entries; a colleague reaches none; the member reads the shared one', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  // The dossier's own address opens the employee page's dossier tab.
  await page.goto(`/en/employees/${emma}/dossiers`);
  await expect(page.getByTestId('dossier-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('tab-dossier')).toHaveAttribute('aria-selected', 'true');

  // An empty text is refused on its field, nothing typed is lost.
  await page.getByTestId('dossier-add').click();
  let dialog = page.getByRole('dialog', { name: text('en', 'dossier.add') });
  await dialog.getByTestId('dossier-save').click();
  await expect(dialog.getByText(text('en', 'validation.required'))).toBeVisible();
  await expectAccessible(page, 'the dossier entry dialog with an error');
  await dialog.getByRole('button', { name: text('en', 'common.cancel') }).click();

  dialog = await writeEntry(page, hidden, 'warning', false);
  await dialog.getByTestId('dossier-save').click();
  await expect(dialog).toHaveCount(0);
  dialog = await writeEntry(page, shared, 'note', true);
  await expectAccessible(page, 'the dossier entry dialog');
  await shot(page, 'dossier-dialog-1366');
  await dialog.getByTestId('dossier-save').click();
  await expect(dialog).toHaveCount(0);
  const entries = page.getByTestId('dossier-entry');
  await expect(entries.filter({ hasText: hidden })).toBeVisible();
  const sharedEntry = entries.filter({ hasText: shared });
  await expect(sharedEntry.getByTestId('dossier-entry-shared')).toBeVisible();
  await expectAccessible(page, 'the dossier tab');
  await shot(page, 'dossier-tab-1366');

  // A colleague: no page, no call.
  const colleague = await signedIn(browser, 'freelancer@example.com');
  await colleague.goto(`/en/employees/${emma}/dossiers`);
  await expect(colleague.getByTestId('error-forbidden')).toBeVisible({ timeout: 30_000 });
  await expect(colleague.getByText(hidden)).toHaveCount(0);
  const refused = await colleague.request.get(`/api/members/${emma}/dossier`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain(hidden);
  await colleague.context().close();

  // The member reads the shared entry on their profile, never the other.
  const member = await signedIn(browser, 'employee@example.com');
  await member.goto('/en/profile');
  const own = member.getByTestId('dossier-panel');
  await expect(own.getByText(shared)).toBeVisible({ timeout: 30_000 });
  await expect(member.getByText(hidden)).toHaveCount(0);
  await expect(own.getByTestId('dossier-add')).toHaveCount(0);
  const read = await member.request.get(`/api/members/${emma}/dossier`);
  expect(read.status()).toBe(200);
  expect(await read.text()).not.toContain(hidden);
  await expectAccessible(member, 'the profile with shared dossier entries');
  await member.context().close();

  // The manager deletes the warning after asking.
  await entries.filter({ hasText: hidden }).getByTestId('dossier-delete').click();
  await expect(page.getByTestId('dossier-confirm-delete')).toBeVisible();
  await expectAccessible(page, 'the delete confirmation');
  await page.getByTestId('dossier-confirm-delete').click();
  await expect(entries.filter({ hasText: hidden })).toHaveCount(0);
});

test('the settings tab: timesheet, availability and balance; a switch saves with the page', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(`/en/employees/${emma}?tab=settings`);
  await expect(page.getByTestId('employee-settings')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fieldset-timesheet')).toBeVisible();
  await expect(page.getByTestId('fieldset-availability')).toBeVisible();
  await expect(page.getByTestId('availability-week')).toBeVisible();
  await expect(page.getByTestId('fieldset-balance')).toBeVisible();
  const availability = page.getByTestId('setting-availability');
  const before = await availability.isChecked();
  await availability.setChecked(!before, { force: true });
  await expect(page.getByTestId('member-save-bar')).toBeVisible();
  await expectAccessible(page, 'the settings tab with unsaved changes');
  await shot(page, 'settings-tab-1366');
  await page.getByTestId('member-save').click();
  await expect(page.getByTestId('member-save-bar')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('setting-availability')).toBeChecked({ checked: !before });
  // Back as it was, for the other flows.
  await page.getByTestId('setting-availability').setChecked(before, { force: true });
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('member-save-bar')).toHaveCount(0);
  await expect(page.getByTestId('setting-availability')).toBeChecked({ checked: before });
});

test('the team list filters on the staff file; the employee page counts what is missing', async ({ page }) => {
  test.setTimeout(240_000);
  const members = (await (await owner.api.get('/api/members')).json()).members as Listed[];
  const lacking = members.find((m) => m.profileMissing > 0 && m.state === 'active');
  expect(lacking, 'a sample member whose staff file lacks required fields').toBeDefined();
  if (!lacking) return;
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill(`${lacking.fname} ${lacking.lname}`);
  const row = page.getByTestId('team-row').filter({ hasText: lacking.lname });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
  const filter = page.getByTestId('team-filter-profile');
  await filter.click();
  await page.getByRole('option', { name: text('en', 'team.profile.complete') }).click();
  await expect(row).toHaveCount(0);
  await filter.click();
  await page.getByRole('option', { name: text('en', 'team.profile.incomplete') }).click();
  await expect(row.first()).toBeVisible();
  await expectAccessible(page, 'the team list filtered by completeness');
  await shot(page, 'team-incomplete-1366');
  await row.first().click();
  await expect(page.getByTestId('member-profile-missing')).toHaveText(
    new RegExp(text('en', 'team.profileMissing').replace('{{count}}', String(lacking.profileMissing))),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the dossier and settings tabs and the entry dialog fit and read', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'en', 'manager@example.com');
    await expectOnOverview(page, 'en');
    await page.goto(`/en/employees/${emma}?tab=dossier`);
    await expect(page.getByTestId('dossier-panel')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dossier-entry').first()).toBeVisible();
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the dossier tab on a phone');
    await shot(page, 'dossier-tab-375');
    await page.getByTestId('dossier-entry').first().getByTestId('dossier-edit').click();
    const dialog = page.getByRole('dialog', { name: text('en', 'dossier.edit') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the dossier entry dialog on a phone');
    await shot(page, 'dossier-dialog-375');
    await dialog.getByRole('button', { name: text('en', 'common.cancel') }).click();

    await page.goto(`/en/employees/${emma}?tab=settings`);
    await expect(page.getByTestId('employee-settings')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('availability-week')).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the settings tab on a phone');
    await shot(page, 'settings-tab-375');
  });
});
