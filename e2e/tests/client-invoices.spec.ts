import { addDays, localizedPath, periodJustEnded } from '@app/domain';
import type { Page } from '@playwright/test';
import { FACTURX_XSD, pdfText, xmllint } from '../../apps/server/test/standards';
import { expectAccessible } from './axe';
import { type Api, apiOf } from './flow';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/**
 * Invoices to clients (docs/product/invoicing.md): a client invoiced monthly with approved hours at its own planning
 * in the month that ended; the month's invoice is drafted (through the API: the sample's server has no job controls,
 * the daily job itself is proven by apps/server/src/domains/invoicing), a manager sets the client's hourly price,
 * edits a line and adds one, issues the invoice, and its PDF (number, total) and e-invoice (EN 16931 schema) are
 * checked. Dates come from the server's planning, so the flow does not depend on today's date.
 */

test.describe.configure({ mode: 'serial' });

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await expectAccessible(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
};

let owner: Api;
let clientsWereOn = false;
let planning = '';

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  const modules = (await (await owner.api.get('/api/modules')).json()) as {
    modules?: { key: string; active: boolean }[];
  };
  clientsWereOn = !!modules.modules?.find((m) => m.key === 'clients' && m.active);
  const on = await owner.api.put('/api/modules/clients', { headers: owner.headers, data: { active: true } });
  expect(on.status()).toBe(200);
});

test.afterAll(async () => {
  // The planning made here leaves the lists of the flows after this one.
  if (planning)
    await owner.api.put(`/api/locations/${planning}`, { headers: owner.headers, data: { status: 'archived' } });
  if (!clientsWereOn) await owner.api.put('/api/modules/clients', { headers: owner.headers, data: { active: false } });
  await owner.api.dispose();
});

