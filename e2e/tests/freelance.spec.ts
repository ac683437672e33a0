import { readFileSync } from 'node:fs';
import { addDays } from '@app/domain';
import { pdf } from '../../apps/server/test/files';
import { pdfText } from '../../apps/server/test/standards';
import { expectAccessible } from './axe';
import { type Api, apiOf, fillSurely, setModules, shot, typeDateSurely } from './flow';
import { expect, test } from './pageErrors';
import { signInToOverview, text } from './sample';

/**
 * Freelancer invoices and the company page (docs/product/freelance.md, company.md). A freelancer invoices their
 * approved hours of a period, downloads the PDF (its number, total and VAT ID read back), cannot invoice the same
 * hours again, and the company sees the invoice (and rejects it, which frees the hours for the flows after this one).
 * An owner writes the company page and adds a file; an employee reads it. The period comes from the hours the server
 * answers, so the flow does not depend on today's date.
 */

test.describe.configure({ mode: 'serial' });

/** DD.MM.YYYY, as the date fields read a typed date. */
const typed = (date: string) => date.split('-').reverse().join('.');

let owner: Api;
let companyBefore: Record<string, unknown>;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  await setModules(owner, ['freelancers', 'company'], true);
  companyBefore = await (await owner.api.get('/api/settings/company')).json();
  // A retry starts from free hours: what an earlier try left submitted is rejected.
  const earlier = (await (await owner.api.get('/api/freelancer-invoices')).json()).invoices as {
    id: string;
    status: string;
  }[];
  for (const inv of earlier.filter((i) => i.status === 'submitted'))
    await owner.api.post(`/api/freelancer-invoices/${inv.id}/reject`, {
      headers: owner.headers,
      data: { reason: 'An earlier try of the flow.' },
    });
});

test.afterAll(async () => {
  await owner.api.put('/api/settings/company', { headers: owner.headers, data: companyBefore });
  await setModules(owner, ['freelancers', 'company'], false);
  await owner.api.dispose();
});

test('a freelancer invoices their approved hours, downloads the PDF, cannot invoice them twice; the company sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const fiona = await apiOf('freelancer@example.com');
  // The approved hours on no invoice of the 92 days (the longest period one invoice covers) up to the server's week.
  const locations = (await (await fiona.api.get('/api/locations')).json()).locations as { id: string }[];
  const week = await (await fiona.api.get(`/api/items?scope=planning&location=${locations[0].id}&period=week`)).json();
  const today = addDays(week.periods.from as string, 6);
  const first = addDays(today, -91);
  const billable = await (await fiona.api.get(`/api/freelancer-invoices/billable?from=${first}&until=${today}`)).json();
  const hours = billable.hours as { id: string; date: string }[];
  expect(hours.length, 'the sample freelancer has approved hours to invoice').toBeGreaterThan(0);
  const from = hours[0].date;
  const until = hours[hours.length - 1].date;

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(page, 'freelancer@example.com');
  await page
    .getByRole('link', { name: text('en', 'menu.freelancerInvoices') })
    .first()
    .click();
  await expect(page.getByTestId('freelance-page')).toBeVisible();
  // Each field is filled until it keeps its text: on a busy machine a date field's closing calendar took the focus
  // back, and the VAT ID went into it.
  await typeDateSurely(page.getByTestId('freelance-from'), typed(from));
  await typeDateSurely(page.getByTestId('freelance-until'), typed(until));
  await fillSurely(page.getByTestId('freelance-vat-id'), 'DE123456789');
  await fillSurely(page.getByTestId('freelance-rate'), '28.50');
  await page.getByTestId('freelance-vat').fill('19');
  await expect(page.getByTestId('freelance-line').first()).toBeVisible();
  await expect(page.getByTestId('freelance-preview-total')).toContainText('€');
  await expectAccessible(page, 'the new freelancer invoice');
  await shot(page, 'freelance-new-1366');
  await page.getByTestId('freelance-create').click();
  const row = page.getByTestId('freelance-invoice').first();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(row).toBeVisible();
  await expect(page.getByTestId('freelance-nothing')).toHaveText(text('en', 'freelance.nothing'));
  const [invoice] = (await (await fiona.api.get('/api/freelancer-invoices')).json()).invoices as {
    id: string;
    number: string;
    totalCents: number;
  }[];
  await expect(row).toContainText(invoice.number);
  await expectAccessible(page, 'the freelancer’s invoices');
  await shot(page, 'freelance-list-1366');

  // The PDF: its number, total and VAT ID read back from the file.
  const download = page.waitForEvent('download');
  await row.getByTestId('freelance-pdf').click();
  const file = await (await download).path();
  const { text: pdfWords } = await pdfText(readFileSync(file));
  expect(pdfWords).toContain(invoice.number);
  expect(pdfWords).toContain('DE123456789');
  expect(pdfWords).toContain(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(invoice.totalCents / 100),
  );

  // The same hours a second time: refused, worded in the catalog.
  const again = await fiona.api.post('/api/freelancer-invoices', {
    headers: fiona.headers,
    data: { from, until, hours: hours.map((h) => h.id), vatId: 'DE123456789', rateCents: 2850 },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('ERR_HOURS_INVOICED');
  expect(text('en', 'errors.ERR_HOURS_INVOICED')).toContain('cannot be invoiced again');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('freelance-invoice').first()).toContainText(invoice.number);
  await expectAccessible(page, 'the freelancer’s invoices on a phone');
  await shot(page, 'freelance-list-375');
  await fiona.api.dispose();

  // The company: the accountant sees the invoice with the freelancer's name, and rejects it with a reason.
  const office = await browser.newContext();
  const accountant = await office.newPage();
  await accountant.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(accountant, 'accountant@example.com');
  await accountant.goto('/en/freelancer-invoices');
  const theirs = accountant.getByTestId('freelance-invoice').filter({ hasText: invoice.number });
  await expect(theirs).toContainText('Fiona Freelancer');
  await expect(theirs.getByTestId('freelance-status')).toHaveText(text('en', 'freelance.status.submitted'));
  await expectAccessible(accountant, 'the company’s freelancer invoices');
  await shot(accountant, 'freelance-company-1366');
  await theirs.getByTestId('freelance-reject').click();
  await expect(accountant.getByTestId('freelance-reject-dialog')).toBeVisible();
  await accountant.getByTestId('freelance-reason').fill('Please split the invoice per month.');
  await expectAccessible(accountant, 'the reject dialog');
  await accountant.getByTestId('freelance-reject-confirm').click();
  await expect(theirs.getByTestId('freelance-status')).toHaveText(text('en', 'freelance.status.rejected'));
  await accountant.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(accountant, 'the company’s freelancer invoices on a phone');
  await shot(accountant, 'freelance-company-375');
  await office.close();
});

