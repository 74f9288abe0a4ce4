import { defineConfig } from 'vitest/config';

// Three tiers (STYLE.md): unit tests sit next to the code; server API tests go through
// app.inject on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set);
// browser journeys live in e2e/ and run under Playwright, not here.
const resolve = { conditions: ['source'] };

export default defineConfig({
  test: {
    // The second reporter names the suites skipped for want of PostgreSQL or Redis.
    reporters: ['default', './apps/server/src/test/skipped-suites-reporter.ts'],
    projects: [
      {
        resolve,
        test: {
          name: 'unit-node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
