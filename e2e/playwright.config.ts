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
    : {
        command: `rm -rf "${dataDir}" && npm run start --workspace @app/server`,
        cwd: repoRoot,
        url: `http://localhost:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        // Mail goes to the catcher the flows start (tests/mailbox.ts); the delivery job retries until it listens.
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          SAMPLE_DATA: '1',
          LOG_LEVEL: 'warn',
          SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
        },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
