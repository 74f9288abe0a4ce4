import { defineConfig } from '@playwright/test';

/**
 * `npm run test:cluster` (cluster/run.ts): two server processes on the machine's PostgreSQL and
 * Redis behind Debian's nginx (deploy/nginx), started by the spec itself because it kills and
 * restarts them. One worker: the steps share the stack, in order.
 */
export default defineConfig({
  testDir: './cluster',
  outputDir: './test-results/cluster',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 240_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    // nginx's pair is self-signed; the Node clients trust it (run.ts), Chromium is told to.
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
