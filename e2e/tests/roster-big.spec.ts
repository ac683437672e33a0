import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@app/contracts';
import { addDays, localizedPath, todayIn, weekStart } from '@app/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { signIn } from './sample';

/**
 * A big planning stays workable (docs/product/roster.md, "A big planning"): the Event Hall of the large sample, 200
 * people and a month of about 6,000 items. The flows' own servers carry the ordinary sample, so this file starts a
 * server of its own with SAMPLE_DATA=large on E2E_BIG_PORT (else E2E_PORT + 57, clear of the checkouts that run
 * side by side on ports a few apart) and a fresh database (the built server, as theirs).
 */
const port = Number(process.env.E2E_BIG_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 57);
const base = `http://localhost:${port}`;
const dataDir = join(tmpdir(), `rosterly-e2e-big-${port}`);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let server: ChildProcess | null = null;

test.use({ baseURL: base, viewport: { width: 1366, height: 768 } });
// A month of 200 people on a machine shared with other runs: more time than the flows' 60 s.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken: set E2E_BIG_PORT`);
  server = spawn('npm', ['run', 'start', '--workspace', '@app/server'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SAMPLE_DATA: 'large',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
    },
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 220_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The Event Hall's id, read as the signed-in planner. */
async function eventHall(page: Page): Promise<string> {
  const { locations } = (await (await page.request.get('/api/locations')).json()) as {
    locations: { id: string; name: string }[];
  };
  const hall = locations.find((l) => l.name === 'Event Hall');
  if (!hall) throw new Error('no Event Hall in the large sample');
  return hall.id;
}

const month = () => `${todayIn('Europe/Berlin').slice(0, 8)}01`;

async function openMonth(page: Page, hall: string, locale: Locale = 'en') {
  await page.goto(`${localizedPath('rosterLocation', locale, { location: hall, date: month() })}?period=month`);
  await expect(page.locator('[data-testid="roster-grid"] .roster-item').first()).toBeVisible({ timeout: 30_000 });
}

const heightOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((node) => node.getBoundingClientRect().height);

async function planner(page: Page) {
  await signIn(page, 'en', 'planner@example.com');
  await expect(page.getByTestId('overview-page')).toBeVisible({ timeout: 30_000 });
  return eventHall(page);
}

test('the open duties collapse to a count a day, remembered for the planning', async ({ page }) => {
  const hall = await planner(page);
  await openMonth(page, hall);
  const open = page.getByTestId('roster-row-open');
  await expect.poll(() => heightOf(page, 'roster-row-open')).toBeGreaterThan(600);
  await page.getByTestId('roster-open-toggle').click();
  await expect(open).toHaveAttribute('data-collapsed');
  expect(await heightOf(page, 'roster-row-open')).toBeLessThan(100);
  const first = page.locator('[data-testid^="open-sum-"] button').first();
  await expect(first).toHaveText(/^\d+ open$/);
  // Remembered in this browser for the planning.
  await page.reload();
  await expect(page.getByTestId('roster-row-open')).toHaveAttribute('data-collapsed', { timeout: 30_000 });
  await expectAccessible(page, 'the big month, open duties collapsed');
  await page.screenshot({ path: test.info().outputPath('big-month-collapsed-1366.png') });
  // A day's count shows the row again.
  await page.locator('[data-testid^="open-sum-"] button').first().click();
  await expect(page.getByTestId('roster-row-open')).not.toHaveAttribute('data-collapsed');
  await expect(page.getByTestId('roster-open-toggle')).toHaveAttribute('aria-expanded', 'true');
});

test('zoom, grouping by duty, search, and the day heads stay in view', async ({ page }) => {
  const hall = await planner(page);
  await openMonth(page, hall);
  // The open duties collapsed (a thousand cards otherwise: the axe check of the page takes minutes).
  await page.getByTestId('roster-open-toggle').click();
  await expect(page.getByTestId('roster-row-open')).toHaveAttribute('data-collapsed');
  const grid = page.getByTestId('roster-grid');
  const dayWidth = () =>
    page
      .locator('.roster-col-head')
      .first()
      .evaluate((n) => n.getBoundingClientRect().width);
  const normal = await dayWidth();
  await page.locator('[data-testid="roster-zoom"] label', { hasText: 'Compact' }).click();
  await expect.poll(dayWidth).toBeLessThan(normal * 0.7);
  // Days in view: a month's most on a laptop's screen.
  const daysInView = await grid.evaluate((g) => {
    const box = g.getBoundingClientRect();
    return Array.from(g.querySelectorAll('.roster-col-head')).filter(
      (h) => h.getBoundingClientRect().right <= box.right,
    ).length;
  });
  expect(daysInView).toBeGreaterThanOrEqual(14);
  // The zoom is a radio group: arrows move it.
  await page.getByRole('radio', { name: 'Compact' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Normal' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Compact' })).toBeChecked();

  // Grouped by main duty: a head per duty, one closes.
  await page.getByTestId('roster-grouping').click();
  await page.getByRole('option', { name: 'By duty' }).click();
  const heads = page.locator('[data-testid^="roster-group-"]');
  await expect(heads.first()).toBeVisible();
  const firstHead = heads.first();
  const toggle = firstHead.getByRole('button');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Line 0 is the open duties, 1 the first group's head, 2 its first person, or the next head once it is closed.
  await expect(page.locator('.roster-row[data-index="2"]')).toHaveAttribute('data-kind', 'person');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.roster-row[data-index="2"]')).toHaveAttribute('data-kind', 'group');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: test.info().outputPath('big-month-compact-grouped-1366.png') });

  // The search keeps the people whose name matches.
  const name = await page.locator('.roster-row[data-kind="person"] .roster-row-head p').nth(2).innerText();
  await page.getByTestId('roster-search').fill(name);
  await expect(page.locator('.roster-row[data-kind="person"]')).toHaveCount(1);
  await expect(page.locator('.roster-row[data-kind="person"] .roster-row-head p').first()).toHaveText(name);
  await expect(page.getByTestId('roster-shown')).toContainText('1 of 200');
  await page.getByTestId('roster-search').fill('');
  await expect.poll(() => page.locator('.roster-row[data-kind="person"]').count()).toBeGreaterThan(3);

  // Scrolled far down, the day heads are still at the grid's top.
  await grid.evaluate((g) => {
    g.scrollTop = g.scrollHeight / 2;
  });
  await expect.poll(() => grid.evaluate((g) => g.scrollTop)).toBeGreaterThan(1000);
  const head = page.locator('.roster-head');
  await expect(head).toBeInViewport();
  const offset = await grid.evaluate((g) => {
    const h = g.querySelector('.roster-head');
    return h ? Math.abs(h.getBoundingClientRect().top - g.getBoundingClientRect().top) : 999;
  });
  expect(offset).toBeLessThan(2);
  await expect(page.getByTestId(`day-${month()}`)).toBeVisible();
  await expectAccessible(page, 'the big month, compact and grouped');
});

