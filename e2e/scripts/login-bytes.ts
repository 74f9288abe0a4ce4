/**
 * `npm run test:size`: the bytes a phone actually receives for /login, as served. It starts the
 * built server the way `npm start` runs it (a fresh embedded database, the sandbox), opens
 * /login in Debian's Chromium at 390×844 and adds up what the network delivered (headers and
 * compressed bodies, Chromium's encodedDataLength) until the network is quiet: the first
 * screen's files, its API answers and what the page fetches once it has settled. It prints
 * every response and fails when the total is over the budget (docs/decisions/0006).
 *
 *   npm run build && npm run test:size
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { serverProcess } from '../../apps/server/src/test/server-process';

/** The budget; LOGIN_BUDGET_KB overrides it for one run (a what-if, not a fix). */
const BUDGET_KB = Number(process.env.LOGIN_BUDGET_KB ?? 280);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverBundle = join(root, 'apps/server/dist/main.js');
const PORT = Number(process.env.LOGIN_BYTES_PORT ?? 3198);
const origin = `http://127.0.0.1:${PORT}`;

type Received = { url: string; type: string; encoding: string; bytes: number };

async function measure(): Promise<Received[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map<string, Omit<Received, 'bytes'>>();
    const received: Received[] = [];
    cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
      const encoding = String(response.headers['content-encoding'] ?? 'none');
      responses.set(requestId, { url: response.url, type, encoding });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response && !response.url.startsWith('data:')) {
        received.push({ ...response, bytes: encodedDataLength });
      }
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /./ }).first().waitFor();
    return received;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(serverBundle) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-login-bytes-'));
  const server = serverProcess({
    command: [serverBundle],
    cwd: root,
    port: PORT,
    env: { DATA_DIR: dataDir, SANDBOX: 'auto', LOG_LEVEL: 'warn' },
  });
  await server.start();
  let received: Received[];
  try {
    received = await measure();
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  received.sort((a, b) => b.bytes - a.bytes);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const name = (url: string) => url.replace(origin, '');
  const width = Math.max(...received.map((r) => name(r.url).length), 8);
  console.log(`${'response'.padEnd(width)}  ${'KB'.padStart(6)}  encoding  type`);
  for (const r of received) {
    console.log(
      `${name(r.url).padEnd(width)}  ${kb(r.bytes).padStart(6)}  ${r.encoding.padEnd(8)}  ${r.type}`,
    );
  }
  const total = received.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`${'total'.padEnd(width)}  ${kb(total).padStart(6)}  budget ${BUDGET_KB} KB`);
  const uncompressed = received.filter(
    (r) => r.encoding === 'none' && r.bytes > 1500 && /script|stylesheet/i.test(r.type),
  );
  if (uncompressed.length > 0) {
    console.error(`Sent uncompressed: ${uncompressed.map((r) => name(r.url)).join(', ')}`);
    process.exit(1);
  }
  // The back office is its own page and bundle (apps/web/build/pages.ts): none of its code, nor
  // of what it alone uses, may reach a member.
  const backoffice = /\/api\/backoffice|mantine-datatable/;
  const carrying = received
    .map((r) => name(r.url))
    .filter((path) => path.startsWith('/assets/'))
    .filter((path) => backoffice.test(readFileSync(join(root, 'apps/web/dist', path), 'utf8')));
  if (carrying.length > 0) {
    console.error(`Back-office code in what /login downloads: ${carrying.join(', ')}`);
    process.exit(1);
  }
  if (total > BUDGET_KB * 1024) {
    console.error(`/login took ${kb(total)} KB over the network, over the ${BUDGET_KB} KB budget.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
