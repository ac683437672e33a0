/// <reference lib="dom" />
/**
 * The roster in the browser on a big planning: Chromium (Debian's, /usr/bin/chromium, driven by playwright-core)
 * against the server with `SAMPLE_DATA=large`, signed in as planner@example.com, on the Event Hall's month (200
 * people, about 6,000 items) at 1366 × 768. Prints each figure beside its budget; never fails on them.
 *
 * - first grid render: from the navigation's start to the first frame painted with the grid's items, in a fresh
 *   browser context (cold cache) — budget 1.5 s;
 * - toolbox open: from the click on an item to the frame painted with its toolbox — 100 ms;
 * - the longest task while scrolling the month down, across and back (PerformanceObserver `longtask`, which reports
 *   tasks of 50 ms or more; the longest frame is printed beside it) — 50 ms;
 * - an assignment: from the click on a person in the toolbox to the frame painted without the item in the open
 *   duties — 300 ms;
 * - the roster route's JavaScript beyond the shell, gzipped: what the browser loads when the roster is opened from
 *   the overview — 150 KiB;
 * - one item edit's round trip (an assignment): the bytes the editing browser transfers from the click until its
 *   requests are done, and the time until its grid shows the server's answer (settled: every request answered and
 *   the frame after it painted); the same for a second browser on the same month, which learns of the edit by
 *   `LocationUpdated`: its bytes and the time from the click in the first one to its grid showing the change.
 *
 * The server: BENCH_URL names a running one (started with SAMPLE_DATA=large); otherwise the bench starts one from
 * the sources (tsx) on a free port with a fresh database in a temporary folder, serving the web build in WEB_DIST
 * (default apps/web/dist: run `npm run build` first). BENCH_RUNS (3) cold first renders, BENCH_REPEAT (5) toolbox
 * openings and assignments. CHROMIUM overrides the browser's path. BENCH_ONLY=edit measures only the first render
 * and the edit's round trip.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { addDays, localizedPath, todayIn } from '@app/domain';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const PASSWORD = 'Welcome123';
const VIEWPORT = { width: 1366, height: 768 };
const BUDGETS = { firstRender: 1500, toolbox: 100, longTask: 50, assignment: 300, routeKiB: 150 };

interface Roster {
  days: { date: string; past: boolean }[];
  items: { id: string; date: string; assigned: boolean; shift: string | null }[];
  availability: { user: string; date: string; type: string }[];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** The server with SAMPLE_DATA=large on a free port and a fresh database; stopped by the returned function. */
