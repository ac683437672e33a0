import { addDays, instantOf } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { type Api, apiOf, fillSurely, locationId, setModules, shot, typeDateSurely } from './flow';
import { expect, test } from './pageErrors';
import { signInToOverview, text } from './sample';

/**
 * Clients and projects (docs/product/clients.md): a planner creates a client invoiced monthly and a weekly project of
 * two shifts of three people each, over the next daylight-saving change of the planning's zone, and finds the open
 * duties on the roster at the same local times on both sides of it. Dates come from the server's own week, so the
 * flow does not depend on today's date.
 */

test.describe.configure({ mode: 'serial' });

const TIME_ZONE = 'Europe/Berlin';

/** The first Sunday from `from` on whose local noon has another UTC offset than the Saturday's: a change day. */
function nextChange(from: string): string {
  const offset = (date: string) => instantOf(date, 12 * 60, TIME_ZONE) - Date.parse(`${date}T12:00:00Z`);
  for (let d = from, i = 0; i < 400; d = addDays(d, 1), i++) if (offset(d) !== offset(addDays(d, -1))) return d;
  throw new Error('no daylight-saving change within a year');
}

/** DD.MM.YYYY, as the date fields read a typed date. */
const typed = (date: string) => date.split('-').reverse().join('.');

let owner: Api;
let hq: string;
/** The Sunday of the change, and the project's first and last day around it. */
let change: string;
let start: string;
let end: string;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  // Clients and projects are modules the sample leaves off: on for this flow (clients first: projects need it).
  await setModules(owner, ['planning', 'clients', 'projects'], true);
  hq = await locationId(owner, 'Headquarter');
  const now = await (await owner.api.get(`/api/items?scope=planning&location=${hq}&period=week`)).json();
  // Two weeks past the server's week: the project starts wholly in the future.
  change = nextChange(addDays(now.periods.from as string, 14));
  start = addDays(change, -6);
  end = addDays(change, 7);
});

test.afterAll(async () => {
  await setModules(owner, ['projects', 'clients'], false);
  await owner.api.dispose();
});

