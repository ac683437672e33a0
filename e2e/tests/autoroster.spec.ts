import { addDays, localizedPath } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn } from './sample';

/** The date in the roster's address: /{lang}/roster/{location}/{date}. */
function dateInUrl(page: Page): string {
  const match = /\/roster\/[^/]+\/(\d{4}-\d{2}-\d{2})/.exec(page.url());
  if (!match) throw new Error(`no roster date in ${page.url()}`);
  return match[1];
}

test.describe('auto-roster', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a planner states the staffing needs, auto-rosters two weeks and applies the proposal', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'en', 'planner@example.com');
    await expectOnOverview(page, 'en');

    // Staffing needs of Headquarter: two people on Mondays and Tuesdays in the first shift, in service.
    await page.goto('/en/settings/locations');
    await page.getByTestId('locations-row').filter({ hasText: 'Headquarter' }).first().click();
    const needs = page.getByTestId('staffing-needs');
    await expect(needs).toBeVisible();
    while ((await needs.getByTestId('staffing-line').count()) > 0) {
      await needs.getByRole('button', { name: 'Remove line' }).first().click();
    }
    for (const weekday of ['Mon', 'Tue']) {
      await needs.getByTestId('staffing-add').click();
      const line = needs.getByTestId('staffing-line').last();
      await line.getByRole('textbox', { name: 'Weekday' }).click();
      await page.getByRole('option', { name: weekday, exact: true }).click();
      await line.getByRole('textbox', { name: 'Function' }).click();
      await page.getByRole('option', { name: 'Service', exact: true }).click();
      await line.getByTestId('staffing-count').fill('2');
    }
    await expectAccessible(page, 'the staffing needs');
    await needs.getByTestId('staffing-save').click();
    await expect(needs.getByTestId('staffing-save')).toBeDisabled();
    await expect(needs.getByTestId('staffing-line')).toHaveCount(2);

    // The roster of Headquarter, eight weeks ahead: past the sample's planned weeks and the weeks other flows count.
    await page.goto(localizedPath('roster', 'en'));
    await expect(page).toHaveURL(/\/en\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('roster-location').click();
    await page.getByRole('option', { name: 'Headquarter' }).click();
    await expect(page.getByTestId('roster-location')).toHaveValue('Headquarter');
    await expect.poll(() => page.url()).toMatch(/\/roster\/[0-9a-f-]+\/\d{4}-\d{2}-\d{2}/);
    const week = page
      .url()
      .replace(/\/(\d{4}-\d{2}-\d{2})(\?.*)?$/, (_m, date: string) => `/${addDays(date, 56)}?period=week`);
    await page.goto(week);
    await expect.poll(() => dateInUrl(page)).toBe(dateInUrl({ url: () => week } as Page));
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);

    await page.getByTestId('matching-open').click();
    await expect(page.getByTestId('matching-dialog')).toBeVisible();
    await page.getByTestId('matching-tab-auto').click();
    const panel = page.getByTestId('autoroster');
    await expect(panel).toBeVisible();
    await panel.getByRole('textbox', { name: 'Time to search' }).click();
    await page.getByRole('option', { name: '5 s' }).click();
    await expectAccessible(page, 'the auto-roster tab');
    await panel.getByTestId('autoroster-run').click();
    await expect(panel.getByTestId('autoroster-progress')).toBeVisible();
    const proposal = panel.getByTestId('autoroster-proposal');
    await expect(proposal).toBeVisible({ timeout: 90_000 });
    await expect(proposal.getByTestId('autoroster-people')).toBeVisible();
    await expect(proposal.getByTestId('autoroster-assignments').locator('tbody tr').first()).toBeVisible();
    await expectAccessible(page, 'the auto-roster proposal');

    const apply = proposal.getByTestId('autoroster-apply');
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(page.getByText(/\d+ changes made to the roster/).first()).toBeVisible();
    await expect(proposal).toBeHidden();

    // The two weeks rostered hold people now, and no duty of theirs has a conflict: not on the grid, not in the load.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('img', { name: /^Conflicts: / })).toHaveCount(0);
    const location = /\/roster\/([0-9a-f-]+)\//.exec(page.url())?.[1];
    const load = await (
      await page.request.get(`/api/items?scope=planning&location=${location}&period=2weeks&date=${dateInUrl(page)}`)
    ).json();
    const staffed = (load.items as { user: string | null; conflicts: string[] | null }[]).filter((i) => i.user);
    expect(staffed.length).toBeGreaterThan(0);
    expect(staffed.filter((i) => (i.conflicts ?? []).length > 0)).toEqual([]);
  });
});
