import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** The staff file (docs/product/profiles.md): filled by the member on their profile, by a manager on the employee page. */

const field = (page: Page, id: string) => page.getByTestId(`file-field-${id}`);

async function openOwnFile(page: Page) {
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/profile');
  await expect(page.getByTestId('staff-file')).toBeVisible();
}

test('a member fills their staff file; a condition shows its field; the name is not theirs to change here', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openOwnFile(page);
  await expect(field(page, 'fname')).toBeDisabled();
  await expect(field(page, 'children_amount')).toHaveCount(0);
  const city = `Potsdam ${Date.now() % 1000}`;
  await field(page, 'city').fill(city);
  await field(page, 'children').getByText(text('en', 'profileForm.yes')).click();
  // "Children: yes" shows the number of children at once, before any save.
  await expect(field(page, 'children_amount')).toBeVisible();
  await expect(page.getByTestId('file-save-bar')).toBeVisible();
  await expectAccessible(page, 'the staff file with unsaved changes');
  await page.screenshot({ path: test.info().outputPath('staff-file-1366.png'), fullPage: true });
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('file-save-bar')).toHaveCount(0);
  await page.reload();
  await expect(field(page, 'city')).toHaveValue(city);

  // A wrong IBAN is refused on its field by the server's check.
  await field(page, 'iban').fill('DE00 1234');
  await page.getByTestId('file-save').click();
  await expect(page.getByText(text('en', 'profileForm.invalid'))).toBeVisible();
  await page.getByRole('button', { name: text('en', 'common.reset') }).click();
  await expect(page.getByTestId('file-save-bar')).toHaveCount(0);
});

test('a manager sees what the employer must still fill, and fills it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill('Emma');
  await page.getByTestId('team-row').filter({ hasText: 'Emma' }).first().click();
  await page.getByTestId('tab-file').click();
  await expect(page.getByTestId('staff-file')).toBeVisible();
  const missing = page.getByTestId('file-missing');
  await expect(missing).toBeVisible();
  // Whatever earlier flows left in Emma's file, the manager fills what the employer must.
  const birthday = field(page, 'birthday');
  await birthday.fill('02.05.1994');
  await birthday.press('Tab');
  await expect(birthday).toHaveValue('02.05.1994');
  await field(page, 'iban').fill('DE89 3704 0044 0532 0130 00');
  const amount = field(page, 'children_amount');
  if (await amount.isVisible()) await amount.fill('2');
  // Nothing to save when the file already held these values.
  if (await page.getByTestId('file-save-bar').isVisible()) {
    await page.getByTestId('file-save').click();
    await expect(page.getByTestId('file-save-bar')).toHaveCount(0);
  }
  await expect(missing).toHaveText(text('en', 'profileForm.complete'));
  await expectAccessible(page, 'the staff file tab');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the staff file reads in one column', async ({ page }) => {
    test.setTimeout(120_000);
    await openOwnFile(page);
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the staff file on a phone');
    await page.screenshot({ path: test.info().outputPath('staff-file-375.png'), fullPage: true });
  });
});

test('the owner adds a section with a required yes/no field; the member is asked for it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/settings/staff-file');
  await expect(page.getByTestId('staff-file-template')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: text('en', 'staffFileTemplate.addSection') }).click();
  const section = page.getByTestId('template-section').last();
  const name = `Uniform ${Date.now() % 1000}`;
  await section.getByLabel(text('en', 'staffFileTemplate.sectionName'), { exact: true }).fill(name);
  await section.getByTestId('template-add-field').click();
  const row = section.getByTestId('template-field').last();
  await row.getByLabel(text('en', 'staffFileTemplate.label'), { exact: true }).fill('Needs a uniform');
  await row.getByLabel(/Kind of/).click();
  await page.getByRole('option', { name: text('en', 'staffFileTemplate.type.yesno') }).click();
  await row.getByLabel(/the employee must fill it/).check();
  await expectAccessible(page, 'the staff file template with a new section');
  await page.screenshot({ path: test.info().outputPath('template-1366.png'), fullPage: true });
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('template-save-bar')).toHaveCount(0);

  const member = await browser.newPage();
  await openOwnFile(member);
  const asked = member.getByRole('region', { name });
  await expect(asked.getByText('Needs a uniform')).toBeVisible();
  await expect(member.getByTestId('file-missing')).toHaveText(
    text('en', 'profileForm.missing').replace('{{count}}', '1'),
  );
  await asked.getByText(text('en', 'profileForm.no')).click();
  await member.getByTestId('file-save').click();
  await expect(member.getByTestId('file-missing')).toHaveText(text('en', 'profileForm.complete'));
  await member.close();

  // Put the template back for the other flows.
  await page.reload();
  await page
    .getByTestId('template-section')
    .last()
    .getByRole('button', { name: text('en', 'staffFileTemplate.removeSection') })
    .click();
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('template-save-bar')).toHaveCount(0);
});