/** The open duties of projects on a day at Headquarter, by the flow's two shifts. */
async function projectDutiesAt(date: string) {
  const load = await (await owner.api.get(`/api/items?scope=planning&location=${hq}&period=day&date=${date}`)).json();
  const open = (
    load.items as {
      date: string;
      user: string | null;
      project: string | null;
      times: { from: string; until: string } | null;
    }[]
  ).filter((i) => i.date === date && i.project && !i.user);
  return {
    early: open.filter((i) => i.times?.from === '07:15').length,
    late: open.filter((i) => i.times?.until === '19:45').length,
  };
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a planner creates a client and a weekly project, and finds its open duties on the roster', async ({ page }) => {
  test.setTimeout(420_000);
  // A retry meets the rows of the first try: names and numbers of its own.
  const again = test.info().retry ? ` ${test.info().retry}` : '';
  const client = `Messe Nord${again}`;
  const project = `Fair stand${again}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  // A retry finds the duties of an earlier try's project (if it was saved) beside its own.
  const before = {
    [addDays(change, -1)]: await projectDutiesAt(addDays(change, -1)),
    [change]: await projectDutiesAt(change),
  };
  await signInToOverview(page, 'planner@example.com');
  await page
    .getByRole('link', { name: text('en', 'clients.title') })
    .first()
    .click();
  await expect(page.getByTestId('clients-page')).toBeVisible();
  await expectAccessible(page, 'the clients page');

  // A new client, invoiced monthly, with a VAT number of its country's form.
  await page.getByTestId('client-new').click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the new client dialog');
  await page.getByTestId('client-name').fill(client);
  await page.getByTestId('client-number').fill(`C-2027${again}`);
  await page.getByTestId('client-invoice-email').fill('billing@messe-nord.example');
  await choose(page, 'client-interval', text('en', 'clients.intervals.weekly'));
  await choose(page, 'client-interval', text('en', 'clients.intervals.monthly'));
  await page.getByTestId('client-vat').fill('DE12345');
  await page.getByTestId('client-form-save').click();
  await expect(dialog.getByText(text('en', 'subscriptionPage.errors.vatFormat'))).toBeVisible();
  await page.getByTestId('client-vat').fill('DE 123 456 789');
  await page.getByTestId('client-form-save').click();
  await expect(page.getByTestId('client-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: client })).toBeVisible();
  await expect(page.getByTestId('client-vat')).toHaveValue('DE123456789');
  await expect(page.getByTestId('client-interval')).toHaveValue(text('en', 'clients.intervals.monthly'));
  await expectAccessible(page, 'the client page');

  // A weekly project for it at Headquarter: Saturdays and Sundays, two shifts of three people, over the change.
  await page.getByTestId('client-project-new').click();
  const projectDialog = page.getByTestId('project-dialog');
  await expect(projectDialog).toBeVisible();
  await expect(page.getByTestId('project-client')).toHaveValue(client);
  await page.getByTestId('project-name').fill(project);
  await page.getByTestId('project-code').fill('FS-27');
  await choose(page, 'project-location', 'Headquarter');
  await projectDialog.getByText(text('en', 'projects.types.temporary'), { exact: true }).click();
  await typeDateSurely(page.getByTestId('project-start'), typed(start));
  await typeDateSurely(page.getByTestId('project-end'), typed(end));
  await fillSurely(page.getByTestId('project-line-from'), '07:15');
  await fillSurely(page.getByTestId('project-line-until'), '13:15');
  await fillSurely(page.getByTestId('project-line-people'), '3');
  await page.getByTestId('project-line-add').click();
  await fillSurely(page.getByTestId('project-line-from').nth(1), '13:15');
  await fillSurely(page.getByTestId('project-line-until').nth(1), '19:45');
  await fillSurely(page.getByTestId('project-line-people').nth(1), '3');
  const weekdays = page.getByTestId('project-weekdays');
  // A new project starts on today's weekday: only Saturday and Sunday are wanted.
  for (const [short, long] of [
    ['Mon', 'Monday'],
    ['Tue', 'Tuesday'],
    ['Wed', 'Wednesday'],
    ['Thu', 'Thursday'],
    ['Fri', 'Friday'],
    ['Sat', 'Saturday'],
    ['Sun', 'Sunday'],
  ]) {
    const on = await weekdays.getByRole('checkbox', { name: long }).isChecked();
    if (on !== (short === 'Sat' || short === 'Sun')) await weekdays.getByText(short, { exact: true }).click();
  }
  await expect(weekdays.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expectAccessible(page, 'the new project dialog');
  await shot(page, 'project-dialog-1366');
  await page.getByTestId('project-form-save').click();

  // Two Saturdays and two Sundays, six duties each.
  await expect(page.getByTestId('project-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('project-open')).toHaveText('24');
  await expectAccessible(page, 'the project page');
  await shot(page, 'project-1366');

  // On the roster: the open duties of the Saturday before the change and of its Sunday, at the same local times.
  await page.goto(`/en/roster/${hq}/${change}?period=week`);
  const grid = page.getByTestId('roster-grid');
  // The roster is the heaviest page: a busy machine may take longer than a field's usual wait to draw it.
  await expect(grid).toBeVisible({ timeout: 30_000 });
  for (const day of [addDays(change, -1), change]) {
    const cell = page.getByTestId(`cell-open-${day}`);
    await expect(cell.locator('.roster-item').filter({ hasText: '07:15' })).toHaveCount(before[day].early + 3);
    await expect(cell.locator('.roster-item').filter({ hasText: '19:45' })).toHaveCount(before[day].late + 3);
  }
  await shot(page, 'roster-1366');

  // A phone: the lists and the project's page.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/en/clients');
  await expect(page.getByTestId('client-row').filter({ hasText: client })).toBeVisible();
  await expectAccessible(page, 'the clients page on a phone');
  await shot(page, 'clients-375');
  await page.goto('/en/projects');
  await page.getByTestId('project-row').filter({ hasText: project }).getByRole('link').click();
  await expect(page.getByTestId('project-open')).toHaveText('24', { timeout: 30_000 });
  await expectAccessible(page, 'the project page on a phone');
  await shot(page, 'project-375');
  await page.goto('/en/projects?new=');
  await expect(page.getByTestId('project-dialog')).toBeVisible();
  await expectAccessible(page, 'the new project dialog on a phone');
  await shot(page, 'project-dialog-375');
});
