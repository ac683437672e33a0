import { formatWeekdayDate, localizedPath } from '@app/domain';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/** The date in the roster's address: /{lang}/roster/{location}/{date}. */
function dateInUrl(page: Page): string {
  const match = /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url());
  if (!match) throw new Error(`no roster date in ${page.url()}`);
  return match[1];
}

/** Goes forward by whole periods with the next button, waiting for each to load. */
async function periodsAhead(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const shown = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(shown);
    // The new period is on screen (its first day's head or section), not the previous one kept while loading.
    const first = dateInUrl(page);
    await expect(page.locator(`[data-testid="day-${first}"], [data-testid="day-section-${first}"]`)).toBeVisible();
  }
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
}

/**
 * Makes sure Emma can sign in to an open duty: as the planner (through the API), adds an open service duty at
 * noon on the first released day ahead for which the API offers Emma (her other duties, rest and availability
 * allow it). The sample is random enough that its own open duties may all collide with hers.
 */
async function openDutyForEmma(browser: Browser): Promise<{ id: string; date: string }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const request = context.request;
    const login = await request.post('/api/auth/login', { data: { email: 'planner@example.com', password: PASSWORD } });
    expect(login.ok()).toBe(true);
    const csrf = { 'x-csrf-token': (await login.json()).csrfToken as string };
    const { locations } = await (await request.get('/api/locations')).json();
    const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
    const roster = await (await request.get(`/api/items?scope=planning&location=${hq.id}&period=2weeks`)).json();
    const emma = Object.values(roster.users as Record<string, { id: string; name: string }>).find(
      (u) => u.name === 'Emma Employee',
    );
    const service = Object.values(roster.duties as Record<string, { id: string; identifier: string }>).find(
      (d) => d.identifier === 'SV',
    );
    for (const day of roster.days as { date: string; released: boolean; past: boolean }[]) {
      if (!day.released || day.past) continue;
      const created = await request.post('/api/items', {
        headers: csrf,
        data: { location: hq.id, date: day.date, duty: service?.id, times: { start: '12:00', end: '14:00', break: 0 } },
      });
      const id = (await created.json()).item.id as string;
      const { users } = await (await request.get(`/api/items/${id}/users`)).json();
      if (users.includes(emma?.id)) return { id, date: day.date };
      await request.delete(`/api/items/${id}`, { headers: csrf });
    }
    throw new Error('no released day ahead on which Emma can take a duty');
  } finally {
    await context.close();
  }
}

async function openRoster(page: Page, email: string) {
  await signIn(page, 'en', email);
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-roster').click();
  await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?period=week/);
}

/**
 * Confirms the roster's confirm-and-retry questions (docs/product/roster.md) when the rules ask one (availability,
 * rest).
 */
async function confirmIfAsked(page: Page) {
  const dialog = page.getByRole('dialog').filter({ hasText: text('en', 'roster.confirm.title') });
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.getByRole('button', { name: text('en', 'roster.confirm.continue') }).click();
  }
}

