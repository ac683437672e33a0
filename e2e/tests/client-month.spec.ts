import { addDays, daysBetween, instantOf, localizedPath } from '@app/domain';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { FACTURX_XSD, pdfText, xmllint } from '../../apps/server/test/standards';
import { expectAccessible } from './axe';
import { fillSurely, localAt, shot, typeDateSurely } from './flow';
import { startMailbox } from './mailbox';
import { NEWCOMER_URL, passDays, registerAndSetUp, runJob } from './newcomer';
import { expect, test } from './pageErrors';
import { signIn, text } from './sample';

/**
 * A month of work for a client, on the newcomer's server (its clock can move): a company registers and sets up, a
 * planner creates a client invoiced monthly and a weekly project of two shifts, three people and a van each, running
 * over the next daylight-saving change; finds its open duties on the roster at the same local times on both sides of
 * the change; staffs today's, puts one shift's van on the other shift's duty once (the double booking shows) and
 * takes it back; when the month has ended the hours are confirmed, the invoicing job drafts the month's invoice,
 * which is edited and issued, and its PDF and e-invoice are checked. Dates come from the server's clock, so the flow
 * does not depend on today's date. (The freelancer's invoices and the wall screen have flows of their own:
 * freelance.spec.ts, wall-screen.spec.ts.)
 */

test.use({ baseURL: NEWCOMER_URL });
test.describe.configure({ mode: 'serial' });

// A new company for each attempt (a retry starts over on the same server).
const RUN = Date.now().toString(36);
const OWNER = `mara.${RUN}@event-crew.test`;
const PASSWORD = 'EventCrew2027';
const PEOPLE = ['Ada Berg', 'Ben Kranz', 'Cem Dorn', 'Dana Ehl', 'Eli Falk', 'Fay Gross'].map((name) => ({
  name,
  email: `${name.split(' ')[0].toLowerCase()}.${RUN}@event-crew.test`,
}));

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let owner: { api: APIRequestContext; headers: Record<string, string> };
let today = '';
/** The company's time zone (an English sign-up runs on London time): its days are the roster's and the jobs'. */
let zone = '';
let hq = '';
let hqName = '';
let clientId = '';
const vans: Record<'a' | 'b', string> = { a: '', b: '' };

/** The local date of an instant in the company's zone. */
const dateIn = (instant: string) => localAt(instant, zone).date;

/** The first day from `from` on whose local noon has another UTC offset than the day before's: a change day. */
function nextChange(from: string): string {
  const offset = (date: string) => instantOf(date, 12 * 60, zone) - Date.parse(`${date}T12:00:00Z`);
  for (let d = from, i = 0; i < 400; d = addDays(d, 1), i++) if (offset(d) !== offset(addDays(d, -1))) return d;
  throw new Error('no daylight-saving change within a year');
}

/** DD.MM.YYYY, as the date fields read a typed date. */
const typed = (date: string) => date.split('-').reverse().join('.');

