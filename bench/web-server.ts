/**
 * What the browser benchmarks share (bench/lighthouse.ts, bench/home-trace.ts): the server as
 * `npm start` runs it (the production bundles, a fresh embedded database, the sandbox), Debian's
 * Chromium, and a member registered and signed in through the API. BENCH_CHROMIUM_ARGS adds
 * flags to the browser's (to try one, such as `--process-per-site`, in a diagnosis).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { serverProcess } from '../apps/server/src/test/server-process';
import { freshMemoryMBps } from './machine';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverBundle = join(root, 'apps/server/dist/main.js');

/** The flags the machine's notes give for a headless Chromium on a closed network. */
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type WebBench = {
  origin: string;
  browser: Browser;
  /** A new member's token (registered with the sandbox's OTP, signed in). */
  signedInMember(): Promise<string>;
  /**
   * Leaves `page` signed in as the token's member (the token and an accepted agreement in
   * storage, the spec's entities) with the HTTP cache cleared: its next page loads cold.
   */
  signIn(page: Page, token: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * The faces a phone draws Thai and Lao with, which the app's font stack names
 * (apps/web/src/app/font-family.ts). Without them Chromium on Linux asks fontconfig for a
 * fallback for every new size and weight of Thai text, a cost no phone pays: the home's first
 * layout took 28–60 ms here without them and 12–17 ms with them (unthrottled, docs/performance.md).
 */
const phoneFaces = ['Noto Sans Thai', 'Noto Sans Lao'];

function missingPhoneFaces(): string[] {
  try {
    const families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
    return phoneFaces.filter((face) => !families.includes(face));
  } catch {
    return phoneFaces; // no fontconfig: none of them can be found either
  }
}

/**
 * The lines each browser benchmark prints first: how dear fresh memory is on this machine, which
 * moves every figure after it (machine.ts, freshMemoryMBps), and whether a phone's Thai and Lao
 * faces are installed (Debian's fonts-noto-core).
 */
export function machineLine(): string {
  const { firstTouch, again } = freshMemoryMBps();
  const missing = missingPhoneFaces();
  return (
    `machine: fresh memory ${firstTouch} MB/s at its first touch, ${again} MB/s after; ` +
    (missing.length === 0
      ? "a phone's Thai and Lao faces installed"
      : `${missing.join(' and ')} missing: figures include fontconfig's fallback searches ` +
        '(apt-get install fonts-noto-core)')
  );
}

export async function startWebBench(
  port: number,
  /** The web build to serve (WEB_DIST): apps/web/dist, or a copy of an earlier one. */
  webDist = join(root, 'apps/web/dist'),
  /** The server bundle that serves it: this checkout's, or another checkout's. */
  bundle = serverBundle,
): Promise<WebBench> {
  // Without its index.html the server answers 404 for every page, and Lighthouse would score that.
  if (!existsSync(bundle) || !existsSync(join(webDist, 'index.html'))) {
    throw new Error(`Build first (npm run build): no server bundle, or no ${webDist}/index.html`);
  }
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-web-bench-'));
  // As `npm start` runs it (package.json), on a fresh embedded database.
  const server = serverProcess({
    command: ['--max-semi-space-size=64', bundle],
    cwd: root,
    port,
    env: { DATA_DIR: dataDir, SANDBOX: 'auto', LOG_LEVEL: 'warn', WEB_DIST: resolve(webDist) },
  });
  await server.start();
  const browser = await puppeteer
    .launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        ...chromiumArgs,
        ...(process.env.BENCH_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    })
    .catch(async (error: unknown) => {
      server.kill();
      throw error;
    });

  async function api(path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  return {
    origin,
    browser,
    async signedInMember() {
      const phone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const sent = await api('/api/otp/send', { phoneNumber: phone });
      const { otpCode } = await api(`/api/sandbox/otp/${phone}`);
      await api('/api/otp/verify', { otpToken: sent.otpToken, otpCode });
      const password = 'Bench-pass-1';
      await api('/api/account', {
        name: 'Bench Member',
        username: phone,
        password,
        sourceCode: 'facebook',
        inviteCode: '',
        bankCode: 'SCB',
        bankAccountName: 'BENCH MEMBER',
        bankAccountNo: String(1_000_000_000 + Math.floor(Math.random() * 8e9)),
      });
      return String((await api('/api/login', { username: phone, password })).token);
    },
    async signIn(page, token) {
      // Any page of the origin but the public shell, which clears a stored token on entry.
      await page.goto(`${origin}/api/health`);
      await page.evaluate((t) => {
        localStorage.setItem('token', t);
        localStorage.setItem('remember-agreement', 'true');
      }, token);
      // A first visit: the service worker an earlier run installed would serve the shell.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await cdp.detach();
    },
    async close() {
      await browser.close();
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
