import { addDays, todayIn, weekStart } from '@app/domain';
import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './pageErrors';
import { expectOnOverview, PASSWORD, signIn, text } from './sample';

/**
 * "Copy last week" leaves out the public holidays and the account's own days off, and says which (docs/product/
 * roster.md, "Copy last week"). The flow works in Christmas week two years ahead: no other flow plans or counts
 * there, and its items are of a duty of its own.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('copying last week skips the public holidays and the company’s day off, naming them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'owner@example.com', password: PASSWORD } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  const { locations } = await (await api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  const { shifts } = await (await api.get('/api/shifts')).json();
  const early = shifts.find((s: { identifier: string }) => s.identifier === 'E');
  const identifier = `X${(Date.now() % 46656).toString(36).toUpperCase()}`;
  const duty = await (
    await api.post('/api/duties', { headers, data: { identifier, name: `Copy ${identifier}` } })
  ).json();

  // Christmas week two years ahead, and the public holidays the account's calendar has in it.
  const year = Number(todayIn('Europe/Berlin').slice(0, 4)) + 2;
  const into = weekStart(`${year}-12-25`, 'monday');
  const from = addDays(into, -7);
  const week = Array.from({ length: 7 }, (_, i) => addDays(into, i));
  const calendar = await (await api.get(`/api/holidays?year=${year}`)).json();
  const publicDays = new Map<string, string>(
    // Every day the calendar lists (public and bank holidays alike), as the grid and the copy read it.
    (calendar.public as { date: string; name: string }[])
      .filter((h) => week.includes(h.date))
      .map((h) => [h.date, h.name]),
  );
  expect(publicDays.size, 'Christmas holidays in the week').toBeGreaterThan(0);
  // The company's own day off on a working day of that week that is no public holiday.
  const dayOff = week.find(
    (d, i) => i < 5 && !publicDays.has(d) && !calendar.own.some((o: { date: string }) => o.date === d),
  );
  if (!dayOff) throw new Error('no free working day in Christmas week');
  const own = await (
    await api.post('/api/holidays', { headers, data: { date: dayOff, name: `Stocktaking ${identifier}` } })
  ).json();

  // Last week: one open early duty of our own a day.
  const sources: string[] = [];
  for (let d = 0; d < 7; d++) {
    const res = await api.post('/api/items', {
      headers,
      data: { location: hq.id, date: addDays(from, d), duty: duty.id, shift: early.id },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    sources.push((await res.json()).item.id);
  }
  const skipped = new Map([...publicDays, [dayOff, `Stocktaking ${identifier}`]]);
  try {
    await signIn(page, 'en', 'planner@example.com');
    await expectOnOverview(page, 'en');
    await page.goto(`/en/roster/${hq.id}/${into}?period=week`);
    await expect(page.getByTestId('roster-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.roster-stage[data-fetching]')).toHaveCount(0);
    // The day heads name the holidays the copy will leave out.
    for (const [date, name] of skipped) await expect(page.getByTestId(`holiday-${date}`)).toContainText(name);

    await page.getByTestId('copy-week-open').click();
    const dialog = page.getByTestId('copy-week-dialog');
    const creates = dialog.getByTestId('copy-week-creates').locator('li').filter({ hasText: identifier });
    const skips = dialog.getByTestId('copy-week-skips').locator('li').filter({ hasText: identifier });
    await expect(creates).toHaveCount(7 - skipped.size);
    await expect(skips).toHaveCount(skipped.size);
    // Each left-out day says why: "holiday or day off: Christmas Day", "…: Stocktaking X1A".
    for (const name of skipped.values()) {
      await expect(skips.filter({ hasText: `${text('en', 'roster.copyWeek.reason.holiday')}: ${name}` })).toHaveCount(
        1,
      );
    }
    await expectAccessible(page, 'the copy-week preview with holidays');
    await page.screenshot({ path: test.info().outputPath('copy-week-holidays-1366.png') });

    // Copying makes the duties of the other days only.
    await dialog.getByTestId('copy-week-confirm').click();
    await expect(dialog).toBeHidden();
    const ours = async () => {
      const res = await api.get(`/api/items?scope=planning&location=${hq.id}&date=${into}&period=week`);
      return ((await res.json()).items as { id: string; date: string; duty: string }[]).filter(
        (i) => i.duty === duty.id,
      );
    };
    await expect.poll(async () => (await ours()).length).toBe(7 - skipped.size);
    expect((await ours()).filter((i) => skipped.has(i.date))).toEqual([]);

    // On a phone the preview lists the same reasons.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: text('en', 'roster.copyWeek.button') }).click();
    await expect(page.getByTestId('copy-week-dialog')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('copy-week-holidays-375.png') });
    await page.keyboard.press('Escape');
  } finally {
    const res = await api.get(`/api/items?scope=planning&location=${hq.id}&date=${into}&period=week`);
    const copied = ((await res.json()).items as { id: string; duty: string }[]).filter((i) => i.duty === duty.id);
    for (const id of [...sources, ...copied.map((i) => i.id)]) await api.delete(`/api/items/${id}`, { headers });
    await api.delete(`/api/holidays/${own.id}`, { headers });
    await api.delete(`/api/duties/${duty.id}`, { headers });
    await api.dispose();
  }
});