test('an owner writes the company page and adds a file; an employee reads it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Shown to all staff (settings, company).
  const shown = await owner.api.put('/api/settings/company', {
    headers: owner.headers,
    data: { ...companyBefore, companyVisible: true },
  });
  expect(shown.status(), await shown.text()).toBe(200);
  const about = `We run the Bistro Central since 1998 ${Date.now()}.`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(page, 'owner@example.com');
  await page.goto('/en/company');
  await expect(page.getByTestId('company-page')).toBeVisible();
  await page.getByTestId('company-edit').click();
  await page.getByTestId('company-about').fill(about);
  await page.getByTestId('company-addresses').fill('Hauptstraße 1\n10115 Berlin');
  await page.getByTestId('company-contacts').fill('Office: +49 30 1234567');
  await page.getByTestId('company-rules').fill('Clock in ten minutes early.');
  await expectAccessible(page, 'the company page being edited');
  await page.getByTestId('company-form-save').click();
  await expect(page.getByTestId('company-section-about')).toContainText(about);
  await page.getByTestId('company-file-input').setInputFiles({
    name: 'house-rules.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(),
  });
  await expect(page.getByTestId('company-file').filter({ hasText: 'house-rules.pdf' }).first()).toBeVisible();
  await expectAccessible(page, 'the company page');
  await shot(page, 'company-owner-1366');

  const staff = await browser.newContext();
  const employee = await staff.newPage();
  await employee.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(employee, 'employee@example.com');
  await employee
    .getByRole('link', { name: text('en', 'menu.company') })
    .first()
    .click();
  await expect(employee.getByTestId('company-section-about')).toContainText(about);
  await expect(employee.getByTestId('company-section-rules')).toContainText('Clock in ten minutes early.');
  await expect(employee.getByTestId('company-edit')).toHaveCount(0);
  const link = employee.getByTestId('company-file').filter({ hasText: 'house-rules.pdf' }).first().getByRole('link');
  const file = await employee.request.get((await link.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  await expectAccessible(employee, 'the company page as an employee reads it');
  await shot(employee, 'company-employee-1366');
  await employee.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(employee, 'the company page on a phone');
  await shot(employee, 'company-employee-375');
  await staff.close();
});