async function startServer(): Promise<{ base: string; stop: () => void }> {
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no web build in ${webDist}: run \`npm run build\` or set WEB_DIST`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-roster-web-'));
  const started = performance.now();
  const child: ChildProcess = spawn('node', ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SAMPLE_DATA: 'large',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {}
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (tries > 2400 || child.exitCode !== null) {
      stop();
      throw new Error('the server did not start');
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`Server with SAMPLE_DATA=large started in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return { base, stop };
}

/** A fresh browser context (cold cache) signed in as the planner. */
async function plannerContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, locale: 'en-GB' });
  // tsx keeps function names with a helper the page does not have: the functions sent to the page call it.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const login = await context.request.post('/api/auth/login', {
    data: { email: 'planner@example.com', password: PASSWORD },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
  return context;
}

/** Records in the page when the grid first shows items and when that frame was painted. */
const markGrid = () => {
  const w = window as unknown as { __gridAt?: number; __gridPaintedAt?: number };
  const check = () => {
    if (w.__gridAt || !document.querySelector('[data-testid="roster-grid"] .roster-item')) return;
    w.__gridAt = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__gridPaintedAt = performance.now();
      }, 0),
    );
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

/**
 * Counts the page's API calls in flight (until their body is read) and notes when the page was last idle after one:
 * the frame painted after the answer was handled (parsed, put into the cache, rendered).
 */
const countFetches = () => {
  const w = window as unknown as { __inflight: number; __done: number; __idle: number; __lastIdle: number };
  w.__inflight = 0;
  w.__done = 0;
  w.__idle = 0;
  w.__lastIdle = 0;
  const original = window.fetch.bind(window);
  const settle = () => {
    w.__inflight--;
    w.__done++;
    const done = w.__done;
    setTimeout(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          w.__idle = Math.max(w.__idle, done);
          w.__lastIdle = performance.now();
        }, 0),
      ),
    );
  };
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    w.__inflight++;
    let response: Response;
    try {
      response = await original(...args);
    } catch (err) {
      settle();
      throw err;
    }
    const text = response.text.bind(response);
    let settled = false;
    response.text = async () => {
      try {
        return await text();
      } finally {
        if (!settled) {
          settled = true;
          settle();
        }
      }
    };
    return response;
  };
};

async function firstRender(browser: Browser, base: string, url: string, gridPrefs?: Record<string, unknown>) {
  const context = await plannerContext(browser, base);
  // The grid's arrangement kept in the browser (apps/web/src/features/roster/grid/useGridPrefs.ts).
  if (gridPrefs) {
    await context.addInitScript({
      content: `localStorage.setItem('rosterly.roster.grid', ${JSON.stringify(JSON.stringify(gridPrefs))});`,
    });
  }
  await context.addInitScript(markGrid);
  await context.addInitScript(countFetches);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __gridPaintedAt?: number }).__gridPaintedAt, null, {
    timeout: 60_000,
  });
  const figures = await page.evaluate(() => {
    const load = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/items?')) as
      | PerformanceResourceTiming
      | undefined;
    return {
      painted: (window as unknown as { __gridPaintedAt: number }).__gridPaintedAt,
      load: load
        ? { ms: load.responseEnd - load.startTime, wire: load.encodedBodySize, raw: load.decodedBodySize }
        : null,
      rendered: document.querySelectorAll('[data-testid="roster-grid"] .roster-cell').length,
      items: document.querySelectorAll('[data-testid="roster-grid"] .roster-item').length,
      rows: document.querySelectorAll('[data-testid="roster-grid"] [role="row"]').length - 1,
    };
  });
  return { page, context, ...figures };
}

/** Milliseconds from clicking `selector` in the page to the frame painted once `done` holds. */
function clickToPaint(page: Page, selector: string, done: string, doneIsGone = false): Promise<number> {
  return page.evaluate(
    async ({ selector, done, doneIsGone }) => {
      const target = document.querySelector<HTMLElement>(selector);
      if (!target) throw new Error(`nothing matches ${selector}`);
      const shown = () => document.querySelector<HTMLElement>(done)?.checkVisibility() ?? false;
      const holds = () => shown() !== doneIsGone;
      const started = performance.now();
      target.click();
      if (!holds()) {
        await new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (!holds()) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        });
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - started;
    },
    { selector, done, doneIsGone },
  );
}

/** The people's items fully in view, once the grid is scrolled past the open duties. */
async function itemsInView(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const grid = document.querySelector<HTMLElement>('[data-testid="roster-grid"]');
    const open = document.querySelector<HTMLElement>('[data-testid="roster-row-open"]');
    if (grid && open) grid.scrollTop = open.offsetHeight;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  // Rows scrolled into view render in a transition after the scroll: wait for them (up to 5 s).
  for (let tries = 0; ; tries++) {
    const ids = await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('[data-testid="roster-grid"]');
      const head = grid?.querySelector<HTMLElement>('.roster-head');
      const names = grid?.querySelector<HTMLElement>('.roster-corner');
      if (!grid || !head || !names) return [];
      const box = grid.getBoundingClientRect();
      const top = box.top + head.offsetHeight;
      const left = box.left + names.offsetWidth;
      return Array.from(grid.querySelectorAll<HTMLElement>('.roster-row[data-kind="person"] .roster-item'))
        .filter((n) => {
          const r = n.getBoundingClientRect();
          return r.top >= top && r.left >= left && r.bottom <= box.bottom && r.right <= box.right;
        })
        .map((n) => n.getAttribute('data-testid'))
        .filter((id): id is string => Boolean(id));
    });
    if (ids.length >= REPEAT || tries >= 50) return ids;
    await page.waitForTimeout(100);
  }
}

async function toolboxOpenings(page: Page): Promise<number[]> {
  const ids = await itemsInView(page);
  const out: number[] = [];
  for (const id of ids.slice(0, REPEAT)) {
    out.push(await clickToPaint(page, `[data-testid="${id}"]`, '[data-testid="item-toolbox"]'));
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="item-toolbox"]').waitFor({ state: 'hidden' });
  }
  return out;
}

/** Scrolls the month down, across and back, a step a frame; answers the longest task and the longest frame. */
function scrollMonth(page: Page) {
  return page.evaluate(async () => {
    const grid = document.querySelector<HTMLElement>('[data-testid="roster-grid"]');
    if (!grid) throw new Error('no grid');
    let longTask = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTask = Math.max(longTask, entry.duration);
    });
    observer.observe({ type: 'longtask' });
    let frame = 0;
    let last = performance.now();
    const step = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const now = performance.now();
          frame = Math.max(frame, now - last);
          last = now;
          resolve();
        }),
      );
    grid.scrollTo(0, 0);
    await step();
    last = performance.now();
    frame = 0;
    const bottom = () => grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1;
    const right = () => grid.scrollLeft + grid.clientWidth >= grid.scrollWidth - 1;
    while (!bottom()) {
      grid.scrollTop += 240;
      await step();
    }
    while (!right()) {
      grid.scrollLeft += 256;
      await step();
    }
    while (grid.scrollTop > 0 || grid.scrollLeft > 0) {
      grid.scrollTop -= 240;
      grid.scrollLeft -= 128;
      await step();
    }
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return { longTask, frame };
  });
}

/** Open items of a day still ahead, each with a person the API offers who is not marked unavailable. */
async function assignable(page: Page, location: string, month: string, count: number) {
  const request = page.context().request;
  const roster = (await (
    await request.get(`/api/items?scope=planning&location=${location}&date=${month}&period=month`)
  ).json()) as Roster;
  const today = todayIn('Europe/Berlin');
  const day = roster.days.find((d) => d.date >= today)?.date ?? roster.days[roster.days.length - 1].date;
  const blocked = new Set(
    roster.availability
      .filter((a) => a.date === day && ['unavailable', 'vacation', 'limited'].includes(a.type))
      .map((a) => a.user),
  );
  const out: { item: string; user: string; date: string }[] = [];
  const taken = new Set<string>();
  for (const item of roster.items.filter((i) => i.date === day && !i.assigned && i.shift)) {
    if (out.length >= count) break;
    const { users } = (await (await request.get(`/api/items/${item.id}/users`)).json()) as { users: string[] };
    const user = users.find((u) => !blocked.has(u) && !taken.has(u));
    if (!user) continue;
    taken.add(user);
    out.push({ item: item.id, user, date: day });
  }
  return out;
}

async function assignments(page: Page, location: string, month: string): Promise<number[]> {
  const out: number[] = [];
  for (const a of await assignable(page, location, month, REPEAT)) {
    const item = `[data-testid="roster-item-${a.item}"]`;
    // The open duties at the top, its day's column in view (the grid renders only the days in view), then the item.
    await page.evaluate(() => document.querySelector('[data-testid="roster-grid"]')?.scrollTo({ top: 0 }));
    await page.locator(`[data-testid="day-${a.date}"]`).scrollIntoViewIfNeeded();
    await page.locator(item).scrollIntoViewIfNeeded();
    await page.locator(item).click();
    const candidate = page.locator(`[data-testid="candidate-${a.user}"]`);
    await candidate.waitFor({ state: 'attached' });
    const saved = page.waitForResponse((r) => r.url().includes(`/api/items/${a.item}/user`));
    out.push(
      await clickToPaint(page, `[data-testid="candidate-${a.user}"]`, `[data-testid="roster-row-open"] ${item}`, true),
    );
    const answer = await saved;
    if (!answer.ok()) console.log(`an assignment was refused: ${answer.status()} ${await answer.text()}`);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="item-toolbox"]').waitFor({ state: 'hidden' });
  }
  return out;
}

/** Waits in the page until its API calls are answered and handled, quiet for `quietMs`; answers the epoch time. */
const settledIn = (page: Page, quietMs = 600) =>
  page.evaluate(async (quiet) => {
    const w = window as unknown as { __inflight: number; __done: number; __idle: number; __lastIdle: number };
    const until = performance.now() + 20_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const idle = w.__inflight === 0 && w.__idle === w.__done && performance.now() - w.__lastIdle >= quiet;
      if (idle || performance.now() > until) return performance.timeOrigin + w.__lastIdle;
    }
  }, quietMs);

/** The API resources a page fetched since an epoch time: count, bytes on the wire (headers included), their names. */
const apiBytesSince = (page: Page, since: number) =>
  page.evaluate((from) => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.name.includes('/api/') && performance.timeOrigin + e.startTime >= from,
    );
    return {
      requests: entries.length,
      bytes: entries.reduce((n, e) => n + e.transferSize, 0),
      calls: entries.map((e) => `${new URL(e.name).pathname} ${e.transferSize} B`),
    };
  }, since);

/**
 * One assignment's round trip: in the editing page (click to its grid showing the server's answer, and the bytes
 * it transferred) and in a second browser on the same month, told by `LocationUpdated` (from the click to its grid
 * showing the item among the person's, and the bytes it fetched).
 */
async function editRoundTrip(browser: Browser, base: string, url: string, page: Page, location: string, month: string) {
  const [a] = await assignable(page, location, month, 1);
  if (!a) return null;
  const other = await plannerContext(browser, base);
  await other.addInitScript(countFetches);
  const watcher = await other.newPage();
  await watcher.goto(url);
  await watcher.getByTestId('roster-grid').waitFor({ timeout: 60_000 });
  const item = `[data-testid="roster-item-${a.item}"]`;
  for (const p of [watcher, page]) {
    await p.evaluate(() => document.querySelector('[data-testid="roster-grid"]')?.scrollTo({ top: 0 }));
    await p.locator(`[data-testid="day-${a.date}"]`).scrollIntoViewIfNeeded();
    await p.locator(item).scrollIntoViewIfNeeded();
  }
  await settledIn(watcher);
  // The second browser notes when the item leaves its open duties (the frame after it, as an epoch time).
  const seen = watcher.evaluate(async (selector) => {
    const gone = () => !document.querySelector(`[data-testid="roster-row-open"] ${selector}`);
    if (!gone()) {
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!gone()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    }
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.timeOrigin + performance.now();
  }, item);
  await page.locator(item).click();
  await page.locator(`[data-testid="candidate-${a.user}"]`).waitFor({ state: 'attached' });
  await settledIn(page, 300);
  const clicked = await page.evaluate((selector) => {
    const at = performance.timeOrigin + performance.now();
    document.querySelector<HTMLElement>(selector)?.click();
    return at;
  }, `[data-testid="candidate-${a.user}"]`);
  const settled = await settledIn(page);
  const mine = await apiBytesSince(page, clicked);
  const shown = await seen;
  const watcherSettled = await settledIn(watcher);
  const theirs = await apiBytesSince(watcher, clicked);
  await page.keyboard.press('Escape');
  await other.close();
  return {
    editor: { ms: settled - clicked, ...mine },
    watcher: { ms: shown - clicked, settledMs: watcherSettled - clicked, ...theirs },
  };
}

/** The JavaScript the roster route loads beyond the shell, opened from the overview; gzip sizes in bytes. */
async function routeJavaScript(browser: Browser, base: string) {
  const context = await plannerContext(browser, base);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {}
  });
  await page.goto(localizedPath('overview', 'en'));
  await page.getByTestId('overview-page').waitFor();
  await page.waitForLoadState('networkidle');
  const shell = new Map(scripts);
  await page.getByTestId('menu-roster').click();
  await page.getByTestId('roster-grid').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const route = [...scripts].filter(([url]) => !shell.has(url));
  await context.close();
  const sum = (entries: [string, number][]) => entries.reduce((n, [, size]) => n + size, 0);
  return {
    shell: sum([...shell]),
    route: sum(route),
    chunks: route.map(([url, size]) => `${path.basename(url)} ${(size / 1024).toFixed(1)} KiB`),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (value: number, budget: number) => (value <= budget ? 'PASS' : 'MISS');

async function main() {
  console.log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the start.`,
  );
  const server = process.env.BENCH_URL ? { base: process.env.BENCH_URL, stop: () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    const probe = await plannerContext(browser, server.base);
    const { locations } = (await (await probe.request.get('/api/locations')).json()) as {
      locations: { id: string; name: string }[];
    };
    await probe.close();
    const hall = locations.find((l) => l.name === 'Event Hall');
    if (!hall) throw new Error('no Event Hall: start the server with SAMPLE_DATA=large on a fresh database');
    const month = `${todayIn('Europe/Berlin').slice(0, 8)}01`;
    const url = `${localizedPath('rosterLocation', 'en', { location: hall.id, date: month })}?period=month`;

    const renders: Awaited<ReturnType<typeof firstRender>>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await firstRender(browser, server.base, url);
      renders.push(run);
      if (i < RUNS - 1) await run.context.close();
    }
    const last = renders[renders.length - 1];
    const page = last.page;
    const editOnly = process.env.BENCH_ONLY === 'edit';
    const toolbox = editOnly ? [] : await toolboxOpenings(page);
    const scrolling = editOnly ? { longTask: 0, frame: 0 } : await scrollMonth(page);
    const assigned = editOnly ? [] : await assignments(page, hall.id, month);
    // The same month opened by link as a planner of a big planning keeps it: the open duties collapsed, compact
    // days, rows grouped by duty; then scrolled like the one above.
    const arranged = editOnly
      ? null
      : await firstRender(browser, server.base, url, {
          zoom: 'compact',
          grouping: 'duty',
          openCollapsed: [hall.id],
        });
    const arrangedScroll = arranged ? await scrollMonth(arranged.page) : null;
    if (arranged) await arranged.context.close();
    const edit = await editRoundTrip(browser, server.base, url, page, hall.id, month);
    await last.context.close();
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    if (edit) {
      console.log('\nOne item edit (an assignment), its round trip:');
      console.table([
        {
          browser: 'the editing one',
          'time to the answer shown': ms(edit.editor.ms),
          requests: edit.editor.requests,
          transferred: kib(edit.editor.bytes),
        },
        {
          browser: 'another one on the month',
          'time to the answer shown': `${ms(edit.watcher.ms)} (settled ${ms(edit.watcher.settledMs)})`,
          requests: edit.watcher.requests,
          transferred: kib(edit.watcher.bytes),
        },
      ]);
      console.log(`The editing browser's calls: ${edit.editor.calls.join(', ')}`);
      console.log(`The other browser's calls: ${edit.watcher.calls.join(', ')}`);
    } else console.log('\nOne item edit: no open item with a free person found.');
    if (editOnly) return;
    const js = await routeJavaScript(browser, server.base);

    const load = last.load;
    console.log(
      `\nThe Event Hall, ${month} to ${addDays(month, 30).slice(0, 7)}: the grid rendered ${last.rows} of 201 rows and ` +
        `${last.rendered} cells (${last.items} items) of ${201 * 31} cells; the month's answer ` +
        (load
          ? `took ${ms(load.ms)} and was ${(load.wire / 1024).toFixed(0)} KiB on the wire, ${(load.raw / 1e6).toFixed(2)} MB unpacked.`
          : 'was not found among the resources.'),
    );
    const firstRenderBest = Math.min(...renders.map((r) => r.painted));
    const rows = [
      {
        figure: 'first grid render (cold)',
        measured: `best ${ms(firstRenderBest)}, runs ${renders.map((r) => ms(r.painted)).join(', ')}`,
        budget: ms(BUDGETS.firstRender),
        verdict: verdict(firstRenderBest, BUDGETS.firstRender),
      },
      {
        figure: 'toolbox open',
        measured: `median ${ms(median(toolbox))}, max ${ms(Math.max(...toolbox))}`,
        budget: ms(BUDGETS.toolbox),
        verdict: verdict(median(toolbox), BUDGETS.toolbox),
      },
      {
        figure: 'longest task while scrolling',
        measured: `${scrolling.longTask ? ms(scrolling.longTask) : 'none of 50 ms or more'} (longest frame ${ms(scrolling.frame)})`,
        budget: ms(BUDGETS.longTask),
        verdict: scrolling.longTask < BUDGETS.longTask ? 'PASS' : 'MISS',
      },
      {
        figure: 'longest frame while scrolling',
        measured: ms(scrolling.frame),
        budget: ms(BUDGETS.longTask),
        verdict: verdict(scrolling.frame, BUDGETS.longTask),
      },
      ...(arranged && arrangedScroll
        ? [
            {
              figure: 'compact, open row collapsed, by duty: first render (cold)',
              measured: `${ms(arranged.painted)} (${arranged.rows} rows, ${arranged.items} items rendered)`,
              budget: ms(BUDGETS.firstRender),
              verdict: verdict(arranged.painted, BUDGETS.firstRender),
            },
            {
              figure: 'compact, open row collapsed, by duty: longest frame scrolling',
              measured: `${ms(arrangedScroll.frame)} (longest task ${arrangedScroll.longTask ? ms(arrangedScroll.longTask) : 'under 50 ms'})`,
              budget: ms(BUDGETS.longTask),
              verdict: verdict(arrangedScroll.frame, BUDGETS.longTask),
            },
          ]
        : []),
      {
        figure: 'assignment, click to painted',
        measured: assigned.length
          ? `median ${ms(median(assigned))}, max ${ms(Math.max(...assigned))} (${assigned.length})`
          : 'no open item with a free person found',
        budget: ms(BUDGETS.assignment),
        verdict: assigned.length ? verdict(median(assigned), BUDGETS.assignment) : '-',
      },
      {
        figure: 'roster route JavaScript (gzip)',
        measured: `${(js.route / 1024).toFixed(1)} KiB beyond a shell of ${(js.shell / 1024).toFixed(1)} KiB`,
        budget: `${BUDGETS.routeKiB} KiB`,
        verdict: verdict(js.route / 1024, BUDGETS.routeKiB),
      },
    ];
    console.table(rows);
    console.log(`The roster route's chunks: ${js.chunks.join(', ')}`);
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(
    `Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the end.`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