async function call(method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const res = await owner.api[method](url, { headers: owner.headers, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** The owner's calls through a session of their own (again after the clock has moved past the session's life). */
async function ownerSignsIn() {
  await owner?.api.dispose();
  const api = await playwrightRequest.newContext({ baseURL: NEWCOMER_URL });
  const login = await api.post('/api/auth/login', { data: { email: OWNER, password: PASSWORD } });
  expect(login.status()).toBe(200);
  owner = { api, headers: { 'x-csrf-token': (await login.json()).csrfToken as string } };
}

async function choose(page: Page, testId: string, option: string, nth = 0) {
  await page.getByTestId(testId).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The project's items of one day at the planning, from the roster's own call. */
async function itemsOn(date: string) {
  const load = await call('get', `/api/items?scope=planning&location=${hq}&period=day&date=${date}`);
  return (
    load.items as {
      id: string;
      date: string;
      user: string | null;
      project: string | null;
      times: { from: string } | null;
      resource: string | null;
    }[]
  ).filter((i) => i.date === date && i.project);
}

test.beforeAll(async () => {
  mailbox = await startMailbox();
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await mailbox.close();
});

test('a company registers, sets up with six people, subscribes and switches clients, projects and resources on', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerAndSetUp(page, mailbox, {
    owner: { fname: 'Mara', lname: 'Planner', email: OWNER, password: PASSWORD },
    name: 'Event Crew',
    industry: 'other',
    people: PEOPLE,
  });

  // The owner's calls: a subscription (so the month ahead passes without the trial's end), the modules, two vans.
  await ownerSignsIn();
  await call('put', '/api/subscription/plan', { plan: 'flex', billing: 'advance' });
  await call('put', '/api/subscription/invoice-details', {
    invoiceAddress: 'Event Crew GmbH\nHafenstraße 3\n20457 Hamburg',
    vatNumber: '',
    registrationNumber: '',
    invoiceEmail: '',
  });
  await call('post', '/api/subscription/mandate', {
    holder: 'Event Crew GmbH',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    agreed: true,
  });
  await call('post', '/api/subscription/subscribe');
  for (const module of ['planning', 'clients', 'projects', 'resources'])
    await call('put', `/api/modules/${module}`, { active: true });
  const { locations } = await call('get', '/api/locations');
  hq = locations[0].id;
  hqName = locations[0].name;
  vans.a = (await call('post', '/api/resources', { name: 'Van A', kind: 'vehicle', type: 'Van', capacity: 9 })).id;
  vans.b = (await call('post', '/api/resources', { name: 'Van B', kind: 'vehicle', type: 'Van', capacity: 9 })).id;
  const init = await call('get', '/api/app/init');
  zone = init.account.settings.timeZone;
  today = dateIn(init.app.now);
  expect(init.account.status).toBe('active');
});

test('a planner creates a client and a weekly project with vans over the clock change, and staffs today', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', OWNER, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en/clients');
  await expect(page.getByTestId('clients-page')).toBeVisible();
  // The owner's first tour is not what this flow is about.
  const skipTour = page.getByRole('button', { name: text('en', 'access.tour.skip') });
  if (await skipTour.isVisible()) await skipTour.click();

  // The client, invoiced monthly.
  await page.getByTestId('client-new').click();
  await expect(page.getByTestId('client-dialog')).toBeVisible();
  await page.getByTestId('client-name').fill('Harbour Fair');
  await page.getByTestId('client-number').fill('HF-1');
  await page.getByTestId('client-invoice-email').fill('billing@harbour-fair.example');
  await choose(page, 'client-interval', text('en', 'clients.intervals.monthly'));
  await page.getByTestId('client-form-save').click();
  await expect(page.getByTestId('client-page')).toBeVisible();
  clientId = page.url().split('/').pop() ?? '';

  // The project: from today, on today's weekday and on Sundays, up to the week after the clock change; two
  // overlapping shifts of three people, each with its van and drivers and passengers; its own price per hour and
  // a travel allowance.
  const change = nextChange(addDays(today, 1));
  const dayName = (date: string, weekday: 'short' | 'long') =>
    new Intl.DateTimeFormat('en-GB', { weekday, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  await page.getByTestId('client-project-new').click();
  const dialog = page.getByTestId('project-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('project-name').fill('Fair crew');
  await page.getByTestId('project-code').fill('FC-1');
  await choose(page, 'project-location', hqName);
  await fillSurely(page.getByTestId('project-line-from'), '07:15');
  await fillSurely(page.getByTestId('project-line-until'), '13:15');
  await fillSurely(page.getByTestId('project-line-people'), '3');
  await choose(page, 'project-line-vehicle', 'Van A');
  await page.getByTestId('project-line-add').click();
  await fillSurely(page.getByTestId('project-line-from').nth(1), '13:00');
  await fillSurely(page.getByTestId('project-line-until').nth(1), '19:45');
  await fillSurely(page.getByTestId('project-line-people').nth(1), '3');
  await choose(page, 'project-line-vehicle', 'Van B', 1);
  const weekdays = page.getByTestId('project-weekdays');
  for (const day of [today, change]) {
    const chip = weekdays.getByRole('checkbox', { name: dayName(day, 'long') });
    if (!(await chip.isChecked())) await weekdays.getByText(dayName(day, 'short'), { exact: true }).click();
  }
  await page.getByTestId('project-travel-roles').check({ force: true });
  await dialog.getByLabel(text('en', 'projects.overrideRate')).fill('38,50');
  await dialog.getByLabel(text('en', 'projects.travelAllowance')).fill('12,00');
  await dialog.getByText(text('en', 'projects.types.temporary'), { exact: true }).click();
  await typeDateSurely(page.getByTestId('project-start'), typed(today));
  await typeDateSurely(page.getByTestId('project-end'), typed(addDays(change, 7)));
  await expect(page.getByTestId('project-start')).toHaveValue(typed(today));
  await expectAccessible(page, 'the project dialog with vans');
  await shot(page, 'client-month-project-dialog-1366');
  await page.getByTestId('project-form-save').click();
  await expect(page.getByTestId('project-page')).toBeVisible({ timeout: 60_000 });

  // The open duties of the change's Sunday sit at the same local times as today's.
  await page.goto(`/en/roster/${hq}/${change}?period=week`);
  await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
  const changeDay = page.getByTestId(`cell-open-${change}`);
  await expect(changeDay.locator('.roster-item').filter({ hasText: '07:15' })).toHaveCount(3);
  await expect(changeDay.locator('.roster-item').filter({ hasText: '19:45' })).toHaveCount(3);

  // Today: six open duties, each carrying its shift's van.
  const duties = await itemsOn(today);
  expect(duties).toHaveLength(6);
  const early = duties.filter((d) => d.times?.from === '07:15');
  const late = duties.filter((d) => d.times?.from === '13:00');
  expect(early.every((d) => d.resource === vans.a)).toBe(true);
  expect(late.every((d) => d.resource === vans.b)).toBe(true);
  const { members } = await call('get', '/api/members');
  const people = PEOPLE.map((p) => members.find((m: { email: string }) => m.email === p.email).id as string);

  // The first one staffed on the roster, the rest through the roster's call.
  await page.goto(`/en/roster/${hq}/${today}?period=week`);
  await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`roster-item-${early[0].id}`).click();
  await expect(page.getByTestId('item-toolbox')).toBeVisible();
  await page.getByTestId('toolbox-tab-user').click();
  await page.getByTestId(`candidate-${people[0]}`).click();
  await page.keyboard.press('Escape');
  // The duty has moved into Ada's row.
  await expect(page.getByTestId(`roster-row-${people[0]}`).getByTestId(`roster-item-${early[0].id}`)).toBeVisible();
  const rest = [...early.slice(1), ...late];
  for (const [k, duty] of rest.entries()) await call('put', `/api/items/${duty.id}/user`, { user: people[k + 1] });

  // Van A on a late duty too: the late duty and the early ride now hold it at once, and both say so.
  await page.reload();
  await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`roster-item-${late[0].id}`).click();
  await page.getByTestId('toolbox-tab-user').click();
  await page.getByTestId(`resource-choice-${vans.a}`).click();
  await expect(page.getByTestId('resource-warning')).toHaveText(text('en', 'roster.conflicts.RESOURCE'));
  await page.keyboard.press('Escape');
  for (const id of [late[0].id, early[0].id])
    await expect(page.getByTestId(`roster-item-${id}`).getByTestId('resource-double-booked')).toBeVisible();
  await shot(page, 'client-month-van-twice-1366');
  await expectAccessible(page, 'the roster with a double-booked van');
  // Van A taken off it again (chosen twice): the early ride holds its van alone.
  await page.getByTestId(`roster-item-${late[0].id}`).click();
  await page.getByTestId('toolbox-tab-user').click();
  await page.getByTestId(`resource-choice-${vans.a}`).click();
  await expect(page.getByTestId(`resource-choice-${vans.a}`)).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  for (const id of [late[0].id, early[0].id])
    await expect(page.getByTestId(`roster-item-${id}`).getByTestId('resource-double-booked')).toHaveCount(0);
  expect((await itemsOn(today)).filter((d) => d.user)).toHaveLength(6);
});

test("when the month has ended the hours are confirmed, and the client's invoice is drafted, edited and issued", async ({
  page,
}) => {
  test.setTimeout(420_000);
  // To the first day of the next month: the month of today's work has ended.
  const [y, m] = today.split('-').map(Number);
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  // Whole days of 24 hours: across the autumn clock change a time just after midnight lands on the evening before.
  let moved = await passDays(page.request, daysBetween(today, nextMonth));
  if (dateIn(moved.toISOString()) < nextMonth) moved = await passDays(page.request, 1);
  expect(dateIn(moved.toISOString())).toBe(nextMonth);
  await ownerSignsIn();

  // The six duties' hours, confirmed as planned on the timesheet.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'en', OWNER, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(localizedPath('timesheet', 'en', { page: 'confirm' }));
  await expect(page.getByTestId('timesheet-page')).toBeVisible();
  const lines = page.getByTestId('hours-line');
  await expect(lines).toHaveCount(6);
  await page.getByTestId('hours-bulk').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: text('en', 'hours.bulk.confirm').replace('{{count}}', '6') }).click();
  await expect(page.getByTestId('hours-empty')).toBeVisible();
  await expectAccessible(page, 'the timesheet with everything confirmed');

  // The daily job drafts the month: the project's hours at its price, and its travel allowance once a shift.
  await runJob(page.request, 'invoicing.draft');
  const { invoices } = await call('get', `/api/client-invoices?client=${clientId}`);
  expect(invoices).toHaveLength(1);
  const draft = await call('get', `/api/client-invoices/${invoices[0].id}`);
  expect(draft.status).toBe('draft');
  const hours = draft.lines.filter((l: { kind: string }) => l.kind === 'hours');
  // Three times 6:00 and three times 6:45, each less its 30 minutes' break.
  expect(hours.reduce((s: number, l: { quantity: number }) => s + l.quantity, 0)).toBe(35.25);
  expect(hours.every((l: { unitCents: number }) => l.unitCents === 3850)).toBe(true);
  expect(draft.lines.find((l: { kind: string }) => l.kind === 'travel')).toMatchObject({
    quantity: 6,
    unitCents: 1200,
  });

  // Edited (a line added) and issued on its page.
  await page.goto(`${localizedPath('clientInvoices', 'en')}?client=${clientId}`);
  const row = page.getByTestId('client-invoice-row').filter({ hasText: 'Harbour Fair' });
  await expect(row.getByTestId('invoice-status')).toHaveText(text('en', 'invoicing.status.draft'));
  await row.getByRole('link', { name: 'Harbour Fair' }).click();
  await expect(page.getByTestId('invoice-line')).toHaveCount(draft.lines.length);
  await page.getByTestId('invoice-line-add').click();
  const added = draft.lines.length;
  await page.getByTestId('invoice-line-description').nth(added).fill('Stand cleaning');
  await page.getByTestId('invoice-line-price').nth(added).fill('80.00');
  await page.getByTestId('invoice-save').click();
  await expect(page.getByTestId('invoice-save')).toBeDisabled();
  await page.getByTestId('invoice-issue').click();
  const confirm = page.getByRole('dialog', { name: text('en', 'invoicing.issueTitle') });
  await confirm.getByRole('button', { name: text('en', 'invoicing.issue') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(text('en', 'invoicing.status.issued'));
  await expectAccessible(page, 'the issued invoice');
  await shot(page, 'client-month-invoice-1366');
  const issued = await call('get', `/api/client-invoices/${draft.id}`);
  expect(issued.netCents).toBe(draft.netCents + 8000);
  expect(issued.number).toMatch(/^\d{4}-0001$/);

  // Its PDF says the number, the client and the total; its e-invoice is valid EN 16931.
  const pdf = await owner.api.get(`/api/client-invoices/${draft.id}/pdf`);
  expect(pdf.ok()).toBe(true);
  const read = await pdfText(Buffer.from(await pdf.body()));
  expect(read.text).toContain(issued.number);
  expect(read.text).toContain('Harbour Fair');
  expect(read.text).toContain(
    new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(issued.totalCents / 100),
  );
  expect(read.attachments).toContain('factur-x.xml');
  const xml = await (await owner.api.get(`/api/client-invoices/${draft.id}/xml`)).text();
  expect(xml).toContain(issued.number);
  expect(xmllint(xml, FACTURX_XSD).output).toContain('validates');
});
