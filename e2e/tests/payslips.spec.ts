import { readFile } from 'node:fs/promises';
import type { MemberListItem, PayslipRun } from '@app/contracts';
import { request as playwrightRequest } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn } from './sample';

/**
 * Payslip runs (docs/product/documents.md, "Payslips"): a manager sends the payroll office's PDF of twelve pages, sees
 * whose payslip each page was read to be (by personnel number, by name, one page no one was found on), assigns that
 * page by hand and files them; twelve members get one payslip each, and the member whose page was assigned by hand
 * finds exactly that page under its month on a phone and downloads it.
 */

async function apiAs(baseURL: string, email: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  return { api, headers };
}

/** The page's width tells which page of the payroll PDF a filed payslip was cut from (pdf-lib keeps page sizes). */
const widthOf = (page: number) => 595 + page;

/** A payroll PDF made here: one page per entry, each line a line of text, page n `widthOf(n)` points wide. */
async function payroll(pages: string[][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((lines, i) => {
    const page = doc.addPage([widthOf(i + 1), 842]);
    lines.forEach((line, j) => {
      page.drawText(line, { x: 50, y: 780 - j * 20, size: 12, font });
    });
  });
  return { name: 'payroll.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

test('a manager files a 12-page payroll PDF: eleven pages matched, one assigned by hand; the member downloads exactly theirs', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const owner = await apiAs(baseURL ?? '', 'owner@example.com');
  const on = await owner.api.put('/api/modules/payslips', { headers: owner.headers, data: { active: true } });
  expect(on.status(), await on.text()).toBe(200);
  const employee = await apiAs(baseURL ?? '', 'employee@example.com');
  const emma = (await (await employee.api.get('/api/app/init')).json()).membership.id as string;
  const { members } = (await (await owner.api.get('/api/members')).json()) as { members: MemberListItem[] };
  const full = (m: MemberListItem) => `${m.fname} ${m.lname}`;
  const once = <T>(values: T[], value: T) => values.filter((v) => v === value).length === 1;
  // Sample members a page can name without doubt: their number and their name are theirs alone.
  const clear = members.filter(
    (m) =>
      m.employeeNumber &&
      m.fname &&
      m.lname &&
      once(
        members.map((x) => x.employeeNumber),
        m.employeeNumber,
      ) &&
      once(members.map(full), full(m)),
  );
  const emmaMember = clear.find((m) => m.id === emma);
  expect(emmaMember, 'Emma in the sample with a number and a name of her own').toBeTruthy();
  const others = clear.filter((m) => m.id !== emma).slice(0, 11);
  expect(others).toHaveLength(11);
  const people = [...others, emmaMember as MemberListItem];
  const file = await payroll([
    // Pages 1–6 name the personnel number (and the name), 7–11 only the name, as "Lastname, Firstname".
    ...others.map((m, i) =>
      i < 6
        ? ['Payslip', `Personnel no. ${m.employeeNumber}`, full(m), 'Net pay EUR 2,345.67']
        : ['Payslip', `${m.lname}, ${m.fname}`, 'Net pay EUR 1,987.65'],
    ),
    // Page 12 is Emma's, but the payroll office wrote only her initial: no one is matched.
    ['Payslip', `${emmaMember?.fname.slice(0, 1)}. ${emmaMember?.lname}`, 'Net pay EUR 1,234.56'],
  ]);
  let run: PayslipRun | null = null;

  try {
    await signIn(page, 'en', 'manager@example.com');
    await expectOnOverview(page, 'en');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/en/payslips');
    await expect(page.getByTestId('payslips-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('payslips-file').setInputFiles(file);
    await page.getByTestId('payslips-read').click();
    await expect(page.getByTestId('payslips-summary')).toContainText('Pages matched: 11 of 12', { timeout: 30_000 });
    for (let p = 1; p <= 6; p++) await expect(page.getByTestId(`payslips-page-${p}`)).toContainText('Personnel number');
    for (let p = 7; p <= 11; p++) await expect(page.getByTestId(`payslips-page-${p}`)).toContainText('Name');
    for (let p = 1; p <= 11; p++)
      await expect(page.getByTestId(`payslips-assign-${p}`)).toHaveValue(full(people[p - 1]));
    await expect(page.getByTestId('payslips-page-12')).toContainText('Not matched');
    await expect(page.getByTestId('payslips-assign-12')).toHaveValue('');
    await expectAccessible(page, 'the twelve payslip pages');
    await page.screenshot({ path: test.info().outputPath('payslips-run-1366.png'), fullPage: true });

    // The page no one was found on goes to Emma by hand.
    await page.getByTestId('payslips-assign-12').click();
    await page.getByRole('option', { name: full(emmaMember as MemberListItem) }).click();
    await expect(page.getByTestId('payslips-page-12')).toContainText('Assigned by hand');
    const filed = page.waitForResponse((r) => r.url().endsWith('/api/payslips') && r.request().method() === 'POST');
    await page.getByTestId('payslips-file-them').click();
    const answer = await filed;
    expect(answer.status()).toBe(201);
    run = (await answer.json()) as PayslipRun;
    await expect(page.getByTestId('payslips-result')).toContainText('Payslips filed: 12 pages.', { timeout: 30_000 });
    await expect(page.getByTestId('payslips-result')).not.toContainText('Not filed');

    // Twelve members, one page each, each as read (or, page 12, as assigned).
    expect(run.unfiled).toEqual([]);
    expect(run.filed.map((f) => [f.page, f.membershipId])).toEqual(people.map((m, i) => [i + 1, m.id]));
    expect(new Set(run.filed.map((f) => f.documentId)).size).toBe(12);
    for (const f of run.filed) {
      const docs = (await (await owner.api.get(`/api/memberships/${f.membershipId}/documents`)).json()) as {
        documents: { id: string; folder: string; name: string; month: string | null }[];
      };
      expect(docs.documents.find((d) => d.id === f.documentId)).toMatchObject({
        folder: 'payslips',
        name: `payslip-${run.month}.pdf`,
        month: run.month,
      });
    }

    // Emma, on a phone: her payslip under its month, exactly one, and it is page 12.
    const phone = await (
      await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 812 } })
    ).newPage();
    await signIn(phone, 'en', 'employee@example.com');
    await expectOnOverview(phone, 'en');
    await phone.goto('/en/payslips');
    const month = phone.locator(`[data-testid="payslips-month"][data-month="${run.month}"]`);
    await expect(month).toBeVisible({ timeout: 30_000 });
    const [year, mm] = run.month.split('-').map(Number);
    const heading = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, mm - 1, 1)),
    );
    await expect(month.getByRole('heading', { level: 3 })).toHaveText(heading);
    await expect(month.getByTestId('document')).toHaveCount(1);
    await expect(phone.locator('#payslips-send')).toHaveCount(0);
    const width = await phone.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(phone, 'the member’s payslips by month');
    await phone.screenshot({ path: test.info().outputPath('payslips-member-375.png'), fullPage: true });
    const download = phone.waitForEvent('download');
    await month.getByRole('link', { name: `payslip-${run.month}.pdf` }).click();
    const saved = await (await download).path();
    const pdf = await PDFDocument.load(await readFile(saved));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getWidth()).toBe(widthOf(12));
    await phone.setViewportSize({ width: 1366, height: 900 });
    await phone.screenshot({ path: test.info().outputPath('payslips-member-1366.png'), fullPage: true });
    await phone.context().close();
  } finally {
    // Put the sample back: the filed payslips go, the module goes off.
    for (const f of run?.filed ?? [])
      await owner.api.delete(`/api/uploads/${f.documentId}`, { headers: owner.headers });
    await owner.api.put('/api/modules/payslips', { headers: owner.headers, data: { active: false } });
    await owner.api.dispose();
    await employee.api.dispose();
  }
});
