import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys at a phone viewport against the built app (`npm run build` first), served by
 * the real server on a fresh embedded database. Three servers: the default build, the Laos
 * variant, and one whose settings the terminated and back-office settings, providers,
 * promotions and content journeys may change (the service switch, the approval threshold, a
 * game in maintenance, a bonus's percent, the wheel, the conditions, an allow-list) without
 * disturbing the others; those run one at a time, as one closes and reopens the service.
 */
const root = resolve(import.meta.dirname, '..');
// E2E_PORT_BASE moves the three servers, so two checkouts on one machine can run journeys at once.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const servers = {
  default: { port: base, env: {} },
  laos: { port: base + 1, env: { LAOS: '1' } },
  switch: { port: base + 2, env: {} },
} as const;

function server(name: keyof typeof servers) {
  const { port, env } = servers[name];
  return {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The longest journeys (invite, refund, slip) take 40–50 s on the 2-core CI machine when it is
    // quiet, and timed out at 60 s when other work shared it.
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...env,
      PORT: String(port),
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), `wallet-e2e-${name}-`)),
    },
  };
}

const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
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
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The longest journeys (invite, refund, slip) take 40–50 s on the 2-core CI machine when it is
  // quiet, and timed out at 60 s when other work shared it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    ...chromium,
    // No service worker but in the PWA journey (tests/pwa.spec.ts, which allows it): a worker
    // would answer the app's own files from its cache, hiding from page.route what the page asks
    // for and serving a journey the files an earlier page of its context cached.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'default',
      testIgnore: [
        /laos\..*spec\.ts/,
        /terminated\.spec\.ts/,
        /backoffice-settings\.spec\.ts/,
        /backoffice-providers\.spec\.ts/,
        /backoffice-promotions\.spec\.ts/,
        /backoffice-content\.spec\.ts/,
      ],
      use: { baseURL: `http://127.0.0.1:${servers.default.port}` },
    },
    {
      name: 'laos',
      testMatch: /laos\..*spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${servers.laos.port}` },
    },
    {
      name: 'switch',
      testMatch: [
        /terminated\.spec\.ts/,
        /backoffice-settings\.spec\.ts/,
        /backoffice-providers\.spec\.ts/,
        /backoffice-promotions\.spec\.ts/,
        /backoffice-content\.spec\.ts/,
      ],
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${servers.switch.port}` },
    },
  ],
  webServer: [server('default'), server('laos'), server('switch')],
});
