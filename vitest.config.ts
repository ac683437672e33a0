import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and API tests; browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['apps/server/test/global-setup.ts'],
    // The clock every test reads (see apps/server/test/clock.setup.ts): no test depends on the day or zone it runs in.
    setupFiles: ['apps/server/test/clock.setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