test("a manager drafts, edits and issues a client's monthly invoice; its PDF and e-invoice are right", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const again = test.info().retry ? ` ${test.info().retry}` : '';
  const clientName = `Expo Hall${again}`;

  // The client, invoiced monthly, and a planning of its own.
  const made = await owner.api.post('/api/clients', {
    headers: owner.headers,
    data: {
      name: clientName,
      number: `EH-1${again}`,
      invoiceEmail: 'billing@expo-hall.example',
      invoiceInterval: 'monthly',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const client = (await made.json()) as { id: string };
  const site = await owner.api.post('/api/locations', {
    headers: owner.headers,
    data: { name: `Expo Hall site${again}`, clientId: client.id },
  });
  expect(site.status(), await site.text()).toBeLessThan(300);
  planning = ((await site.json()) as { id: string }).id;

  // Approved hours of the month that ended (the sample releases this week and the next: the anchor is this week).
  const { locations } = await (await owner.api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  const month = periodJustEnded('monthly', addDays(hq.releasedUntil, -13));
  if (!month) throw new Error('a monthly period');
  const { members } = await (await owner.api.get('/api/members')).json();
  const anna = members.find((m: { fname: string; lname: string }) => m.fname === 'Anna' && m.lname === 'Schmidt');
  let registered = 0;
  for (let day = 1; registered < 2 && day < 27; day++) {
    const res = await owner.api.post('/api/hours', {
      headers: owner.headers,
      data: {
        member: anna.id,
        location: planning,
        date: addDays(month.from, day),
        from: '03:00',
        until: '05:00',
        break: 0,
      },
    });
    if (res.status() >= 300) continue; // another line of Anna's at that time: the next day
    const { hours } = await res.json();
    const approved = await owner.api.post(`/api/hours/${hours.id}/approve`, { headers: owner.headers, data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    registered++;
  }
  expect(registered).toBe(2);

  // A manager sets the client's hourly price on the invoices page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', 'manager@example.com');
  await expectOnOverview(page, 'en');
  await page.goto(`${localizedPath('clientInvoices', 'en')}?client=${client.id}`);
  await expect(page.getByTestId('client-invoices-page')).toBeVisible();
  await expect(page.getByTestId('client-invoices-empty')).toBeVisible();
  await page.getByTestId('client-billing-open').click();
  await expect(page.getByTestId('client-billing-form')).toBeVisible();
  await expectAccessible(page, 'the invoicing settings dialog');
  await page.getByTestId('client-billing-rate').fill('45,00');
  await page.getByTestId('client-billing-save').click();
  await expect(page.getByTestId('client-billing-form')).toHaveCount(0);

  // The month's invoice is drafted from the approved hours.
  const drafted = await owner.api.post('/api/client-invoices', {
    headers: owner.headers,
    data: { clientId: client.id, from: month.from, until: month.until },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const draft = await drafted.json();
  // 4 hours at 45.00, and the sample's premiums for the night (and a Sunday) as the planning applies them.
  expect(draft.lines[0]).toMatchObject({ kind: 'hours', quantity: 4, unitCents: 4500, amountCents: 18000 });
  expect(draft.lines.slice(1).every((l: { kind: string }) => l.kind === 'premium')).toBe(true);
  await page.reload();
  const row = page.getByTestId('client-invoice-row').filter({ hasText: clientName });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('invoice-status')).toHaveText(text('en', 'invoicing.status.draft'));
  await shot(page, 'client invoices 1366');

  // The draft: one line edited, one added, saved.
  await row.getByRole('link', { name: clientName }).click();
  await expect(page.getByTestId('client-invoice-page')).toBeVisible();
  await expect(page.getByTestId('invoice-line')).toHaveCount(draft.lines.length);
  await shot(page, 'client invoice draft 1366');
  await page.getByTestId('invoice-line-quantity').first().fill('4.5');
  await page.getByTestId('invoice-line-description').first().fill('Hall staff, hours');
  await page.getByTestId('invoice-line-add').click();
  const added = draft.lines.length;
  await page.getByTestId('invoice-line-description').nth(added).fill('Cleaning materials');
  await page.getByTestId('invoice-line-price').nth(added).fill('19.99');
  await page.getByTestId('invoice-save').click();
  await expect(page.getByTestId('invoice-save')).toBeDisabled();
  const saved = await (await page.request.get(`/api/client-invoices/${draft.id}`)).json();
  expect(saved.lines[0]).toMatchObject({ description: 'Hall staff, hours', quantity: 4.5, amountCents: 20250 });
  expect(saved.lines[added]).toMatchObject({ kind: 'custom', quantity: 1, unitCents: 1999, amountCents: 1999 });
  const premiums = draft.lines.slice(1).reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0);
  expect(saved.netCents).toBe(20250 + 1999 + premiums);

  // Issued: the next number; it is fixed from now on.
  await page.getByTestId('invoice-issue').click();
  const confirm = page.getByRole('dialog', { name: text('en', 'invoicing.issueTitle') });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the issue question');
  await confirm.getByRole('button', { name: text('en', 'invoicing.issue') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(text('en', 'invoicing.status.issued'));
  await expect(page.getByTestId('invoice-pdf')).toBeVisible();
  const issued = await (await page.request.get(`/api/client-invoices/${draft.id}`)).json();
  expect(issued.number).toMatch(/^\d{4}-\d{4}$/);
  await expect(page.getByRole('heading', { name: `${clientName} · ${issued.number}` })).toBeVisible();
  await shot(page, 'client invoice issued 1366');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'client invoice issued 375');
  await page.goto(`${localizedPath('clientInvoices', 'en')}?client=${client.id}`);
  await expect(page.getByTestId('client-invoice-row').filter({ hasText: clientName })).toBeVisible();
  await shot(page, 'client invoices 375');

  // The PDF says the number and the total; the e-invoice is valid against the EN 16931 schema.
  const pdf = await page.request.get(`/api/client-invoices/${draft.id}/pdf`);
  expect(pdf.ok()).toBe(true);
  const read = await pdfText(Buffer.from(await pdf.body()));
  expect(read.text).toContain(issued.number);
  expect(read.text).toContain(clientName);
  const total = (issued.totalCents / 100).toFixed(2);
  expect(read.text.replace(/,/g, '.')).toContain(total);
  expect(read.attachments).toContain('factur-x.xml');
  const xml = await (await page.request.get(`/api/client-invoices/${draft.id}/xml`)).text();
  expect(xml).toContain(issued.number);
  expect(xml).toContain(total);
  expect(xmllint(xml, FACTURX_XSD).output).toContain('validates');
});
