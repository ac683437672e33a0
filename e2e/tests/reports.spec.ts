import { CSRF_HEADER } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { type APIRequestContext, type Browser, type Page, request } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function reportsAs(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  // The menu leads there on a desktop; a phone opens the address (its menu sits behind the burger).
  if (viewport.width >= 1000) await page.getByTestId('menu-reports').click();
  else await page.goto(localizedPath('reports', 'en'));
  await expect(page.getByTestId('reports-page')).toBeVisible();
  await expect(page.getByTestId('report-summary')).toBeVisible({ timeout: 30_000 });
  return page;
}

/** A signed-in API client of a sample person (the CSRF token of the login answer on every call). */
async function apiAs(email: string): Promise<{ api: APIRequestContext; csrf: Record<string, string> }> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { api, csrf: { [CSRF_HEADER]: (await res.json()).csrfToken } };
}

async function downloadedSheet(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return { sheet: workbook.worksheets[0], name: download.suggestedFilename() };
}

const summaryCount = async (page: Page) => {
  const summary = (await page.getByTestId('report-summary').textContent()) ?? '';
  return Number(/(\d+)/.exec(summary)?.[1]);
};

test.describe('reports', () => {
  test('an accountant downloads last month as xlsx; the file holds every line with its cells', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await reportsAs(browser, 'accountant@example.com', { width: 1366, height: 900 });
    // The page opens on last month: the sample's two months of hours cover it.
    const from = await page.getByTestId('report-from').inputValue();
    const until = await page.getByTestId('report-until').inputValue();
    expect(from.endsWith('-01')).toBe(true);
    const lines = await summaryCount(page);
    expect(lines).toBeGreaterThan(10);
    await expectAccessible(page, 'reports at 1366 px');
    await shot(page, 'reports-1366');

    // Without a field the download is refused with a clear message.
    await page.getByRole('button', { name: text('en', 'reports.download.none') }).click();
    await page.getByRole('button', { name: text('en', 'reports.download.button') }).click();
    await expect(page.getByText(text('en', 'validation.fieldsRequired'))).toBeVisible();
    await page.getByRole('button', { name: text('en', 'reports.download.all') }).click();

    const { sheet, name } = await downloadedSheet(page, () =>
      page.getByRole('button', { name: text('en', 'reports.download.button') }).click(),
    );
    expect(name).toBe(`hours-${from}-${until}.xlsx`);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Employee');
    expect(header).toHaveLength(1 + 25);
    expect(header).toContain('Total (h)');
    const col = (label: string) => header.indexOf(label) + 1;
    let data = 0;
    let sums = 0;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const first = String(row.getCell(1).value);
      if (first.startsWith('Sum ')) {
        sums++;
        return;
      }
      data++;
      const date = row.getCell(col('Date')).value as Date;
      expect(date instanceof Date).toBe(true);
      const day = date.toISOString().slice(0, 10);
      expect(day >= from && day <= until).toBe(true);
      expect(typeof row.getCell(col('Total (h)')).value).toBe('number');
      expect(String(row.getCell(col('From')).value)).toMatch(/^\d\d:\d\d$/);
      expect(['Pending', 'Approved', 'Denied']).toContain(row.getCell(col('Status')).value);
      expect(first).toBe(`${row.getCell(col('Last name')).value}, ${row.getCell(col('First name')).value}`);
    });
    expect(data).toBe(lines);
    expect(sums).toBeGreaterThan(1);

    // At 375 px the same screen stacks; nothing runs off the side.
    const phone = await reportsAs(browser, 'accountant@example.com', { width: 375, height: 740 });
    await expectAccessible(phone, 'reports at 375 px');
    await shot(phone, 'reports-375');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('payroll export refuses while one hour is pending and pays it once approved', async ({ browser }) => {
    test.setTimeout(180_000);
    // An unplanned line of Emma's on a day of its own, long before the sample's hours.
    const day = `2025-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;
    const emma = await apiAs('employee@example.com');
    const options = await (await emma.api.get('/api/hours/options')).json();
    const registered = await emma.api.post('/api/hours', {
      headers: emma.csrf,
      data: {
        location: options.locations[0].id,
        date: day,
        from: '10:00',
        until: '14:00',
        break: 0,
        comment: 'E2E payroll',
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const line = (await registered.json()).hours;

    const page = await reportsAs(browser, 'accountant@example.com', { width: 1366, height: 900 });
    await page.getByTestId('report-from').fill(day);
    await page.getByTestId('report-until').fill(day);
    await expect(page.getByTestId('report-summary')).toContainText('Lines: 1');
    const exportPayroll = async () => {
      await page.getByRole('button', { name: text('en', 'reports.payroll.button') }).click();
      await page.getByRole('button', { name: text('en', 'reports.payroll.go') }).click();
    };
    await exportPayroll();
    await expect(page.getByTestId('payroll-error')).toHaveText(
      text('en', 'errors.ERR_PAYROLL_PENDING').replace('{{count}}', '1'),
    );
    await shot(page, 'payroll-refused-1366');

    const sam = await apiAs('supervisor@example.com');
    const approved = await sam.api.post(`/api/hours/${line.id}/approve`, { headers: sam.csrf, data: {} });
    expect(approved.status(), await approved.text()).toBe(200);

    const { sheet, name } = await downloadedSheet(page, exportPayroll);
    expect(name).toMatch(new RegExp(`^payroll-${day}-${day}-`));
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toMatch(/, Emma$/);
    expect(row.getCell(2).value).toBeTruthy(); // the employee number
    expect((row.getCell(5).value as Date).toISOString().slice(0, 10)).toBe(day);
    expect([row.getCell(6).value, row.getCell(7).value, row.getCell(9).value]).toEqual(['10:00', '14:00', 4]);
    // The line is paid now: the preview says so, and a second export has nothing left to pay.
    await expect(page.getByRole('cell', { name: /paid/ })).toBeVisible();
    await exportPayroll();
    await expect(page.getByTestId('payroll-error')).toHaveText(text('en', 'errors.ERR_PAYROLL_NOTHING'));
    await emma.api.dispose();
    await sam.api.dispose();
  });

  test('a planner keeps lists of planned duties once the lists module is on (1366 and 375 px)', async ({ browser }) => {
    test.setTimeout(180_000);
    const owner = await apiAs('owner@example.com');
    const on = await owner.api.put('/api/modules/lists', { headers: owner.csrf, data: { active: true } });
    expect(on.status(), await on.text()).toBe(200);
    try {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 375, height: 740 },
      ]) {
        const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
        const page = await context.newPage();
        await signIn(page, 'en', 'planner@example.com');
        await expectOnOverview(page, 'en');
        if (viewport.width >= 1000) await page.getByTestId('menu-lists').click();
        else await page.goto(localizedPath('lists', 'en'));
        await expect(page.getByTestId('lists-page')).toBeVisible();
        await page.getByRole('button', { name: text('en', 'reports.filters.thisMonth') }).click();
        await expect(page.getByTestId('report-summary')).toBeVisible({ timeout: 30_000 });
        expect(await summaryCount(page)).toBeGreaterThan(0);
        await expectAccessible(page, `lists at ${viewport.width} px`);
        await shot(page, `lists-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await context.close();
      }
    } finally {
      await owner.api.put('/api/modules/lists', { headers: owner.csrf, data: { active: false } });
      await owner.api.dispose();
    }
  });
});
