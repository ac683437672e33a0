import { expect, test } from './pageErrors';
import { text } from './sample';

for (const status of [503, 504]) {
  test(`init answering ${status} shows the maintenance page with a reload button`, async ({ page }) => {
    await page.route('**/api/app/init', (route) =>
      route.fulfill({ status, json: { code: 'MAINTENANCE', message: 'maintenance' } }),
    );
    await page.goto('/en/overview');
    const screen = page.getByTestId('maintenance-page');
    await expect(screen).toBeVisible();
    await expect(screen).toContainText(text('en', 'errorPages.maintenance.title'));
    await expect(screen.getByTestId('reload')).toHaveText(text('en', 'common.reload'));
  });
}
