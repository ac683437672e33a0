import { defineConfig } from 'vitest/config';
import { catalogParts } from './apps/web/build/catalogParts';

// One run for every workspace's unit and API tests; browser flows live in e2e/ (Playwright).
export default defineConfig({
  // The web's catalogs load in parts (apps/web/src/i18n/parts.ts), as in the build.
  plugins: [catalogParts()],
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
    // Vitest's default is one fork fewer than the cores: one fork on a 2-core machine, idle while it waits on the
    // database. Three keep both cores busy (the PostgreSQL run: 11.5 → 7 min).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
