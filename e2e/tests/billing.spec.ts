import { LOCALES } from '@app/contracts';
import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/**
 * The invoice screens (docs/product/billing.md) at 1366 and 375 px in every language: the list and the printable
 * invoice in the bare layout. The sample has no paid period, so the invoice calls answer from fixtures here (the
 * server's side is proven by apps/server/src/domains/billing); the session, layout and guards are the real ones.
 */
test.setTimeout(240_000);

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const ID = '0b7e4f2a-5a43-4d6f-9c2b-3f1a2b3c4d5e';
const summary = {
  id: ID,
  number: '2027-000042',
  issuedOn: '2027-03-29',
  periodFrom: '2027-03-29',
  periodUntil: '2027-04-27',
  employees: 14,
  netCents: 5600,
  vatCents: 1064,
  totalCents: 6664,
  currency: 'EUR',
  debitExported: false,
};
const older = {
  ...summary,
  id: '1c8f5a3b-6b54-4e7a-8d3c-4a2b3c4d5e6f',
  number: '2027-000017',
  issuedOn: '2027-02-27',
  periodFrom: '2027-02-27',
  periodUntil: '2027-03-28',
  employees: 12,
  netCents: 4800,
  vatCents: 912,
  totalCents: 5712,
  debitExported: true,
};
const detail = {
  ...summary,
  lines: [{ kind: 'employees', quantity: 14, unitCents: 400, amountCents: 5600 }],
  vatCategory: 'S',
  vatRateBp: 1900,
  seller: {
    name: 'Rosterly GmbH',
    address: 'Musterstraße 1\n10115 Berlin',
    country: 'DE',
    vatNumber: 'DE123456789',
    email: 'billing@rosterly.test',
    registration: 'HRB 123456 B, Amtsgericht Charlottenburg',
  },
  buyer: {
    name: 'Bistro Central GmbH',
    address: 'Hauptstraße 5\n10115 Berlin',
    country: 'DE',
    vatNumber: 'DE987654321',
    email: 'billing@bistro.example',
  },
  debit: {
    mandateReference: 'RST-BISTRO-0001',
    creditorId: 'DE98ZZZ09999999999',
    ibanMasked: 'DE02 •••• 2051',
    dueOn: '2027-04-03',
  },
  shareUrl: `http://localhost:3100/en/i/${ID}/${'a'.repeat(32)}`,
};

async function fixtures(page: Page) {
  await page.route('**/api/invoices', (route) => route.fulfill({ json: { invoices: [summary, older] } }));
  await page.route(`**/api/invoices/${ID}`, (route) => route.fulfill({ json: detail }));
}

async function shoot(page: Page, what: string) {
  await page.screenshot({ path: test.info().outputPath(`${what.replace(/\s+/g, '-')}.png`), fullPage: true });
  await expectAccessible(page, what);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

for (const size of WIDTHS) {
  test(`the invoices and one invoice on a ${size.name}, in every language`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await fixtures(page);
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');
    for (const lang of LOCALES) {
      await page.goto(localizedPath('invoices', lang));
      await expect(page.getByTestId('invoice-list')).toBeVisible();
      await expect(page.getByRole('heading', { name: text(lang, 'billing.title') })).toBeVisible();
      await shoot(page, `${size.name} ${lang} invoices`);

      await page.goto(localizedPath('invoice', lang, { id: ID }));
      await expect(page.getByTestId('invoice-number')).toHaveText('2027-000042');
      await expect(page.getByTestId('invoice-payment')).toContainText('RST-BISTRO-0001');
      await shoot(page, `${size.name} ${lang} invoice`);
    }
  });
}
