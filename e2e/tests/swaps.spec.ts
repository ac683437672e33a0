import { addDays, localizedPath, weekStart } from '@app/domain';
import type { Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { type Api, apiOf, shot } from './flow';
import { expect, test } from './pageErrors';
import { signInToOverview, text } from './sample';

test.describe.configure({ mode: 'serial' });

interface Stage {
  location: string;
  emma: string;
  sam: string;
  /** Emma's duty she gives away (nothing breaks), and the one whose taking breaks Sam's rest. */
  gift: { id: string; date: string };
  restless: { id: string; date: string };
}

/**
 * Two days inside the sample's released weeks, cleared of Emma's and Sam's duties the day before, on and after, with
 * Emma on the service early both days and Sam on a late service the evening before the second.
 */
async function stage(planner: Api): Promise<Stage> {
  const { api, headers } = planner;
  const { locations } = await (await api.get('/api/locations')).json();
  const hq = locations.find((l: { name: string }) => l.name === 'Headquarter');
  const week = await (await api.get(`/api/items?scope=planning&location=${hq.id}&period=week`)).json();
  const releasedUntil = week.locations[hq.id].releasedUntil as string;
  const dates = { gift: addDays(releasedUntil, -5), restless: addDays(releasedUntil, -2) };
  const roster = await (
    await api.get(`/api/items?scope=planning&location=${hq.id}&date=${addDays(dates.gift, -1)}&period=week`)
  ).json();
  const users = Object.values(roster.users as Record<string, { id: string; name: string }>);
  const emma = users.find((u) => u.name === 'Emma Employee')!.id;
  const sam = users.find((u) => u.name === 'Sam Supervisor')!.id;
  const service = Object.values(roster.duties as Record<string, { id: string; identifier: string }>).find(
    (d) => d.identifier === 'SV',
  )!.id;
  // Emma's duties around the two days go, and Sam's whole week (at every planning: the rules look at all of them):
  // Sam's mini-job allows 10 hours a week, which the gift, his late duty and the early one below just fill.
  const from = weekStart(dates.gift, 'monday');
  const around = new Set([-1, 0, 1].flatMap((d) => [addDays(dates.gift, d), addDays(dates.restless, d)]));
  const samWeek = new Set(Array.from({ length: 9 }, (_, d) => addDays(from, d - 1)));
  for (const l of locations as { id: string }[]) {
    for (const start of [addDays(from, -7), from]) {
      const items = (
        await (await api.get(`/api/items?scope=planning&location=${l.id}&date=${start}&period=2weeks`)).json()
      ).items as { id: string; user: string | null; date: string }[];
      const gone = items.filter(
        (i) => (i.user === emma && around.has(i.date)) || (i.user === sam && samWeek.has(i.date)),
      );
      for (const item of gone) {
        const res = await api.delete(`/api/items/${item.id}?force=true`, { headers });
        expect([200, 404]).toContain(res.status());
      }
    }
  }
  // Both are available on those days (the sample's availability may say otherwise).
  for (const membership of [emma, sam]) {
    const res = await api.put('/api/availability', {
      headers,
      data: { membership, dates: [...around].filter((d) => d >= addDays(from, -1)), type: 'available' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const create = async (date: string, start: string, end: string, user: string) => {
    const res = await api.post('/api/items', {
      headers,
      data: { location: hq.id, date, duty: service, times: { start, end, break: 0 }, user },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).item.id as string;
  };
  const gift = await create(dates.gift, '08:00', '11:00', emma);
  const restless = await create(dates.restless, '06:00', '09:00', emma);
  // Sam works until 23:00 the evening before: taking the 06:00 duty leaves him 7 hours of rest.
  await create(addDays(dates.restless, -1), '19:00', '23:00', sam);
  return {
    location: hq.id,
    emma,
    sam,
    gift: { id: gift, date: dates.gift },
    restless: { id: restless, date: dates.restless },
  };
}

/** Emma, on her phone, offers one of her duties from "my duties". */
async function offerAsEmma(browser: Browser, s: Stage, item: { id: string; date: string }, name: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToOverview(page, 'employee@example.com');
  await page.goto(`${localizedPath('rosterLocation', 'en', { location: s.location, date: item.date })}?tab=mine`);
  const card = page.getByTestId(`roster-item-${item.id}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.click();
  await expect(page.getByTestId('employee-panel')).toBeVisible();
  await page.getByTestId('item-offer').click();
  const dialog = page.getByRole('dialog', { name: text('en', 'swaps.offerTitle') });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `${name}: offering a duty, its question open`);
  await dialog.getByTestId('confirm-yes').click();
  await expect(page.getByText(text('en', 'swaps.done.offer'))).toBeVisible();
  // The duty's panel now says it is offered; closed, the roster lists the offer.
  await expect(page.getByTestId('item-swap-waiting')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('employee-panel')).toHaveCount(0);
  await expect(page.getByTestId('swap-mine').first()).toBeVisible();
  await shot(page, `${name}-offered-375`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  return { page, context };
}

/**
 * Sam, on his phone, takes the offer in two taps: "Take it", then the confirmation; on the roster, or straight from
 * his overview, where the offers made to him are listed too.
 */
async function takeAsSam(browser: Browser, s: Stage, date: string, name: string, from: 'roster' | 'overview') {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToOverview(page, 'supervisor@example.com');
  if (from === 'roster')
    await page.goto(`${localizedPath('rosterLocation', 'en', { location: s.location, date })}?tab=mine`);
  const list = page.getByTestId(from === 'roster' ? 'swaps-card' : 'today-offers');
  const offer = list.getByTestId('swap-offer').filter({ hasText: 'Emma Employee' }).first();
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, `${name}: offers on the ${from}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, `${name}-offers-375`);
  await offer.getByTestId('swap-accept').click();
  const confirm = page.getByRole('dialog', { name: text('en', 'swaps.take') });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, `${name}: taking an offer, its question open`);
  await confirm.getByTestId('confirm-yes').click();
  return { page, context };
}

test('offered at 375 px and taken at once; a swap against the rest period waits and the planner denies it', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const planner = await apiOf('planner@example.com');
  const s = await stage(planner);

  // 1. Nothing breaks: approved at once, both rosters show it.
  const emma = await offerAsEmma(browser, s, s.gift, 'gift');
  const sam = await takeAsSam(browser, s, s.gift.date, 'gift', 'roster');
  await expect(sam.page.getByText(text('en', 'swaps.done.accept_approved'))).toBeVisible();
  await expect(sam.page.getByTestId(`roster-item-${s.gift.id}`)).toHaveAttribute('data-mine', /.*/);
  await shot(sam.page, 'gift-taken-375');
  // Emma's roster follows live: the duty is no longer hers, her offer says approved.
  await expect(emma.page.locator(`[data-testid="roster-item-${s.gift.id}"][data-mine]`)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(emma.page.getByTestId('swap-mine').first().getByTestId('swap-status')).toHaveText(
    text('en', 'swaps.status.approved'),
  );
  await shot(emma.page, 'gift-given-375');
  await emma.context.close();
  await sam.context.close();

  // 2. Taking the early duty after his late one breaks Sam's rest: it waits for the planner. Sam takes it from his
  //    overview this time, where he is told before taking that a planner decides.
  const emma2 = await offerAsEmma(browser, s, s.restless, 'rest');
  const sam2 = await takeAsSam(browser, s, s.restless.date, 'rest', 'overview');
  await expect(sam2.page.getByText(text('en', 'swaps.done.accept_pending'))).toBeVisible();
  // Taken, it waits for the planner and leaves the offers made to him.
  await expect(sam2.page.getByTestId('today-offers')).toHaveCount(0);
  await sam2.context.close();

  // 3. The planner, on a desktop, finds it in the inbox and denies it with a message.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToOverview(page, 'planner@example.com');
  await page.goto(localizedPath('inbox', 'en'));
  const entry = page.getByTestId('inbox-entry-swap').filter({ hasText: 'Sam Supervisor' }).first();
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry.getByTestId('inbox-details')).toContainText(text('en', 'swaps.breaks.ERR_OVERLAP_REST'));
  await expectAccessible(page, 'the inbox with a swap');
  await shot(page, 'inbox-swap-1366');
  await entry.getByTestId('inbox-deny').click();
  const reason = page.getByTestId('inbox-reason');
  await expect(reason).toBeVisible();
  await reason.fill('Sam needs his rest; Mia takes it.');
  await expectAccessible(page, 'denying a swap, its dialog open');
  await page.getByTestId('inbox-deny-confirm').click();
  await expect(page.getByText(text('en', 'inbox.denied'))).toBeVisible();
  await expect(page.getByTestId('inbox-entry-swap').filter({ hasText: 'Sam Supervisor' })).toHaveCount(0);

  // Emma reads the answer and keeps the duty.
  const mine = emma2.page.getByTestId('swap-mine').filter({ hasText: text('en', 'swaps.status.denied') });
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByTestId('swap-message')).toContainText('Sam needs his rest');
  await expect(emma2.page.getByTestId(`roster-item-${s.restless.id}`)).toHaveAttribute('data-mine', /.*/);
  await shot(emma2.page, 'rest-denied-375');
  await emma2.context.close();
  await planner.api.dispose();
});
