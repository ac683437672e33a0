import { localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/** The date in the roster's address: /{lang}/roster/{location}/{date}. */
function dateInUrl(page: Page): string {
  const match = /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url());
  if (!match) throw new Error(`no roster date in ${page.url()}`);
  return match[1];
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The planner's roster of Headquarter, three weeks ahead (the sample's last week: in the future, not released). */
async function rosterAhead(page: Page) {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-roster').click();
  await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?period=week/);
  await page.getByTestId('roster-location').click();
  await page.getByRole('option', { name: 'Headquarter' }).click();
  await expect(page.getByTestId('roster-grid')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    const shown = dateInUrl(page);
    await page.getByTestId('roster-next').click();
    await expect.poll(() => dateInUrl(page)).not.toBe(shown);
  }
  const date = dateInUrl(page);
  await expect(page.getByTestId(`day-${date}`)).toBeVisible();
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
  return date;
}

test.describe('editing fast', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('typed times, an abandoned draft, copy from the clicked card with undo, the card menu, and the lacks-duty question', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const date = await rosterAhead(page);
    const cell = page.getByTestId(`cell-open-${date}`);
    const before = await cell.locator('.roster-item').count();

    // A new duty is a draft: Escape leaves nothing behind, on screen or on the server.
    await page.getByTestId(`add-open-${date}`).click();
    await page.getByTestId('add-duty-SV').click();
    await expect(page.getByTestId('add-draft')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('add-panel')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId(`day-${date}`)).toBeVisible();
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    await expect(cell.locator('.roster-item')).toHaveCount(before);

    // Typed times: what cannot be read says why under the field; "22-6" runs overnight.
    await page.getByTestId(`add-open-${date}`).click();
    await page.getByTestId('add-duty-SV').click();
    const typed = page.getByTestId('times-typed');
    await typed.fill('25-6');
    await typed.press('Enter');
    await expect(page.getByText(text('en', 'roster.times.typedError.hour'))).toBeVisible();
    await expect(cell.locator('.roster-item')).toHaveCount(before);
    await expectAccessible(page, 'the draft with typed times');
    await page.screenshot({ path: 'test-results/roster-editing-draft-1366.png' });
    await typed.fill('22-6');
    await typed.press('Enter');
    const toolbox = page.getByTestId('item-toolbox');
    await expect(toolbox).toBeVisible();
    await expect(cell.locator('.roster-item')).toHaveCount(before + 1);
    const card = cell.locator('.roster-item', { hasText: '22:00–06:00' }).first();
    await expect(card).toBeVisible();
    await expectAccessible(page, 'the open toolbox');
    await page.screenshot({ path: 'test-results/roster-editing-toolbox-1366.png' });
    // The toolbox fits the 768 px screen: it ends inside the window.
    const box = (await page.locator('.roster-toolbox').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(768);

    // Copy works on the clicked card: Ctrl+C with its toolbox open says what was copied.
    await page.keyboard.press('ControlOrMeta+c');
    await expect(page.getByText(/^Copied SV/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toolbox).toBeHidden();

    // The card's menu: its actions with their shortcuts; paste here makes a copy, Ctrl+Z takes it back.
    await card.click({ button: 'right' });
    const menu = page.getByTestId('item-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('item-menu-copy')).toContainText('Ctrl+C');
    await expect(menu.getByTestId('item-menu-delete')).toContainText('Del');
    await expectAccessible(page, 'the card menu');
    await page.screenshot({ path: 'test-results/roster-editing-menu-1366.png' });
    await menu.getByTestId('item-menu-paste').click();
    await expect(cell.locator('.roster-item', { hasText: '22:00–06:00' })).toHaveCount(2);
    // The history menu: the paste on top, axe-clean like the card menu (no focus placeholder inside the menu).
    await page.getByTestId('history-open').click();
    const history = page.getByTestId('history-menu');
    await expect(history.getByTestId('history-undo')).toBeVisible();
    await expectAccessible(page, 'the history menu');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell.locator('.roster-item', { hasText: '22:00–06:00' })).toHaveCount(1);

    // Dropping the duty on someone who does not hold it asks first.
    const location = /\/roster\/([^/]+)\//.exec(page.url())?.[1];
    const roster = await (
      await page.request.get(`/api/items?scope=planning&location=${location}&date=${date}&period=week`)
    ).json();
    const sv = Object.values(roster.duties as Record<string, { id: string; identifier: string }>).find(
      (d) => d.identifier === 'SV',
    )?.id;
    const near = new Set([addDays(date, -1), date, addDays(date, 1)]);
    const busy = new Set(
      (roster.items as { user: string | null; date: string }[]).filter((i) => near.has(i.date)).map((i) => i.user),
    );
    const lacking = Object.values(
      roster.users as Record<string, { id: string; name: string | null; duties: string[] }>,
    ).find((u) => u.name && !u.duties.includes(sv ?? '') && !busy.has(u.id));
    // The sample has people free that week who do not hold the service duty.
    expect(lacking?.name, 'someone free without the service duty').toBeTruthy();
    if (!lacking?.name) return;
    const people = page.getByRole('textbox', { name: text('en', 'roster.filters.people') });
    await people.click();
    await people.fill(lacking.name);
    await page.getByRole('option', { name: lacking.name }).click();
    await page.keyboard.press('Escape');
    const to = page.getByTestId(`cell-${lacking.id}-${date}`);
    await expect(to).toBeVisible();
    const source = (await card.boundingBox())!;
    const target = (await to.boundingBox())!;
    await page.mouse.move(source.x + 20, source.y + 8);
    await page.mouse.down();
    await page.mouse.move(source.x + 40, source.y + 20, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    const question = page.getByRole('dialog').filter({ hasText: text('en', 'roster.confirm.title') });
    await expect(question).toBeVisible();
    await expect(question).toContainText(`${lacking.name} does not hold the duty`);
    await expect(page.getByTestId(`roster-row-${lacking.id}`).locator('.roster-item')).toHaveCount(0);
    await question.getByRole('button', { name: text('en', 'roster.confirm.continue') }).click();
    await expect(page.getByTestId(`roster-row-${lacking.id}`).locator('.roster-item')).toHaveCount(1);
  });
});

test.describe('releasing', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the release dialog opens on the shown week and says what goes out', async ({ page }) => {
    test.setTimeout(120_000);
    const date = await rosterAhead(page);
    await page.getByTestId('release-open').click();
    const dialog = page.getByTestId('release-dialog');
    await expect(dialog).toBeVisible();
    // The shown week's last day is chosen: the summary says what releasing up to it sends out.
    await expect(dialog.getByTestId('release-summary')).toContainText(
      new Intl.DateTimeFormat('en', { day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${addDays(date, 6)}T12:00:00Z`),
      ),
    );
    await expect(dialog.getByTestId('release-preview-duties')).toContainText(/Duties: \d+/);
    await expect(dialog.getByTestId('release-preview-open')).toContainText(/Open duties .*: \d+/);
    await expect(dialog.getByTestId('release-preview-changes')).toBeVisible();
    await expect(dialog.getByTestId('release-preview-notified')).toContainText(/People notified: [1-9]/);
    await dialog.getByRole('button', { name: text('en', 'roster.release.preview.showNames') }).click();
    await expect(dialog.getByTestId('release-preview-names')).toContainText('Emma');
    await expectAccessible(page, 'the release dialog');
    await page.screenshot({ path: 'test-results/roster-editing-release-1366.png' });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the new duty’s draft and typed times fit the screen', async ({ page }) => {
    await signIn(page, 'en', 'planner@example.com');
    await expectOnOverview(page, 'en');
    await page.goto(localizedPath('roster', 'en'));
    const list = page.getByTestId('roster-day-list');
    await expect(list).toBeVisible();
    const add = page.locator('[data-testid^="day-add-"]').first();
    await add.click();
    await page.getByTestId('add-tab-duty').click();
    await page.locator('[data-testid^="add-duty-"]').first().click();
    await expect(page.getByTestId('times-typed')).toBeVisible();
    await page.getByTestId('times-typed').fill('9.30-17');
    await page.screenshot({ path: 'test-results/roster-editing-draft-375.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the draft on a phone');
  });
});
