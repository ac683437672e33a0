/// <reference lib="dom" />
/**
 * The employee's first load on a slow phone: Chromium (Debian's, /usr/bin/chromium, driven by playwright-core) at
 * 375 × 812 with touch, its CPU slowed down 4× and a 3G-like network (NETWORKS, below), both through the DevTools
 * protocol: Lighthouse's mobile throttling, on which the budgets are judged, then DevTools' slower "Fast 3G" preset
 * for reference (BENCH_NETWORK=slow4g or fast3g measures one); a fresh browser context each run
 * (cold cache, no service worker), signed in as employee@example.com, opening `/en/roster` as a tap on the roster
 * in the menu would after signing in. Prints, each beside its budget, never failing on them:
 *
 * - first content: the first contentful paint (the browser's `paint` entry) — 2 s;
 * - roster content: from the navigation's start until the phone's day list was painted (the browser's Element Timing
 *   of a day's title) — 4 s; beside it, as measured before, the first task after that frame (later by whatever work
 *   was queued first);
 * - the requests the page asked for until then and the bytes that had arrived by then (as sent, compressed), from
 *   the page's own request on — 30 requests.
 *
 * The server: BENCH_URL names a running one (started with SAMPLE_DATA=1); otherwise the bench starts one from the
 * sources (tsx) on a free port with a fresh database in a temporary folder, serving the web build in WEB_DIST
 * (default apps/web/dist: run `npm run build` first; a build of another commit in its own folder compares them).
 * BENCH_RUNS (3) runs; the median is printed. CHROMIUM overrides the browser's path.
 * `npm run bench:first-load --workspace @app/bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PASSWORD = 'Welcome123';
const BUDGETS = { firstContentMs: 2000, rosterMs: 4000, requests: 30 };
/**
 * The networks, as the protocol takes them (bytes per second). slow4g: Lighthouse's mobile throttling (150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up; with the CPU 4× slower it is Lighthouse's mobile test, which Lighthouse
 * places between 3G and 4G), the network of the phone's budget (bench/README.md, "First load on a slow phone").
 * fast3g: DevTools' "Fast 3G" preset (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up, each × 0.9), slower,
 * printed for reference.
 */
const NETWORKS = {
  fast3g: {
    offline: false,
    latency: 562.5,
    downloadThroughput: Math.round((1.44e6 * 0.9) / 8),
    uploadThroughput: Math.round((675e3 * 0.9) / 8),
  },
  slow4g: {
    offline: false,
    latency: 150,
    downloadThroughput: Math.round((1.6384e6 * 0.9) / 8),
    uploadThroughput: Math.round((750e3 * 0.9) / 8),
  },
};
type NetworkName = keyof typeof NETWORKS;
/** Which networks to measure: BENCH_NETWORK names one, else the budget's, then the reference. */
const NETWORK_NAMES: NetworkName[] = process.env.BENCH_NETWORK
  ? [process.env.BENCH_NETWORK as NetworkName]
  : ['slow4g', 'fast3g'];
if (NETWORK_NAMES.some((name) => !NETWORKS[name])) {
  throw new Error(`BENCH_NETWORK: one of ${Object.keys(NETWORKS).join(', ')}`);
}
/** The network the budgets are judged on. */
const BUDGET_NETWORK: NetworkName = 'slow4g';
const CPU_SLOWDOWN = 4;
/** BENCH_WATERFALL=1 prints each request of a run: when it started and ended, from the first one, and its size. */
const WATERFALL = process.env.BENCH_WATERFALL === '1';
/** BENCH_PROFILE=file writes the page's CPU profile of the last run (Chrome's .cpuprofile, for DevTools). */
const PROFILE = process.env.BENCH_PROFILE;

/** One request of the waterfall: asked for, sent on a connection, its headers in, its last byte in (seconds). */
interface WaterfallEntry {
  url: string;
  priority: string;
  start: number;
  sent?: number;
  headers?: number;
  end?: number;
  bytes?: number;
}

/** Columns: asked, sent, headers in, done (ms from the first request), size, the browser's priority, the path. */
function printWaterfall(entries: WaterfallEntry[]) {
  const zero = Math.min(...entries.map((e) => e.start));
  console.log(' asked   sent headers  done        size  priority  path');
  for (const e of entries.sort((a, b) => a.start - b.start)) {
    const ms = (t?: number) => (t === undefined ? '     …' : ((t - zero) * 1000).toFixed(0).padStart(6));
    const kib = e.bytes === undefined ? '' : `${(e.bytes / 1024).toFixed(1)} KiB`;
    const url = new URL(e.url);
    console.log(
      `${ms(e.start)} ${ms(e.sent)} ${ms(e.headers)} ${ms(e.end)}  ${kib.padStart(10)}  ${e.priority.padEnd(8)}  ${url.pathname}${url.search}`,
    );
  }
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

/** The server with the sample data on a free port and a fresh database; stopped by the returned function. */
async function startServer(): Promise<{ base: string; stop: () => void }> {
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no web build in ${webDist}: run \`npm run build\` or set WEB_DIST`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-load-'));
  const child: ChildProcess = spawn('node', ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SAMPLE_DATA: '1',
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
  return { base, stop };
}

/**
 * Records in the page when the phone's day list was first painted: the browser's own report of the paint of a day's
 * title (Element Timing, the title's `elementtiming`), and, as it was measured before, the first task after the frame
 * that showed the list (a frame, then a task: later than the paint by whatever work was queued before that task).
 */
const markRoster = () => {
  const w = window as unknown as { __rosterAt?: number; __rosterPaint?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
      if (entry.identifier === 'roster-day' && w.__rosterPaint === undefined) w.__rosterPaint = entry.renderTime;
    }
  }).observe({ type: 'element', buffered: true });
  const check = () => {
    if (w.__rosterAt || !document.querySelector('[data-testid="roster-day-list"] .roster-day-section')) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__rosterAt = performance.now();
      }, 0),
    );
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