test('Month → Week returns to the week that was shown', async ({ page }) => {
  const hall = await planner(page);
  const week = weekStart(addDays(month(), 15), 'monday');
  await page.goto(`${localizedPath('rosterLocation', 'en', { location: hall, date: week })}?period=week`);
  await expect(page.getByTestId(`day-${week}`)).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('roster-period').click();
  await page.getByRole('option', { name: 'Month', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${month()}\\?`));
  await expect(page.getByTestId(`day-${month()}`)).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('roster-period').click();
  await page.getByRole('option', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${week}\\?`));
  await expect(page.getByTestId(`day-${week}`)).toBeVisible();
});

test('Polish labels fit; the phone layout', async ({ page }) => {
  const hall = await planner(page);
  await page.goto(`${localizedPath('rosterLocation', 'pl', { location: hall, date: month() })}?period=month`);
  await expect(page.getByTestId('roster-grid-filters')).toBeVisible({ timeout: 30_000 });
  // No label of the filters is cut off.
  const clipped = await page.getByTestId('roster-grid-filters').evaluate((bar) =>
    Array.from(bar.querySelectorAll<HTMLElement>('input, label, p'))
      .filter((n) => n.scrollWidth > n.clientWidth + 1 && n.tagName !== 'INPUT')
      .map((n) => n.textContent),
  );
  expect(clipped).toEqual([]);
  const inputs = await page.getByTestId('roster-grid-filters').evaluate((bar) =>
    Array.from(bar.querySelectorAll<HTMLInputElement>('input[type="text"], input:not([type])'))
      .filter((i) => i.value && i.scrollWidth > i.clientWidth + 1)
      .map((i) => i.value),
  );
  expect(inputs).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('big-month-pl-1366.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('roster-page')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('big-month-375.png') });
});
