import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, signIn } from './sample';

/**
 * The team's screens on a desktop (1366 px) and a phone (375 px): the list, every tab of the employee page, the
 * address book and the settings pages (docs/product/settings.md). Each passes axe and fits the width; the screenshots
 * land in test-results for a look.
 */
test.setTimeout(150_000);

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const TABS = ['profile', 'access', 'plannings', 'salary', 'contracts', 'absence'] as const;

async function shoot(page: Page, what: string) {
  await expectAccessible(page, what);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: test.info().outputPath(`${what.replace(/\s+/g, '-')}.png`), fullPage: true });
}

for (const size of WIDTHS) {
  test(`the team, an employee's tabs, contacts and settings on a ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'en', 'owner@example.com');
    await expectOnOverview(page, 'en');

    await page.goto('/en/employees');
    await expect(page.getByTestId('team-row').first()).toBeVisible();
    await shoot(page, `${size.name} team`);

    await page.getByTestId('team-search').fill('Hannah Weber');
    await page.getByTestId('team-row').filter({ hasText: 'Hannah Weber' }).first().click();
    await expect(page.getByTestId('employee-page')).toBeVisible();
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
      await shoot(page, `${size.name} employee ${tab}`);
    }

    await page.goto('/en/contacts');
    await expect(page.getByTestId('contact').first()).toBeVisible();
    await shoot(page, `${size.name} contacts`);

    for (const section of ['locations', 'costs', 'shifts', 'functions']) {
      await page.goto(`/en/settings/${section}`);
      await expect(page.getByTestId('settings-page')).toHaveAttribute('data-section', section);
      await expect(page.getByTestId('settings-loading')).toHaveCount(0);
      await shoot(page, `${size.name} settings ${section}`);
    }
  });
}
