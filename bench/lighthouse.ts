/**
 * What a phone gets (docs/performance.md, "What a phone downloads"): Lighthouse 12 in Debian's
 * Chromium, mobile preset with its default throttling, against the server `npm start` runs
 * (the production bundles, the embedded database, the sandbox), for /login and for a signed-in
 * member's /user/home. Prints the four category scores, FCP, LCP, TBT and the bytes sent, the
 * median of BENCH_RUNS runs per page (3). BENCH_REPORTS names a folder for the full reports.
 *
 *   npm run build && npm run bench:lighthouse -w @wallet/bench
 *
 * Targets (issue 11): performance ≥ 90 on both pages (then 95), accessibility 100, best
 * practices 100. lighthouse@12.2.3 is pinned: later versions want Node 22.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { serverProcess } from '../apps/server/src/test/server-process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const origin = `http://127.0.0.1:${PORT}`;
const serverBundle = join(root, 'apps/server/dist/main.js');
/** A folder for each run's full Lighthouse report (JSON), to see what an audit found. */
const REPORTS = process.env.BENCH_REPORTS;

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

/** A member registered as the wizard does (OTP through the sandbox), signed in: the token. */
async function signedInMember(): Promise<string> {
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
}

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failed: string[];
};

/**
 * One Lighthouse run of `path`. The signed-in page keeps the member's stored token and accepted
 * agreement (SPEC.md section 3 storage keys), so Lighthouse must not reset storage.
 */
async function audit(browser: Browser, path: string, token: string | null): Promise<Figures> {
  const page = await browser.newPage();
  try {
    if (token) {
      // Any page of the origin but the public shell, which clears a stored token on entry.
      await page.goto(`${origin}/api/health`);
      await page.evaluate((t) => {
        localStorage.setItem('token', t);
        localStorage.setItem('remember-agreement', 'true');
      }, token);
      // Storage stays, the HTTP cache goes: the page loads cold, as on a first visit.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      `${origin}${path}`,
      { output: 'json', logLevel: 'error', disableStorageReset: token !== null },
      undefined,
      page,
    );
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${path.replaceAll('/', '_')}-${new Date().toISOString()}.json`;
      writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr, null, 1));
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      bytes: value('total-byte-weight'),
      failed: ['accessibility', 'best-practices'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      ),
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again. */
async function auditOnceMore(browser: Browser, path: string, token: string | null) {
  try {
    return await audit(browser, path, token);
  } catch (error) {
    console.log(`  (run again: ${error instanceof Error ? error.message : String(error)})`);
    return audit(browser, path, token);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(serverBundle) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-lighthouse-'));
  // As `npm start` runs it (package.json), on a fresh embedded database.
  const server = serverProcess({
    command: ['--max-semi-space-size=64', serverBundle],
    cwd: root,
    port: PORT,
    env: { DATA_DIR: dataDir, SANDBOX: 'auto', LOG_LEVEL: 'warn' },
  });
  await server.start();
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const token = await signedInMember();
    const pages = [
      { name: '/login', path: '/login', token: null },
      { name: '/user/home (signed in)', path: '/user/home', token },
    ];
    console.log(
      `Lighthouse ${RUNS} run(s) a page, mobile preset, default throttling; medians:\n` +
        'page                     perf  a11y  best  seo   FCP ms  LCP ms  TBT ms   bytes sent',
    );
    for (const { name, path, token: pageToken } of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditOnceMore(browser, path, pageToken));
      const m = (key: Exclude<keyof Figures, 'failed'>) => median(runs.map((run) => run[key]));
      console.log(
        [
          name.padEnd(24),
          String(m('performance')).padStart(4),
          String(m('accessibility')).padStart(5),
          String(m('bestPractices')).padStart(5),
          String(m('seo')).padStart(4),
          String(m('fcpMs')).padStart(8),
          String(m('lcpMs')).padStart(7),
          String(m('tbtMs')).padStart(7),
          String(m('bytes')).padStart(12),
        ].join(' '),
      );
      console.log(`  performance per run: ${runs.map((run) => run.performance).join(', ')}`);
      const failed = [...new Set(runs.flatMap((run) => run.failed))];
      if (failed.length > 0) console.log(`  not passed: ${failed.join(', ')}`);
    }
  } finally {
    await browser?.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