test.describe('planner', () => {
  test('opens the roster, creates a duty in an empty cell, sets its times and assigns someone', async ({ page }) => {
    test.setTimeout(120_000);
    await openRoster(page, 'planner@example.com');
    await page.getByTestId('roster-location').click();
    await page.getByRole('option', { name: 'Headquarter' }).click();
    const grid = page.getByTestId('roster-grid');
    await expect(grid).toBeVisible();
    await expect(grid.getByTestId('roster-row-open')).toBeVisible();
    await expect(grid.locator('.roster-row[data-kind="person"]').first()).toBeVisible();
    await expectAccessible(page, 'the planner grid');

    // The legend explains the colours and symbols.
    await page.getByTestId('legend').click();
    await expect(page.getByTestId('legend-panel')).toContainText(text('en', 'roster.icons.signout'));
    await page.keyboard.press('Escape');

    // Two weeks ahead: the sample's third week, not released and wholly in the future.
    const first = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(first);
    const second = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(second);
    const date = dateInUrl(page);
    await expect(grid.getByTestId(`day-${date}`)).toBeVisible();

    // The address carries the view: a reload shows the same week.
    await page.reload();
    await expect(page.getByTestId(`day-${date}`)).toBeVisible();
    // And back goes to the week before.
    await page.goBack();
    await expect.poll(() => dateInUrl(page)).toBe(second);
    await page.goForward();
    await expect.poll(() => dateInUrl(page)).toBe(date);
    // The week's duties are in before they are counted (other flows may have left open duties on this day).
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);

    // Clicking the empty space of the open row's cell adds a duty there.
    const cell = page.getByTestId(`cell-open-${date}`);
    const idsIn = () =>
      cell.locator('.roster-item').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    const before = await idsIn();
    await page.getByTestId(`add-open-${date}`).click();
    await expect(page.getByTestId('add-panel')).toBeVisible();
    await expectAccessible(page, 'the add panel');
    await page.getByTestId('add-duty-SV').click();
    // A new duty is a draft until confirmed: this flow confirms it without times.
    await page.getByTestId('add-without-times').click();
    const toolbox = page.getByTestId('item-toolbox');
    await expect(toolbox).toBeVisible();
    await expect.poll(async () => (await idsIn()).length).toBeGreaterThan(before.length);
    // The new duty is the card whose toolbox is open (duties other flows left on this day may render late).
    const opened = cell.locator('.roster-item[aria-expanded="true"]');
    await expect(opened).toHaveCount(1);
    const itemTestId = (await opened.getAttribute('data-testid')) ?? '';
    expect(before).not.toContain(itemTestId);
    const item = page.getByTestId(itemTestId);
    // An open duty without times opens on the person tab.
    await expect(page.getByTestId('toolbox-tab-user')).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, 'the item toolbox');

    // Times: 10:00, next, 14:00, save.
    await page.getByTestId('toolbox-tab-times').click();
    // The save row lies below the hour grid, never over it (a sticky row once covered an hour button).
    const lastHour = (await page.getByTestId('hour-23').boundingBox())!;
    const saveRow = (await page.locator('.roster-toolbox-actions').boundingBox())!;
    expect(saveRow.y).toBeGreaterThanOrEqual(lastHour.y + lastHour.height);
    await page.getByTestId('hour-10').click();
    await page.getByTestId('times-save').click();
    await page.getByTestId('hour-14').click();
    await page.getByTestId('times-save').click();
    await expect(item).toContainText('10:00–14:00');

    // Then the person tab: the first person the API offers.
    await expect(page.getByTestId('toolbox-user')).toBeVisible();
    const candidate = page.locator('[data-testid^="candidate-"]').first();
    await expect(candidate).toBeVisible();
    const membership = ((await candidate.getAttribute('data-testid')) ?? '').replace('candidate-', '');
    const name = (await candidate.locator('.roster-choice-name').textContent()) ?? '';
    await candidate.click();
    await confirmIfAsked(page);
    await expect(toolbox).toBeHidden();
    await expect(cell.getByTestId(itemTestId)).toHaveCount(0);
    // The duty is in the person's row now (the filter brings the row into view).
    const people = page.getByRole('textbox', { name: text('en', 'roster.filters.people') });
    await people.click();
    await people.fill(name);
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`roster-row-${membership}`).getByTestId(itemTestId)).toContainText('10:00–14:00');
    await expectAccessible(page, 'the filtered grid');

    // Choosing the same person again unassigns: the duty is open again.
    await page.getByTestId(itemTestId).click();
    await expect(toolbox).toBeVisible();
    await page.getByTestId('toolbox-tab-user').click();
    await page.getByTestId(`candidate-${membership}`).click();
    await expect(cell.getByTestId(itemTestId)).toBeVisible();
    await expect(page.getByTestId(`roster-row-${membership}`).getByTestId(itemTestId)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(toolbox).toBeHidden();
    // Focus went back to the item that opened the toolbox.
    await expect(page.getByTestId(itemTestId)).toBeFocused();
  });
});

