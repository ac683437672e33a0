import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn, text } from './sample';

/**
 * The roster's details (docs/product/roster.md): an item's comments in its toolbox, and a day that takes no dragged
 * duty saying why.
 */

const dateInUrl = (page: Page) => /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url())?.[1] ?? '';

async function openRoster(page: Page) {
  await signIn(page, 'en', 'planner@example.com');
  await expectOnOverview(page, 'en');
  await page.getByTestId('menu-roster').click();
  await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}\?period=week/);
  await expect(page.getByTestId('roster-grid')).toBeVisible();
}

/** Moves by one period (`roster-next` or `roster-prev`) and waits for it to load. */
async function period(page: Page, button: 'roster-next' | 'roster-prev') {
  const shown = dateInUrl(page);
  await page.getByTestId(button).click();
  await expect.poll(() => dateInUrl(page)).not.toBe(shown);
  await expect(page.getByTestId(`day-${dateInUrl(page)}`)).toBeVisible();
  await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
}

test('a planner comments on a duty in its toolbox and deletes the comment', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openRoster(page);
  // Two weeks ahead: in the future, whatever the sample released.
  await period(page, 'roster-next');
  await period(page, 'roster-next');
  const day = dateInUrl(page);
  await page.getByTestId(`add-open-${day}`).click();
  await page.getByTestId('add-duty-B').click();
  // A new duty is a draft until confirmed: this flow confirms it without times.
  await page.getByTestId('add-without-times').click();
  const toolbox = page.getByTestId('item-toolbox');
  await expect(toolbox).toBeVisible();

  const toggle = toolbox.getByTestId('item-comments-toggle');
  await expect(toggle).toHaveText(text('en', 'roster.itemComments.title').replace('{{count}}', '0'));
  await toggle.click();
  await expect(toolbox.getByText(text('en', 'roster.itemComments.none'))).toBeVisible();
  await toolbox.getByTestId('item-comment-input').fill('Please bring the keys');
  await toolbox.getByTestId('item-comment-send').click();
  const comment = toolbox.getByTestId('item-comment');
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText('Please bring the keys');
  await expect(comment).toContainText('Paula');
  await expect(toggle).toHaveText(text('en', 'roster.itemComments.title').replace('{{count}}', '1'));
  await expect(toolbox.getByTestId('item-comment-input')).toHaveValue('');
  await expectAccessible(page, 'the toolbox with its comments');
  await page.screenshot({ path: 'test-results/roster-details-comments-1366.png' });

  await comment.getByTestId('item-comment-delete').click();
  await expect(comment).toHaveCount(0);
  await expect(toggle).toHaveText(text('en', 'roster.itemComments.title').replace('{{count}}', '0'));
  await toolbox.getByTestId('toolbox-close').click();
  await expect(toolbox).toBeHidden();
  // On a phone the roster is the day list (its toolbox is the same component).
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: 'test-results/roster-details-375.png' });
});

test('a past day says why it takes no dragged duty', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openRoster(page);
  // The week before this one: every day is past.
  await period(page, 'roster-prev');
  const day = dateInUrl(page);
  const reason = text('en', 'roster.noDrop.past');
  const cell = page.getByTestId(`cell-open-${day}`);
  await expect(cell).toHaveAttribute('data-undroppable', 'past');
  await expect(cell).toHaveAttribute('title', reason);

  // Back in this week, dragging a duty of today (a duty on a past day is no drag source itself): the past Monday under
  // the pointer says why, on its cell and on the dragged card, and nothing lands.
  await period(page, 'roster-next');
  const monday = dateInUrl(page);
  const pastCell = page.getByTestId(`cell-open-${monday}`);
  await expect(pastCell).toHaveAttribute('data-undroppable', 'past');
  const source = page.locator('[data-testid="roster-grid"] .roster-cell:not([data-past]) .roster-item').first();
  await expect(source).toBeVisible();
  const id = (await source.getAttribute('data-testid')) ?? '';
  await source.hover({ position: { x: 20, y: 8 } });
  const box = (await source.boundingBox())!;
  const target = (await pastCell.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 20, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await expect(pastCell.getByTestId('roster-nodrop')).toHaveText(reason);
  await expect(page.getByTestId('roster-drag-refusal')).toHaveText(reason);
  await expect(pastCell.locator('.roster-drop[data-refused]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/roster-details-nodrop-1366.png' });
  await page.mouse.up();
  await expect(page.getByTestId('roster-nodrop')).toHaveCount(0);
  await expect(page.getByTestId('roster-drag-refusal')).toHaveCount(0);
  await expect(page.getByTestId(id)).toHaveCount(1);
  await expectAccessible(page, 'past days that say why they take no duty');
});