interface Run {
  firstContent: number;
  /** The day list's first paint, as the browser reports it. */
  roster: number;
  /** The first task after the frame that showed the day list (this benchmark's measure until 2026-11-28). */
  rosterTask: number;
  requests: number;
  bytes: number;
}

async function firstLoad(browser: Browser, base: string, network: NetworkName): Promise<Run> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    serviceWorkers: 'block',
  });
  try {
    // tsx keeps function names with a helper the page does not have: the functions sent to the page call it.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript(markRoster);
    const login = await context.request.post('/api/auth/login', {
      data: { email: 'employee@example.com', password: PASSWORD },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORKS[network]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    let counting = true;
    const waterfall = new Map<string, WaterfallEntry>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!counting) return;
      waterfall.set(event.requestId, {
        url: event.request.url,
        priority: event.request.initialPriority,
        start: event.timestamp,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = waterfall.get(event.requestId);
      const timing = event.response.timing;
      if (entry && timing) {
        entry.sent = timing.requestTime + timing.sendStart / 1000;
        entry.headers = timing.requestTime + timing.receiveHeadersEnd / 1000;
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (!counting) return;
      const entry = waterfall.get(event.requestId);
      if (entry) Object.assign(entry, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.goto('/en/roster', { waitUntil: 'commit' });
    const marked = () => {
      const w = window as unknown as { __rosterAt?: number; __rosterPaint?: number };
      return w.__rosterAt !== undefined && w.__rosterPaint !== undefined;
    };
    await page.waitForFunction(marked, null, {
      timeout: 120_000,
      polling: 100,
    });
    counting = false;
    if (WATERFALL) printWaterfall([...waterfall.values()]);
    if (PROFILE) fs.writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const times = await page.evaluate(() => ({
      firstContent: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      roster: (window as unknown as { __rosterPaint: number }).__rosterPaint,
      rosterTask: (window as unknown as { __rosterAt: number }).__rosterAt,
    }));
    // Until the day list's paint: the requests asked for and the bytes arrived by then (the page's own request is
    // the navigation's start). Those after it (the header's widgets, the whole period) are not the roster's cost.
    const entries = [...waterfall.values()];
    const zero = Math.min(...entries.map((e) => e.start));
    const byPaint = (t: number | undefined) => t !== undefined && (t - zero) * 1000 <= times.roster;
    const requests = entries.filter((e) => byPaint(e.start)).length;
    const bytes = entries.filter((e) => byPaint(e.end)).reduce((sum, e) => sum + (e.bytes ?? 0), 0);
    return { ...times, requests, bytes };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const mark = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');

/** BENCH_RUNS first loads on one network, each printed, then their medians beside the budgets. */
async function measure(browser: Browser, base: string, network: NetworkName) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await firstLoad(browser, base, network);
    console.log(
      `${network} run ${i + 1}: first content ${run.firstContent.toFixed(0)} ms, roster ${run.roster.toFixed(0)} ms ` +
        `(the task after it ${run.rosterTask.toFixed(0)} ms), ` +
        `${run.requests} requests, ${(run.bytes / 1024).toFixed(0)} KiB`,
    );
    runs.push(run);
  }
  const fc = median(runs.map((r) => r.firstContent));
  const roster = median(runs.map((r) => r.roster));
  const rosterTask = median(runs.map((r) => r.rosterTask));
  const requests = median(runs.map((r) => r.requests));
  const bytes = median(runs.map((r) => r.bytes));
  // Budgets are judged on their network; on another the figures are for reference.
  const judge = (value: number, budget: number) =>
    network === BUDGET_NETWORK ? `budget ${budget}: ${mark(value, budget)}` : `budget ${budget} on ${BUDGET_NETWORK}`;
  console.log(`\nFirst load at 375 px, CPU ${CPU_SLOWDOWN}× slower, network ${network} (median of ${RUNS}):`);
  console.log(
    `  load average    ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`  first content   ${fc.toFixed(0)} ms (${judge(fc, BUDGETS.firstContentMs)})`);
  console.log(
    `  roster content  ${roster.toFixed(0)} ms (${judge(roster, BUDGETS.rosterMs)}); ` +
      `the first task after that frame ${rosterTask.toFixed(0)} ms`,
  );
  console.log(`  requests        ${requests} (${judge(requests, BUDGETS.requests)})`);
  console.log(`  transferred     ${(bytes / 1024).toFixed(0)} KiB\n`);
}

async function main() {
  const server = process.env.BENCH_URL ? { base: process.env.BENCH_URL, stop: () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    for (const network of NETWORK_NAMES) await measure(browser, server.base, network);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
