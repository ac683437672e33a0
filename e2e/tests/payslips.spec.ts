import { request as playwrightRequest } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn } from './sample';

/**
 * Payslip runs (docs/product/documents.md, "Payslips"): a manager sends the payroll office's PDF, sees whose payslip
 * each page was read to be, assigns the page no one was found on by hand and files them; the member finds theirs on
 * a phone.
 */

async function apiAs(baseURL: string, email: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

/** A payroll PDF made here: one page per entry, each line a line of text. */
async function payroll(pages: string[][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font });
    });
  }
  return { name: 'payroll.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

test('a manager files a payroll PDF page by page; the member finds their payslip on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await apiAs(baseURL ?? '', 'owner@example.com');
  const on = await owner.api.put('/api/modules/payslips', { headers: owner.headers, data: { active: true } });
  expect(on.status(), await on.text()).toBe(200);
  const employee = await apiAs(baseURL ?? '', 'employee@example.com');
  const emma = (await (await employee.api.get('/api/app/init')).json()).membership.id as string;
  const { members } = (await (await owner.api.get('/api/documents/members')).json()) as {
    members: { id: string; name: string }[];
  };
  const emmaName = members.find((m) => m.id === emma)?.name ?? '';
  const other = members.find((m) => m.id !== emma && m.id !== members[0].id) ?? members[0];
  const file = await payroll([
    ['Payslip', emmaName, 'Gross 2,100.00'],
    ['Payslip', other.name, 'Gross 1,850.00'],
    ['Payroll summary', 'Total 3,950.00'],
  ]);

  try {
    await signIn(page, 'en', 'manager@example.com');
    await expectOnOverview(page, 'en');
    await page.goto('/en/payslips');
    await expect(page.getByTestId('payslips-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('payslips-file').setInputFiles(file);
    await page.getByTestId('payslips-read').click();
    await expect(page.getByTestId('payslips-summary')).toContainText('Pages matched: 2 of 3', { timeout: 30_000 });
    await expect(page.getByTestId('payslips-page-3')).toContainText('Not matched');
    await expectAccessible(page, 'the payslip pages');
    await page.screenshot({ path: test.info().outputPath('payslips-1366.png'), fullPage: true });

    // The summary page goes to Emma by hand.
    await page.getByTestId('payslips-assign-3').click();
    await page.getByRole('option', { name: emmaName }).click();
    await expect(page.getByTestId('payslips-page-3')).toContainText('Assigned by hand');
    await page.getByTestId('payslips-file-them').click();
    await expect(page.getByTestId('payslips-result')).toContainText('Payslips filed: 3 pages.', { timeout: 30_000 });

    const phone = await (
      await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 812 } })
    ).newPage();
    await signIn(phone, 'en', 'employee@example.com');
    await expectOnOverview(phone, 'en');
    await phone.goto('/en/payslips');
    await expect(phone.getByTestId('payslips-mine-list')).toContainText(/payslip-\d{4}-\d{2}\.pdf/, {
      timeout: 30_000,
    });
    await expect(phone.locator('#payslips-send')).toHaveCount(0);
    await expectAccessible(phone, 'the member’s payslips');
    await phone.screenshot({ path: test.info().outputPath('payslips-375.png'), fullPage: true });
  } finally {
    // Put the sample back: the filed payslips go, the module goes off.
    for (const id of [emma, other.id]) {
      const docs = (await (await owner.api.get(`/api/memberships/${id}/documents`)).json()) as {
        documents: { id: string; folder: string }[];
      };
      for (const d of docs.documents.filter((x) => x.folder === 'payslips'))
        await owner.api.delete(`/api/uploads/${d.id}`, { headers: owner.headers });
    }
    await owner.api.put('/api/modules/payslips', { headers: owner.headers, data: { active: false } });
    await owner.api.dispose();
    await employee.api.dispose();
  }
});
