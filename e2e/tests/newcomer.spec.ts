import { type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { FACTURX_XSD, painXsd, pdfText, xmllint } from '../../apps/server/test/standards';
import { expectAccessible } from './axe';
import { linkPath, startMailbox } from './mailbox';
import { makeOperator, NEWCOMER_URL, passDays, registerAndSetUp, runJob } from './newcomer';
import { expect, test } from './pageErrors';
import { signIn, text } from './sample';

/**
 * A company's first month, on the newcomer's server (an empty database): it registers, confirms through the mailed
 * link, sets up a retail shop, invites two people who accept, plans and releases a week; a month later the trial
 * has expired (the owner sees the subscription, an employee the contact screen); the owner gives a mandate and
 * subscribes; the billing job makes the invoice, whose PDF, e-invoice and direct debit are checked.
 */
test.use({ baseURL: NEWCOMER_URL });
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

// A new company for each attempt (a retry starts the flow over on the same server).
const RUN = Date.now().toString(36);
const OWNER = `paula.${RUN}@corner-retail.test`;
const OWNER_PASSWORD = 'Retail2027go';
const PEOPLE = [
  { name: 'Lena Kaufmann', email: `lena.${RUN}@corner-retail.test` },
  { name: 'Jonas Weber', email: `jonas.${RUN}@corner-retail.test` },
];
const PEOPLE_PASSWORD = 'Joined2027x';

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: NEWCOMER_URL, locale: 'en-US' });
  return context.newPage();
}

test('a newcomer registers, sets up a retail shop, invites two people and releases a planned week', async ({
  page,
  browser,
}) => {
  // Register on the empty server, confirm through the caught mail, set up a retail shop with two people to invite.
  await registerAndSetUp(page, mailbox, {
    owner: { fname: 'Paula', lname: 'Owner', email: OWNER, password: OWNER_PASSWORD },
    name: 'Corner Retail',
    industry: 'retail',
    people: PEOPLE,
  });

  // Both accept their invitation and sign in.
  for (const person of PEOPLE) {
    const invited = await freshPage(browser);
    await invited.goto(linkPath(await mailbox.latest(person.email)));
    await invited.getByTestId('new-password').fill(PEOPLE_PASSWORD);
    await invited.getByTestId('repeat-password').fill(PEOPLE_PASSWORD);
    await invited.getByTestId('accept-invitation').getByRole('button').click();
    await expect(invited.getByTestId('code-done')).toBeVisible();
    await signIn(invited, 'en', person.email, PEOPLE_PASSWORD);
    await expect(invited).toHaveURL(/\/en\/overview/);
    await invited.context().close();
  }

  // Plan next week: a duty with times on its first day, given to Lena; then release the week.
  await page.reload();
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  const dateInUrl = () => /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url())?.[1] ?? '';
  const shown = dateInUrl();
  await page.getByTestId('roster-next').click();
  await expect.poll(dateInUrl).not.toBe(shown);
  await expect(grid.getByTestId(`day-${dateInUrl()}`)).toBeVisible();
  const days = await page
    .locator('.roster-day-head')
    .evaluateAll((nodes) => nodes.map((n) => (n.getAttribute('data-testid') ?? '').replace('day-', '')));
  const first = days[0];
  const last = days[days.length - 1];
  await page.getByTestId(`add-open-${first}`).click();
  await page.locator('[data-testid^="add-duty-"]').first().click();
  // A new duty is a draft until confirmed: this flow confirms it without times.
  await page.getByTestId('add-without-times').click();
  const cell = page.getByTestId(`cell-open-${first}`);
  await expect(cell.locator('.roster-item')).toHaveCount(1);
  await page.getByTestId('toolbox-tab-times').click();
  await page.getByTestId('hour-10').click();
  await page.getByTestId('times-save').click();
  await page.getByTestId('hour-14').click();
  await page.getByTestId('times-save').click();
  await page.getByTestId('toolbox-tab-user').click();
  await page.locator('[data-testid^="candidate-"]', { hasText: 'Lena' }).first().click();
  await expect(page.getByText('Lena').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('release-open').click();
  const dialog = page.getByTestId('release-dialog');
  const day = dialog.locator(`[data-date="${last}"]`);
  if (!(await day.isVisible())) await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  await day.click();
  await page.getByTestId('release-confirm').click();
  await expect(dialog).toBeHidden();
  const init = await (await page.request.get('/api/app/init')).json();
  expect(init.account).toMatchObject({ status: 'trial', setupComplete: true });
});

