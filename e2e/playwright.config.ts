import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** E2E_PORT lets several checkouts run their flows side by side on one machine. */
const port = Number(process.env.E2E_PORT ?? 3100);
/** Set E2E_BASE_URL to run against a server that is already running (then none is started). */
const external = process.env.E2E_BASE_URL;
/** A fresh database for every run: the server seeds the sample data into an empty one. */
const dataDir = join(tmpdir(), `rosterly-e2e-data-${port}`);

/** The fake weather provider of tests/weather.spec.ts: E2E_PORT + 2. */
const weatherPort = port + 2;

/** The newcomer's server: E2E_PORT + 1 (tests/newcomer.ts). */
const newcomerPort = port + 1;
const newcomerDataDir = join(tmpdir(), `rosterly-e2e-data-${newcomerPort}`);

/**
 * The Redis a server uses, when the run has one: a database of its own, by port (1 to 15; the API tests use 0), emptied
 * when it starts. Rate limits count in Redis for an hour, so a server sharing counts with earlier runs (or the other
 * server) would refuse a flow's sign-up or log-in with 429 that a fresh deployment accepts.
 */
function redisOf(port: number): string | undefined {
  const base = process.env.REDIS_URL;
  return base ? `${base.replace(/\/\d*$/, '')}/${1 + (port % 15)}` : undefined;
}

/** A server of its own on a fresh database; mail goes to the catcher the flows start (tests/mailbox.ts). */
function server(opts: { port: number; dataDir: string; sample: '0' | '1'; controls?: boolean }) {
  const redis = redisOf(opts.port);
  const emptyRedis = redis ? `(redis-cli -u "${redis}" flushdb >/dev/null 2>&1 || true) && ` : '';
  return {
    command: `rm -rf "${opts.dataDir}" && ${emptyRedis}npm run start --workspace @app/server`,
    cwd: repoRoot,
    url: `http://localhost:${opts.port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      SAMPLE_DATA: opts.sample,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
      // Mail written before a flow's catcher listens is retried every few seconds, not after minutes.
      MAIL_RETRY_BASE_MS: '1000',
      MAIL_RETRY_MAX_MS: '5000',
      // The weather flow's fake provider (tests/weather.spec.ts) listens here while it runs.
      WEATHER_URL: `http://127.0.0.1:${weatherPort}`,
      ...(opts.controls ? { E2E_CONTROLS: '1' } : {}),
      ...(redis ? { REDIS_URL: redis } : {}),
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // 60 s: a flow's axe runs (tests/axe.ts) take several seconds each with axe-core 4.14 on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    // The app's service worker answers some requests itself, and those bypass page.route (which several flows use
    // to shape the server's answers); the phone flows, which test the worker, allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: external
    ? undefined
    : [
        server({ port, dataDir, sample: '1' }),
        // The newcomer's server (tests/newcomer.ts): an empty database, as a company that finds us meets it, with the
        // controls that let a month pass (E2E_CONTROLS: the clock and the jobs).
        server({ port: newcomerPort, dataDir: newcomerDataDir, sample: '0', controls: true }),
      ],
});