test.describe('employee on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('sees their duties as a day list, signs in to an open duty, signs out and cancels', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const prepared = await openDutyForEmma(browser);
    await signIn(page, 'en', 'employee@example.com');
    await expectOnOverview(page, 'en');
    await page.goto(localizedPath('roster', 'en'));
    const list = page.getByTestId('roster-day-list');
    await expect(list).toBeVisible();
    await expect(page.getByTestId('roster-grid')).toHaveCount(0);
    // No sideways scrolling of the page at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, "the employee's day list");

    // My duties: only Emma's.
    await page.getByTestId('roster-tabs').getByText(text('en', 'roster.tabs.short.mine')).click();
    await expect(page).toHaveURL(/tab=mine/);
    // Waits for the list to re-filter: no item of someone else is left.
    await expect(list.locator('.roster-item').filter({ hasNotText: 'Emma Employee' })).toHaveCount(0);

    // Open duties: she signs in to the one prepared for her.
    await page.getByTestId('roster-tabs').getByText(text('en', 'roster.tabs.short.open')).click();
    await expect(page).toHaveURL(/tab=open/);
    // It lies in this week or the next.
    const takenId = `roster-item-${prepared.id}`;
    if (!(await page.getByTestId(`day-section-${prepared.date}`).isVisible())) await periodsAhead(page, 1);
    await page.getByTestId(takenId).click();
    const panel = page.getByTestId('employee-panel');
    await expect(panel).toBeVisible();
    await expectAccessible(page, "the employee's bottom sheet");
    await panel.getByTestId('item-sign-in').click();
    await expect(page.getByText(text('en', 'roster.employee.done.signIn'))).toBeVisible();
    await expect(page.getByTestId('employee-panel')).toBeHidden();

    // Now it is hers: it shows under my duties with her name.
    await page.getByTestId('roster-tabs').getByText(text('en', 'roster.tabs.short.mine')).click();
    const own: Locator = page.getByTestId(takenId);
    await expect(own).toContainText('Emma Employee');

    // Signing out asks first (the notice), then flags the duty; the request can be cancelled.
    await own.click();
    await page.getByTestId('item-sign-out').click();
    const notice = page.getByRole('dialog').filter({ hasText: text('en', 'roster.employee.signOutNotice') });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: text('en', 'roster.employee.signOutConfirm') }).click();
    await expect(page.getByText(text('en', 'roster.employee.done.signOut'))).toBeVisible();
    await expect(own.getByRole('img', { name: text('en', 'roster.icons.signout') })).toBeVisible();
    await own.click();
    await expect(page.getByTestId('employee-panel')).toContainText(text('en', 'roster.employee.signOutPending'));
    await page.getByTestId('item-cancel-sign-out').click();
    await expect(page.getByText(text('en', 'roster.employee.done.cancelSignOut'))).toBeVisible();
    await expect(own.getByRole('img', { name: text('en', 'roster.icons.signout') })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('an observer sees the released roster read-only', async ({ page }) => {
  await openRoster(page, 'observer@example.com');
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  // No adding for observers.
  await expect(grid.locator('.roster-add')).toHaveCount(0);
  const item = grid.locator('.roster-item').first();
  await item.click();
  const panel = page.getByTestId('employee-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expectAccessible(page, "the observer's roster");
});

test('a planner writes, changes and removes a day note and comments on the day', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await periodsAhead(page, 1);
  const date = dateInUrl(page);
  const head = page.getByTestId(`day-${date}`);
  await head.click();
  const panel = page.getByTestId(`day-panel-${date}`);
  await expect(panel).toBeVisible();
  await expectAccessible(page, 'the day panel');

  // A note: saved, shown in the day's head, changed, then removed.
  const note = panel.getByTestId('day-note-input');
  await note.fill('Delivery at 9, use the back door');
  await panel.getByTestId('day-note-save').click();
  await expect(head.locator('.roster-day-note')).toHaveText('Delivery at 9, use the back door');
  await expect(head.getByRole('img', { name: text('en', 'roster.day.hasNote') })).toBeVisible();
  await note.fill('Delivery at 10');
  await panel.getByTestId('day-note-save').click();
  await expect(head.locator('.roster-day-note')).toHaveText('Delivery at 10');

  // A comment: counted in the head, then deleted by its author.
  await panel.getByTestId('day-comment-input').fill('Who takes the keys?');
  await panel.getByRole('button', { name: text('en', 'roster.day.send') }).click();
  await expect(panel.getByText('Who takes the keys?')).toBeVisible();
  await expect(
    head.getByRole('img', { name: text('en', 'roster.day.commentCount').replace('{{count}}', '1') }),
  ).toBeVisible();
  await panel.getByRole('button', { name: text('en', 'roster.day.deleteComment') }).click();
  await expect(panel.getByText(text('en', 'roster.day.noComments'))).toBeVisible();

  await panel.getByRole('button', { name: text('en', 'roster.day.removeNote') }).click();
  await expect(head.locator('.roster-day-note')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a planner releases the roster further with the release calendar', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  // The sample released the first two weeks: the week after next is not released yet.
  for (let i = 0; i < 2; i++) {
    const shown = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(shown);
  }
  // The first day of that week not released yet (all of them on a fresh sample).
  const notReleased = page
    .locator('.roster-day-head')
    .filter({ has: page.getByRole('img', { name: text('en', 'roster.notReleased') }) })
    .first();
  await expect(notReleased).toBeVisible();
  const date = ((await notReleased.getAttribute('data-testid')) ?? '').replace('day-', '');
  const head = page.getByTestId(`day-${date}`);

  await page.getByTestId('release-open').click();
  const dialog = page.getByTestId('release-dialog');
  await expect(dialog).toBeVisible();
  const day = dialog.locator(`[data-date="${date}"]`);
  if (!(await day.isVisible())) await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  await expect(day).toBeVisible();
  await expectAccessible(page, 'the release calendar');
  await day.click();
  await expect(page.getByTestId('release-summary')).toContainText(text('en', 'roster.release.mailed'));
  await page.getByTestId('release-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(head.getByRole('img', { name: text('en', 'roster.released') })).toBeVisible();
});

test('a planner drags a duty to another day', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  // The last week of the sample: not released (the release test releases into the third), in the future.
  await periodsAhead(page, 3);
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  const first = dateInUrl(page);
  const days = await grid
    .locator('.roster-day-head')
    .evaluateAll((nodes) => nodes.map((n) => (n.getAttribute('data-testid') ?? '').replace('day-', '')));
  expect(days[0]).toBe(first);
  // Add a duty on the first day's open row, then drag it to the third day.
  const from = page.getByTestId(`cell-open-${days[0]}`);
  const to = page.getByTestId(`cell-open-${days[2]}`);
  await page.getByTestId(`add-open-${days[0]}`).click();
  await page.getByTestId('add-duty-B').click();
  // A new duty is a draft until confirmed: this flow confirms it without times.
  await page.getByTestId('add-without-times').click();
  await expect(page.getByTestId('item-toolbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('item-toolbox')).toBeHidden();
  const source = from.locator('.roster-item').last();
  const id = (await source.getAttribute('data-testid')) ?? '';
  const targetCount = await to.locator('.roster-item').count();

  const box = (await source.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 20, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height - 10, { steps: 8 });
  await expect(to.locator('.roster-drop')).toHaveAttribute('data-over', 'true');
  await page.mouse.up();

  await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(to.locator('.roster-item')).toHaveCount(targetCount + 1);
});

test('a duty on a past day is no drag source: pulling it says why and it stays', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  // The shown week holds days already over (the clock stands at its Sunday night), with the sample's duties on them.
  const card = page.locator('.roster-cell[data-past] .roster-item[data-undraggable]').first();
  await expect(card).toBeVisible();
  const reason = text('en', 'roster.noDrag.past');
  await expect(card).toHaveAttribute('title', reason);
  const id = (await card.getAttribute('data-testid')) ?? '';
  const cell = page.locator('.roster-cell', { has: page.getByTestId(id) });
  // Hovering first scrolls the card into view and makes sure the pointer is on it (not on the sticky day heads).
  await card.hover({ position: { x: 20, y: 8 } });
  const box = (await card.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 40, { steps: 6 });
  await expect(cell.getByTestId('roster-nodrop')).toContainText(reason);
  await page.mouse.up();
  await expect(cell.getByTestId('roster-nodrop')).toHaveCount(0);
  await expect(cell.getByTestId(id)).toBeVisible();
});

test('a planner selects duties and duplicates them in one go', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  // The last week of the sample: not released (the release test releases into the third), in the future.
  await periodsAhead(page, 3);
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  const openRow = grid.getByTestId('roster-row-open');
  const before = await openRow.locator('.roster-item').count();
  const items = grid.locator('.roster-item');
  await expect(items.nth(1)).toBeVisible();
  await items.nth(0).click({ modifiers: ['Shift'] });
  await items.nth(1).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('item-toolbox')).toHaveCount(0);
  await expect(page.getByTestId('bulk-count')).toContainText('2');
  await expectAccessible(page, 'the bulk bar');
  await page.getByTestId('bulk-duplicate').click();
  await expect(page.getByTestId('bulk-bar')).toBeHidden();
  await expect(openRow.locator('.roster-item')).toHaveCount(before + 2);
});

test('a bulk action on duties someone else removed offers a reload that keeps the view', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  await periodsAhead(page, 3);
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  const openRow = grid.getByTestId('roster-row-open');
  const items = openRow.locator('.roster-item');
  await expect(items.nth(1)).toBeVisible();
  const kept = (await items.nth(0).getAttribute('data-testid')) ?? '';
  const gone = (await items.nth(1).getAttribute('data-testid')) ?? '';
  await items.nth(0).click({ modifiers: ['Shift'] });
  await items.nth(1).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('bulk-count')).toContainText('2');

  // Another planner removes one of them meanwhile (through the API).
  const { csrfToken } = await (await page.request.get('/api/app/init')).json();
  const removed = await page.request.delete(`/api/items/${gone.replace('roster-item-', '')}?force=true`, {
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(removed.ok()).toBe(true);
  const url = page.url();
  await page.getByTestId('bulk-duplicate').click();

  // The latency error: the server's words and a reload; nothing was duplicated, the page stays where it was.
  const notice = page.getByTestId('roster-reload-notice');
  await expect(notice).toContainText(text('en', 'roster.latency'));
  await expectAccessible(page, 'the reload notice');
  await page.getByTestId('roster-reload').click();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId(gone)).toHaveCount(0);
  await expect(page.getByTestId(kept)).toBeVisible();
  expect(page.url()).toBe(url);
});