test('a month later the trial has expired: the owner subscribes, the employee is asked to contact her', async ({
  page,
  browser,
}) => {
  await passDays(page.request, 31);
  await runJob(page.request, 'accounts.tick');

  const employee = await freshPage(browser);
  await signIn(employee, 'en', PEOPLE[0].email, PEOPLE_PASSWORD);
  await expect(employee.getByTestId('account-unusable')).toBeVisible();
  await expect(employee.getByTestId('account-unusable')).toContainText('Paula');
  await expectAccessible(employee, 'the contact-the-owner screen');
  await employee.context().close();

  await signIn(page, 'en', OWNER, OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/en\/subscription$/);
  await expect(page.getByTestId('subscription-status-badge')).toHaveText(
    text('en', 'subscriptionPage.statuses.expired'),
  );

  // Plan, invoice address, mandate; then subscribe on the confirm page.
  await page.getByTestId('plan-fix-choose').click();
  await page.getByTestId('invoice-address').fill('Corner Retail GmbH\nMarktstraße 5\n10115 Berlin');
  await page.getByTestId('invoice-details-save').click();
  await page.getByTestId('mandate-open').click();
  await page.getByTestId('mandate-holder').fill('Corner Retail GmbH');
  await page.getByTestId('mandate-iban-input').fill('DE89 3704 0044 0532 0130 00');
  await page.getByTestId('mandate-bic-input').fill('COBADEFFXXX');
  await page.getByTestId('mandate-agree').check();
  await page.getByTestId('mandate-submit').click();
  await expect(page.getByTestId('mandate-iban')).toHaveText('DE89 •••• •••• •••• ••30 00');
  await page.getByTestId('subscription-subscribe').click();
  await expect(page.getByTestId('subscription-confirm-page')).toBeVisible();
  await page.getByTestId('confirm-subscribe').click();
  await expect(page.getByTestId('subscription-status-badge')).toHaveText(
    text('en', 'subscriptionPage.statuses.active'),
  );

  // The billing job invoices the first period: the PDF, its e-invoice and the direct debit are checked.
  await runJob(page.request, 'billing.run');
  const { invoices } = await (await page.request.get('/api/invoices')).json();
  expect(invoices).toHaveLength(1);
  const invoice = invoices[0];
  await page.reload();
  await expect(page.getByText(invoice.number).first()).toBeVisible();
  // The subscription page with its first invoice, at both widths.
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // A table on wide screens, cards on phones: the one shown carries the number.
    await expect(page.getByText(invoice.number).filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(page, `the subscription with its invoice at ${width} px`);
    await page.screenshot({ path: `test-results/newcomer-subscription-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const pdf = await page.request.get(`/api/invoices/${invoice.id}/pdf`);
  expect(pdf.ok()).toBe(true);
  const read = await pdfText(Buffer.from(await pdf.body()));
  expect(read.text).toContain(invoice.number);
  expect(read.text).toContain('Corner Retail GmbH');
  expect(read.attachments).toContain('factur-x.xml');
  const xml = await page.request.get(`/api/invoices/${invoice.id}/xml`);
  expect(xmllint(await xml.text(), FACTURX_XSD).output).toContain('validates');

  // An operator sends the due debits to the bank: a pain.008 file valid against ISO 20022's schema.
  const { debit } = await (await page.request.get(`/api/invoices/${invoice.id}`)).json();
  await makeOperator(page.request, OWNER);
  const operator = await playwrightRequest.newContext({ baseURL: NEWCOMER_URL });
  const login = await operator.post('/api/auth/login', { data: { email: OWNER, password: OWNER_PASSWORD } });
  const debits = await operator.post('/api/operator/direct-debits', {
    data: { collectionDate: debit.dueOn },
    headers: { 'x-csrf-token': (await login.json()).csrfToken as string },
  });
  expect(debits.status()).toBe(200);
  const pain = await debits.text();
  expect(pain).toContain(invoice.number);
  expect(xmllint(pain, painXsd()).output).toContain('validates');
  await operator.dispose();
});
