import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * Uploads and documents (docs/product/documents.md): a member fills a required upload field on a phone and finds the
 * file in their documents; a manager files an HR document into a member's file; a manager with the limitation sees
 * only what they filed.
 */

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`),
});

async function personPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  return context.newPage();
}

/** A member's API session, for setting up what the flow needs and putting it back afterwards. */
async function apiAs(baseURL: string, email: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

async function membershipOf(baseURL: string, email: string): Promise<string> {
  const { api } = await apiAs(baseURL, email);
  const init = await (await api.get('/api/app/init')).json();
  await api.dispose();
  return init.membership.id as string;
}

async function setLimited(api: APIRequestContext, headers: Record<string, string>, id: string, limited: boolean) {
  const { access } = await (await api.get(`/api/members/${id}`)).json();
  const body = {
    roles: access.roles,
    rights: access.rights,
    managerLimited: limited,
    plannerRestricted: access.plannerRestricted,
    planningScope: access.planningScope,
    scopeLocationIds: access.scopeLocationIds,
    scopeDutyIds: access.scopeDutyIds,
  };
  const res = await api.put(`/api/members/${id}/access`, { headers, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the documents page and picks the member whose file to show. */
async function openFileOf(page: Page, name: string) {
  await page.goto('/en/documents');
  await expect(page.getByTestId('documents-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('documents-member').click();
  await page.getByTestId('documents-member').fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
}

async function addDocument(page: Page, folder: string, file: ReturnType<typeof pdf>, checkDialog = false) {
  await page.getByTestId('documents-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('add-document-folder').click();
  await page.getByRole('option', { name: text('en', `documents.folder.${folder}`) }).click();
  await dialog.getByTestId('add-document-file').setInputFiles(file);
  await expect(dialog.getByText(file.name)).toBeVisible();
  if (checkDialog) {
    await expectAccessible(page, 'the add-document dialog');
    await page.screenshot({ path: test.info().outputPath('documents-add-1366.png') });
  }
  await dialog.getByTestId('add-document-send').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('documents-list').getByText(file.name)).toBeVisible();
}

test('a member on a phone uploads a certificate into a required upload field and finds it in their documents', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { api, headers } = await apiAs(baseURL ?? '', 'owner@example.com');
  const before = await (await api.get('/api/profile-template')).json();
  const section = `papers_${Date.now() % 100000}`;
  const template = {
    sections: [
      ...before.sections,
      {
        id: section,
        name: { en: 'Papers' },
        note: {},
        hidden: false,
        fields: [
          {
            id: `${section}_certificate`,
            type: 'upload',
            key: null,
            label: { en: 'Health certificate' },
            description: {},
            options: [],
            default: null,
            step: null,
            width: 'full',
            if: null,
            required: { employer: false, employee: true },
            requiredIf: null,
            rights: { read: true, create: true, update: true },
            personal: false,
          },
        ],
      },
    ],
  };
  expect((await api.put('/api/profile-template', { headers, data: template })).status()).toBe(200);
  const page = await personPage(browser, { width: 375, height: 812 });
  try {
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/profile');
    const field = page.getByTestId(`file-field-${section}_certificate`);
    await expect(field).toBeVisible({ timeout: 30_000 });
    await expect(field.getByText(text('en', 'documents.field.none'))).toBeVisible();
    await expect(page.getByTestId('file-missing')).not.toHaveText(text('en', 'profileForm.complete'));
    const certificate = pdf(`certificate-${Date.now() % 100000}`);
    await page.getByTestId(`file-input-${section}_certificate`).setInputFiles(certificate);
    await expect(field.getByRole('link', { name: certificate.name })).toBeVisible();
    await expect(field.getByRole('button', { name: text('en', 'documents.field.replace') })).toBeVisible();
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the staff file with an uploaded certificate, on a phone');
    await page.screenshot({ path: test.info().outputPath('upload-field-375.png'), fullPage: true });

    await page.goto('/en/documents/uploads');
    await expect(page.getByTestId('documents-list').getByText(certificate.name)).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'the documents page on a phone');
    await page.screenshot({ path: test.info().outputPath('documents-375.png'), fullPage: true });
    // The link downloads the very file.
    const download = page.waitForEvent('download');
    await page.getByTestId('documents-list').getByRole('link', { name: certificate.name }).click();
    expect((await download).suggestedFilename()).toBe(certificate.name);
  } finally {
    await page.context().close();
    await api.put('/api/profile-template', { headers, data: before });
    await api.dispose();
  }
});

test('a manager adds an HR document to a member’s file; the member sees it and is told', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await openFileOf(page, 'Emma Employee');
  await expectAccessible(page, 'a member’s documents as a manager');
  const contract = pdf(`contract-${Date.now() % 100000}`);
  await addDocument(page, 'contracts', contract, true);
  await page.screenshot({ path: test.info().outputPath('documents-manager-1366.png'), fullPage: true });

  const member = await personPage(browser);
  try {
    await signIn(member, 'en', 'employee@example.com');
    await expectOnOverview(member, 'en');
    await member.goto('/en/documents/contracts');
    const row = member.getByTestId('document').filter({ hasText: contract.name });
    await expect(row).toBeVisible({ timeout: 30_000 });
    // An HR document filed for the member is not theirs to delete.
    await expect(row.getByTestId('document-delete')).toHaveCount(0);
    await expectAccessible(member, 'the member’s contracts folder');
  } finally {
    await member.context().close();
  }

  // The manager deletes it again, after a confirmation.
  await page.getByTestId('document').filter({ hasText: contract.name }).getByTestId('document-delete').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the delete confirmation');
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('document').filter({ hasText: contract.name })).toHaveCount(0);
});

test('a manager limited to own documents sees only what they filed', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const owner = await personPage(browser);
  const { api, headers } = await apiAs(baseURL ?? '', 'owner@example.com');
  const managerId = await membershipOf(baseURL ?? '', 'manager@example.com');
  const byOwner = pdf(`owner-${Date.now() % 100000}`);
  const byManager = pdf(`manager-${Date.now() % 100000}`);
  try {
    await signIn(owner, 'en', 'owner@example.com');
    await expectOnOverview(owner, 'en');
    await openFileOf(owner, 'Emma Employee');
    await addDocument(owner, 'others', byOwner);

    await setLimited(api, headers, managerId, true);
    const manager = await personPage(browser);
    await signIn(manager, 'en', 'manager@example.com');
    await expectOnOverview(manager, 'en');
    await openFileOf(manager, 'Emma Employee');
    await addDocument(manager, 'others', byManager);
    await expect(manager.getByTestId('documents-only-own')).toBeVisible();
    await expect(manager.getByTestId('documents-list').getByText(byManager.name)).toBeVisible();
    await expect(manager.getByText(byOwner.name)).toHaveCount(0);
    await expectAccessible(manager, 'a limited manager’s view of a member’s documents');
    await manager.screenshot({ path: test.info().outputPath('documents-limited-1366.png'), fullPage: true });
    await manager.context().close();

    // The owner sees both.
    await owner.reload();
    await owner.getByTestId('folder-others').click();
    await expect(owner.getByTestId('documents-list').getByText(byOwner.name)).toBeVisible();
    await expect(owner.getByTestId('documents-list').getByText(byManager.name)).toBeVisible();
  } finally {
    await setLimited(api, headers, managerId, false);
    await api.dispose();
    await owner.context().close();
  }
});
