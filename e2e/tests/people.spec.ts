import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

/** A 1x1 png: the smallest picture an upload takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function ownerApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

async function gotoSection(page: import('@playwright/test').Page, section: string) {
  await page.goto(`/en/settings/${section}`);
  await expect(page.getByTestId('settings-page')).toHaveAttribute('data-section', section);
  await expect(page.getByTestId('settings-loading')).toHaveCount(0);
}

test('a member uploads a profile picture, sees it in the header, is told about a wrong file, and removes it', async ({
  page,
}) => {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/profile');
  const editor = page.getByTestId('avatar-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('avatar-remove')).toHaveCount(0);

  // A text file dressed as a picture: the browser passes it on, the server reads its bytes and refuses (422).
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('avatar-error')).toHaveText(text('en', 'avatars.errors.type'));

  const again = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await again).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('avatar-remove')).toBeVisible();
  await expect(page.getByTestId('avatar-error')).toHaveCount(0);
  // The picture shows wherever the person's face does: here and in the header.
  await expect(editor.locator('img[src*="/api/gravatar/"]')).toBeVisible();
  await expect(page.getByTestId('header-profile').locator('img[src*="/api/gravatar/"]')).toBeVisible();
  await expectAccessible(page, 'the profile with a picture');

  await page.getByTestId('avatar-remove').click();
  await expect(page.getByTestId('avatar-remove')).toHaveCount(0);
  await expect(editor.locator('img')).toHaveCount(0);
});

test('the owner gives a colleague a picture from the employee page; the team list shows it', async ({ page }) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill('Anna Schmidt');
  await page.getByTestId('team-row').filter({ hasText: 'Anna Schmidt' }).first().click();
  await expect(page.getByTestId('employee-page')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await chooser).setFiles({ name: 'anna.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('avatar-remove')).toBeVisible();
  await page.goto('/en/employees');
  await page.getByTestId('team-search').fill('Anna Schmidt');
  await expect(
    page.getByTestId('team-row').filter({ hasText: 'Anna Schmidt' }).first().locator('img[src*="/api/gravatar/"]'),
  ).toBeVisible();
});

test('the address book: search, call and mail links, on a desktop and on a phone', async ({ page }) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-contacts').click();
  await expect(page).toHaveURL(/\/en\/contacts$/);
  await expect(page.getByTestId('contact').first()).toBeVisible();
  await page.getByTestId('contacts-search').fill('anna schmidt');
  const anna = page.getByTestId('contact').filter({ hasText: 'Anna Schmidt' });
  await expect(anna).toHaveCount(1);
  await expect(anna.getByTestId('contact-mail')).toHaveAttribute('href', 'mailto:anna.schmidt@example.com');
  await expect(anna.getByTestId('contact-call')).toHaveAttribute('href', /^tel:\+49\d+$/);
  await expectAccessible(page, 'the contacts page');
  await page.getByTestId('contacts-search').fill('nobody-has-this-name');
  await expect(page.getByTestId('contacts-empty')).toHaveText(text('en', 'contactsBook.noMatch'));

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('contacts-search').fill('');
  await expect(page.getByTestId('contact').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'the contacts page on a phone');
});

test('an employee without contacts.view finds no address book and is refused it by URL', async ({ page }) => {
  await signIn(page, 'en', 'employee@example.com');
  await expectOnOverview(page, 'en');
  await expect(page.getByTestId('menu-contacts')).toHaveCount(0);
  await page.goto('/en/contacts');
  await expect(page.getByTestId('contacts-page')).toHaveCount(0);
});

test('a rate members are paid by and a template contracts use cannot be deleted, with the reason', async ({ page }) => {
  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await gotoSection(page, 'rates');
  await page.locator('[data-testid="rates-row"][data-name="Cook"]').click();
  await page.getByTestId('rates-delete').click();
  await page.getByTestId('confirm-yes').click();
  const rateBlock = page.getByTestId('rates-blocked');
  await expect(rateBlock).toContainText(text('en', 'errors.IN_USE'));
  await expect(rateBlock).toContainText(text('en', 'avatars.rateInUseHint'));
  await expectAccessible(page, 'a rate in use');
  await page.keyboard.press('Escape');

  await gotoSection(page, 'contracts');
  await page.locator('[data-testid="templates-row"][data-name="Full-time (40 h)"]').click();
  await page.getByTestId('templates-delete').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('templates-blocked')).toContainText(text('en', 'avatars.templateInUseHint'));
  await page.keyboard.press('Escape');
});

test('shortening a planning asks first, then deletes the items outside its new dates (ERR_DATES)', async ({
  page,
  baseURL,
}) => {
  const { api, headers } = await ownerApi(baseURL ?? '');
  const name = `Summer terrace ${Date.now().toString(36)}`;
  const created = await api.post('/api/locations', {
    headers,
    data: { name, type: 'temporary', startDate: '2031-05-01', endDate: '2031-09-30' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const location = (await created.json()).id as string;
  const duties = (await (await api.get('/api/duties', { headers })).json()).duties as { id: string }[];
  const item = await api.post('/api/items', {
    headers,
    data: { location, date: '2031-09-15', duty: duties[0].id },
  });
  expect(item.status(), await item.text()).toBeLessThan(300);

  await signIn(page, 'en', 'owner@example.com');
  await expectOnOverview(page, 'en');
  await gotoSection(page, 'locations');
  await page.locator(`[data-testid="locations-row"][data-name="${name}"]`).click();
  const end = page.getByTestId('location-end');
  await end.fill('08/31/2031');
  await end.blur();
  await page.getByTestId('location-form-save').click();
  const dialog = page.getByRole('dialog').filter({ hasText: text('en', 'settings.locations.datesTitle') });
  // The save stays busy (its spinner turning) while the question is open.
  await expect(dialog).toContainText('1');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('locations-editor')).toBeHidden();

  const after = (await (await api.get('/api/locations', { headers })).json()).locations as {
    id: string;
    endDate: string | null;
  }[];
  expect(after.find((l) => l.id === location)?.endDate).toBe('2031-08-31');
  await api.delete(`/api/locations/${location}`, { headers });
  await api.dispose();
});

test('a member kept private on the employee page shows colleagues no e-mail or phone in the address book', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, headers } = await ownerApi(baseURL ?? '');
  const { members } = await (await api.get('/api/members')).json();
  const emma = members.find((m: { email: string }) => m.email === 'employee@example.com');
  const emmaAccess = (await (await api.get(`/api/members/${emma.id}`)).json()).access;
  // Emma may open the address book.
  await api.put(`/api/members/${emma.id}/access`, {
    headers,
    data: { ...emmaAccess, rights: [...emmaAccess.rights, 'contacts.view'] },
  });
  const colleague = await (await browser.newContext({ baseURL })).newPage();
  try {
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/employees');
    await page.getByTestId('team-search').fill('Lukas Müller');
    await page.getByTestId('team-row').filter({ hasText: 'Lukas Müller' }).first().click();
    await page.getByTestId('tab-access').click();
    await page.getByTestId('member-contact-visibility').getByText(text('en', 'team.contactVisibility.private')).click();
    await expect(page.getByText(text('en', 'team.contactVisibilityHint.private'))).toBeVisible();
    await expectAccessible(page, 'the contact visibility');
    await page.getByTestId('member-save').click();
    await expect(page.getByTestId('member-save-bar')).toBeHidden();

    await signIn(colleague, 'en', 'employee@example.com');
    await expectOnOverview(colleague, 'en');
    await colleague.getByTestId('menu-contacts').click();
    await colleague.getByTestId('contacts-search').fill('Lukas');
    const lukas = colleague.getByTestId('contact').filter({ hasText: 'Lukas Müller' });
    await expect(lukas).toHaveCount(1);
    await expect(lukas.getByTestId('contact-private')).toHaveText(text('en', 'contactsBook.private'));
    await expect(lukas.getByTestId('contact-mail')).toHaveCount(0);
    await expect(lukas.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
    await expectAccessible(colleague, 'a private contact');
    // A colleague who shares stays reachable.
    await colleague.getByTestId('contacts-search').fill('Anna Schmidt');
    await expect(
      colleague.getByTestId('contact').filter({ hasText: 'Anna Schmidt' }).getByTestId('contact-mail'),
    ).toBeVisible();

    // The owner, who manages the team, still reads everything.
    await page.goto('/en/contacts');
    await page.getByTestId('contacts-search').fill('Lukas');
    await expect(
      page.getByTestId('contact').filter({ hasText: 'Lukas Müller' }).getByTestId('contact-mail'),
    ).toBeVisible();
  } finally {
    await colleague.context().close();
    await api.put(`/api/members/${emma.id}/access`, { headers, data: emmaAccess });
    const lukas = members.find((m: { fname: string; lname: string }) => m.fname === 'Lukas' && m.lname === 'Müller');
    const access = (await (await api.get(`/api/members/${lukas.id}`)).json()).access;
    await api.put(`/api/members/${lukas.id}/access`, { headers, data: { ...access, contactVisibility: 'public' } });
    await api.dispose();
  }
});