test('the matching wizard proposes people for open duties and applies the accepted ones', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const shown = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(shown);
  }
  await page.getByTestId('matching-open').click();
  const dialog = page.getByTestId('matching-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('matching-run').click();
  await expect(page.getByTestId('matching-proposal')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'the matching proposal');
  const apply = page.getByTestId('matching-apply');
  if (await apply.isEnabled()) {
    await apply.click();
    await expect(page.getByTestId('matching-proposal')).toBeHidden();
  }
});

test('two planners see each other’s changes without reloading', async ({ browser }) => {
  const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [one, two] = await Promise.all([a.newPage(), b.newPage()]);
  await openRoster(one, 'planner@example.com');
  await openRoster(two, 'manager@example.com');
  // Both on the same location and week.
  await two.goto(one.url());
  const date = dateInUrl(one);
  await expect(two.getByTestId(`cell-open-${date}`)).toBeVisible();
  const before = await two.getByTestId(`cell-open-${date}`).locator('.roster-item').count();
  await one.getByTestId(`add-open-${date}`).click();
  await one.getByTestId('add-duty-SV').click();
  // A new duty is a draft until confirmed: this flow confirms it without times.
  await one.getByTestId('add-without-times').click();
  await expect(one.getByTestId('item-toolbox')).toBeVisible();
  await expect(two.getByTestId(`cell-open-${date}`).locator('.roster-item')).toHaveCount(before + 1);
  await Promise.all([a.close(), b.close()]);
});

