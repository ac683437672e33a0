import { addDays } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { type Api, apiOf, locationId, setModules, shot } from './flow';
import { expect, test } from './pageErrors';
import { signInToOverview, text } from './sample';

/**
 * Resources (docs/product/resources.md): a planner adds a van on the resources page, puts it on two duties of one
 * day whose times overlap, and the roster warns on both cards; taking it off one clears the warning. Dates come from
 * the server's own week, so the flow does not depend on today's date.
 */

test.describe.configure({ mode: 'serial' });

let owner: Api;
let hq: string;
let day: string;
let early: string;
let late: string;

test.beforeAll(async () => {
  owner = await apiOf('owner@example.com');
  await setModules(owner, ['resources'], true);
  hq = await locationId(owner, 'Headquarter');
  const now = await (await owner.api.get(`/api/items?scope=planning&location=${hq}&period=week`)).json();
  // The Wednesday three weeks past the server's week: a day of its own, wholly in the future.
  day = addDays(now.periods.from as string, 23);
  const duty = Object.values(now.duties as Record<string, { id: string; trashed: boolean }>).find((d) => !d.trashed);
  const item = async (start: string, end: string) => {
    const res = await owner.api.post('/api/items', {
      headers: owner.headers,
      data: { location: hq, date: day, duty: duty?.id, times: { start, end, break: 0 } },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).item.id as string;
  };
  early = await item('07:00', '12:00');
  late = await item('11:00', '16:00');
});

test.afterAll(async () => {
  for (const id of [early, late]) await owner.api.delete(`/api/items/${id}?force=true`, { headers: owner.headers });
  await setModules(owner, ['resources'], false);
  await owner.api.dispose();
});

async function putOn(page: Page, item: string, van: string) {
  await page.getByTestId(`roster-item-${item}`).click();
  const toolbox = page.getByTestId('item-toolbox');
  await expect(toolbox).toBeVisible();
  await page.getByTestId('toolbox-tab-user').click();
  await page.getByTestId(`resource-choice-${van}`).click();
  await expect(page.getByTestId(`resource-choice-${van}`)).toHaveAttribute('aria-pressed', 'true');
}

test('a planner adds a van, puts it on two overlapping duties and sees the double booking', async ({ page }) => {
  test.setTimeout(300_000);
  const again = test.info().retry ? ` ${test.info().retry}` : '';
  const name = `Transit${again}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(page, 'planner@example.com');
  await page
    .getByRole('link', { name: text('en', 'resources.title') })
    .first()
    .click();
  await expect(page.getByTestId('resources-page')).toBeVisible();
  await expectAccessible(page, 'the resources page');

  // A new vehicle with its type and seats.
  await page.getByTestId('resource-new').click();
  const dialog = page.getByTestId('resource-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('resource-name').fill(name);
  await page.getByTestId('resource-type').fill('Van');
  await page.getByTestId('resource-capacity').fill('9');
  await expectAccessible(page, 'the new resource dialog');
  await page.getByTestId('resource-form-save').click();
  await expect(page.getByTestId('resource-page')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('resource-capacity')).toHaveValue('9');
  await expectAccessible(page, 'the resource page');
  const van = page.url().split('/').pop() ?? '';

  // On the roster: the van on the early duty, then on the late one that overlaps it.
  await page.goto(`/en/roster/${hq}/${day}?period=week`);
  await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
  await putOn(page, early, van);
  await expect(page.getByTestId('toolbox-tab-user').locator('svg')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`roster-item-${early}`).getByTestId('resource-double-booked')).toHaveCount(0);
  await putOn(page, late, van);
  await expect(page.getByTestId('resource-warning')).toHaveText(text('en', 'roster.conflicts.RESOURCE'));
  await expectAccessible(page, 'the toolbox with a double-booked van');
  await shot(page, 'resource-toolbox-1366');
  await page.keyboard.press('Escape');
  for (const item of [early, late]) {
    await expect(page.getByTestId(`roster-item-${item}`).getByTestId('resource-double-booked')).toBeVisible();
  }
  await expect(
    page.getByTestId(`roster-item-${early}`).getByRole('img', {
      name: text('en', 'roster.icons.resourceDoubleBooked').replace('{{name}}', name),
    }),
  ).toBeVisible();
  await shot(page, 'resource-roster-1366');

  // The van's own row under the people: both duties that day, each marked double-booked, and the row's head says so.
  await page.getByTestId('roster-resource-rows').check({ force: true });
  // The rows below forty people may lie outside the drawn part of the grid: the search brings the van's row up.
  await page.getByTestId('roster-search').fill(name);
  const vanRow = page.getByTestId(`roster-row-resource:${van}`);
  await vanRow.scrollIntoViewIfNeeded();
  await expect(vanRow).toBeVisible();
  for (const item of [early, late]) {
    await expect(vanRow.getByTestId(`resource-use-${item}`)).toHaveAttribute('data-clash', 'true');
  }
  await expect(vanRow.getByTestId(`resource-clashes-${van}`)).toBeVisible();
  await expectAccessible(page, 'the roster with resource rows');
  await shot(page, 'resource-rows-1366');
  await page.getByTestId('roster-search').fill('');

  // Taken off the late duty: neither card warns any more.
  await page.getByTestId(`roster-item-${late}`).click();
  await page.getByTestId('toolbox-tab-user').click();
  await page.getByTestId(`resource-choice-${van}`).click();
  await expect(page.getByTestId(`resource-choice-${van}`)).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`roster-item-${early}`).getByTestId('resource-double-booked')).toHaveCount(0);
  await page.getByTestId('roster-search').fill(name);
  await expect(vanRow.getByTestId(`resource-use-${late}`)).toHaveCount(0);
  await expect(vanRow.getByTestId(`resource-use-${early}`)).not.toHaveAttribute('data-clash', 'true');
  await page.getByTestId('roster-search').fill('');
  await page.getByTestId('roster-resource-rows').uncheck({ force: true });

  // A phone: the list of resources.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/en/resources');
  await expect(page.getByTestId('resource-row').filter({ hasText: name })).toBeVisible();
  await expectAccessible(page, 'the resources page on a phone');
  await shot(page, 'resources-375');
});
