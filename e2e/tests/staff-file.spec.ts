import { type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

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
  // Tab leaves the date field for good: its closing calendar does not take the focus back (what was typed next
  // went into the date and the IBAN stayed empty).
  await expect(birthday).not.toBeFocused();
  const iban = field(page, 'iban');
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
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

test('the owner shows an upload only when a yes/no says so and requires it then; a member on a phone is stopped until the file is there', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, two axe runs each and an upload: room for a loaded machine.
  test.setTimeout(540_000);
  const owner = await playwrightRequest.newContext({ baseURL });
  const login = await owner.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  const before = await (await owner.get('/api/profile-template')).json();
  const name = `Kitchen ${Date.now() % 1000}`;
  const fileName = `hygiene-${Date.now() % 100000}.pdf`;
  const member = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 812 } })
  ).newPage();
  try {
    // The owner: a section with "Handles food" (yes/no, the employee must answer) and a certificate upload.
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/en/settings/staff-file');
    await expect(page.getByTestId('staff-file-template')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: text('en', 'staffFileTemplate.addSection') }).click();
    const section = page.getByTestId('template-section').last();
    await section.getByLabel(text('en', 'staffFileTemplate.sectionName'), { exact: true }).fill(name);
    await section.getByTestId('template-add-field').click();
    const food = section.getByTestId('template-field').last();
    await food.getByLabel(text('en', 'staffFileTemplate.label'), { exact: true }).fill('Handles food');
    await food.getByLabel(/Kind of/).click();
    await page.getByRole('option', { name: text('en', 'staffFileTemplate.type.yesno') }).click();
    await food.getByLabel(/the employee must fill it/).check();
    await section.getByTestId('template-add-field').click();
    const certificate = section.getByTestId('template-field').last();
    await certificate
      .getByLabel(text('en', 'staffFileTemplate.label'), { exact: true })
      .fill('Food hygiene certificate');
    await certificate.getByLabel(/Kind of/).click();
    await page.getByRole('option', { name: text('en', 'staffFileTemplate.type.upload'), exact: true }).click();

    // Its conditions: shown only when "Handles food" is yes, and then required of the employee.
    await certificate.getByTestId('template-conditions').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const condition = async (part: 'if' | 'required-if') => {
      const editor = part === 'if' ? 'if' : 'requiredIf';
      await dialog.getByTestId(`condition-${part}`).check({ force: true });
      await dialog.getByTestId(`condition-${editor}-field`).click();
      await page.getByRole('option', { name: 'Handles food', exact: true }).click();
      await dialog.getByTestId(`condition-${editor}-op`).click();
      await page
        .getByRole('option', { name: text('en', 'staffFileTemplate.conditions.ops.equal'), exact: true })
        .click();
      await dialog.getByTestId(`condition-${editor}-value`).click();
      await page.getByRole('option', { name: text('en', 'profileForm.yes'), exact: true }).click();
    };
    await condition('if');
    await condition('required-if');
    await dialog.getByLabel(text('en', 'staffFileTemplate.requiredEmployer'), { exact: true }).uncheck();
    await expectAccessible(page, 'the conditions dialog');
    await page.screenshot({ path: test.info().outputPath('conditions-1366.png') });
    await dialog.getByTestId('condition-apply').click();
    await expect(dialog).toBeHidden();
    await expect(certificate.getByTestId('template-conditions')).toHaveText(
      text('en', 'staffFileTemplate.conditions.count').replace('{{count}}', '2'),
    );
    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-save-bar')).toHaveCount(0);
    // The same dialog on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await certificate.getByTestId('template-conditions').click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('condition-if-value')).toHaveValue(text('en', 'profileForm.yes'));
    await expectAccessible(page, 'the conditions dialog on a phone');
    await page.screenshot({ path: test.info().outputPath('conditions-375.png') });
    await page.keyboard.press('Escape');

    const saved = (await (await owner.get('/api/profile-template')).json()) as {
      sections: { name: { en?: string }; fields: { id: string }[] }[];
    };
    const [foodId, certificateId] = (saved.sections.find((s) => s.name.en === name)?.fields ?? []).map((f) => f.id);
    expect(certificateId).toBeTruthy();

    // The member on a phone: no certificate asked for until the answer is yes.
    await openOwnFile(member);
    await expect(field(member, foodId)).toBeVisible({ timeout: 30_000 });
    await expect(field(member, certificateId)).toHaveCount(0);
    await expect(member.getByTestId('file-missing')).not.toHaveText(text('en', 'profileForm.complete'));
    await field(member, foodId).getByText(text('en', 'profileForm.yes'), { exact: true }).click();
    await expect(field(member, certificateId)).toBeVisible();
    // Required now: a save without the file is stopped on that field.
    await member.getByTestId('file-save').click();
    await expect(field(member, certificateId).getByRole('alert')).toHaveText(text('en', 'validation.required'));
    await expect(member.getByTestId('file-save-bar')).toBeVisible();
    const pdf = {
      name: fileName,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    };
    await member.getByTestId(`file-input-${certificateId}`).setInputFiles(pdf);
    await expect(field(member, certificateId).getByRole('link', { name: pdf.name })).toBeVisible({ timeout: 30_000 });
    await member.getByTestId('file-save').click();
    await expect(member.getByTestId('file-save-bar')).toHaveCount(0);
    await expect(member.getByTestId('file-missing')).toHaveText(text('en', 'profileForm.complete'));
    const width = await member.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(member, 'the staff file with a conditional upload, on a phone');
    await member.screenshot({ path: test.info().outputPath('conditional-upload-375.png'), fullPage: true });
    await member.goto('/en/documents/uploads');
    await expect(member.getByTestId('documents-list').getByText(pdf.name)).toBeVisible({ timeout: 30_000 });

    // "No" hides the field again: nothing is asked for.
    await member.goto('/en/profile');
    await field(member, foodId).getByText(text('en', 'profileForm.no'), { exact: true }).click();
    await expect(field(member, certificateId)).toHaveCount(0);
    await member.getByTestId('file-save').click();
    await expect(member.getByTestId('file-save-bar')).toHaveCount(0);
  } finally {
    await member.context().close();
    // Put the template back for the other flows, and take the member's certificate away.
    await owner.put('/api/profile-template', { headers, data: before });
    const emma = await playwrightRequest.newContext({ baseURL });
    const in_ = await emma.post('/api/auth/login', { data: { email: 'employee@example.com', password: PASSWORD } });
    const own = { 'x-csrf-token': (await in_.json()).csrfToken as string };
    const me = (await (await emma.get('/api/app/init')).json()).membership.id as string;
    const docs = (await (await emma.get(`/api/memberships/${me}/documents`)).json()) as {
      documents: { id: string; name: string }[];
    };
    for (const d of docs.documents.filter((x) => x.name === fileName))
      await emma.delete(`/api/uploads/${d.id}`, { headers: own });
    await emma.dispose();
    await owner.dispose();
  }
});