test('a planner undoes the last edit with Ctrl+Z and sees it in the history', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  await periodsAhead(page, 3);
  const date = dateInUrl(page);
  const cell = page.getByTestId(`cell-open-${date}`);
  const before = await cell.locator('.roster-item').count();
  await page.getByTestId(`add-open-${date}`).click();
  await page.getByTestId('add-duty-K').click();
  // A new duty is a draft until confirmed: this flow confirms it without times.
  await page.getByTestId('add-without-times').click();
  await expect(page.getByTestId('item-toolbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cell.locator('.roster-item')).toHaveCount(before + 1);
  await page.getByTestId('history-open').click();
  await expect(page.getByTestId('history-undo')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell.locator('.roster-item')).toHaveCount(before);
});

test('planning someone who is not available asks first, then plans them (confirm and retry)', async ({ page }) => {
  test.setTimeout(60_000);
  await openRoster(page, 'planner@example.com');
  await page.getByTestId('roster-location').click();
  await page.getByRole('option', { name: 'Headquarter' }).click();
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await periodsAhead(page, 2);
  const location = /\/roster\/([^/]+)\//.exec(page.url())?.[1] ?? '';
  const roster = await (
    await page.request.get(`/api/items?scope=planning&location=${location}&date=${dateInUrl(page)}&period=2weeks`)
  ).json();
  type Item = { user: string | null; date: string };
  // Noon to two does not touch the rest after a late duty the day before nor before an early one the day after.
  const busy = (user: string, date: string) => (roster.items as Item[]).some((i) => i.user === user && i.date === date);
  const open = new Set(
    (roster.days as { date: string; past: boolean; released: boolean }[])
      .filter((d) => !d.past && !d.released)
      .map((d) => d.date),
  );
  const entry = (roster.availability as { user: string; date: string; type: string }[]).find(
    (a) =>
      (a.type === 'unavailable' || a.type === 'vacation') &&
      roster.users[a.user]?.name &&
      open.has(a.date) &&
      !busy(a.user, a.date),
  );
  expect(entry, 'someone unavailable on a free day of the sample week').toBeTruthy();
  const { user, date } = entry as { user: string; date: string };
  const name = roster.users[user].name as string;

  // An open service duty at noon that day (made through the API, as a second planner would).
  const { csrfToken } = await (await page.request.get('/api/app/init')).json();
  const service = Object.values(roster.duties as Record<string, { id: string; identifier: string }>).find(
    (d) => d.identifier === 'SV',
  );
  const created = await page.request.post('/api/items', {
    headers: { 'x-csrf-token': csrfToken },
    data: { location, date, duty: service?.id, times: { start: '12:00', end: '14:00', break: 0 } },
  });
  const itemId = `roster-item-${(await created.json()).item.id}`;
  await page.reload();
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  if (!(await page.getByTestId(`day-${date}`).isVisible())) await periodsAhead(page, 1);
  await expect(page.getByTestId(`cell-open-${date}`).getByTestId(itemId)).toBeVisible();

  // Show that person's row and drag the duty onto it.
  const people = page.getByRole('textbox', { name: text('en', 'roster.filters.people') });
  await people.click();
  await people.fill(name);
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  const source = page.getByTestId(itemId);
  const target = page.getByTestId(`cell-${user}-${date}`);
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();

  // The API answers ERR_UNAVAILABLE_WARN: the planner is asked, naming the person, and the retry plans them.
  const question = page.getByRole('dialog').filter({ hasText: name });
  await expect(question).toBeVisible();
  // It names the day concerned.
  await expect(question).toContainText(formatWeekdayDate(date, 'en'));
  await expectAccessible(page, 'the confirmation');
  await question.getByRole('button', { name: text('en', 'roster.confirm.continue') }).click();
  await expect(target.getByTestId(itemId)).toBeVisible();
});

test('a planner fills a week with open duties', async ({ page }) => {
  test.setTimeout(60_000);
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await periodsAhead(page, 3);
  const days = await page
    .locator('.roster-day-head')
    .evaluateAll((nodes) => nodes.map((n) => (n.getAttribute('data-testid') ?? '').replace('day-', '')));
  const openRow = page.getByTestId('roster-row-open');
  const before = await openRow.locator('.roster-item').count();
  await page.getByTestId('fill-open').click();
  const dialog = page.getByTestId('fill-dialog');
  await page.getByTestId('fill-range').click();
  const first = page.locator(`[data-date="${days[0]}"]`);
  if (!(await first.isVisible())) await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  await first.click();
  const last = page.locator(`[data-date="${days[6]}"]`);
  if (!(await last.isVisible())) await page.getByRole('button', { name: text('en', 'ui.calendar.nextMonth') }).click();
  await last.click();
  await dialog.getByRole('textbox', { name: text('en', 'roster.fill.duty') }).click();
  await page.getByRole('option', { name: 'D · Dishwashing' }).click();
  await expectAccessible(page, 'the fill dialog');
  await page.getByTestId('fill-confirm').click();
  await expect(page.getByText(text('en', 'roster.fill.done').replace('{{count}}', '7'))).toBeVisible();
  await expect(openRow.locator('.roster-item')).toHaveCount(before + 7);
});

test('a planning that is gone shows a notice and another planning, not an error page', async ({ page }) => {
  await openRoster(page, 'planner@example.com');
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  const date = dateInUrl(page);
  // An address of a planning that no longer exists (a bookmark, a tab left open while another planner removed it).
  const gone = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/en/roster/${gone}/${date}?period=week`);
  const notice = page.getByTestId('roster-moved');
  await expect(notice).toContainText(text('en', 'roster.moved.removed'));
  await expect(page).not.toHaveURL(new RegExp(gone));
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  await expect(page.getByTestId('roster-error')).toHaveCount(0);
  await expectAccessible(page, 'the moved notice');
});
