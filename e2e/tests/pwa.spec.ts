import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ServerProcess, serverProcess } from '../../apps/server/src/test/server-process';
import { registerMember, signIn } from '../support/members';

/**
 * The member app on a phone's home screen: its manifest, the service worker that opens it
 * offline, and a new version reaching an open app. These journeys' browsers run the worker; the
 * other journeys' do not (playwright.config.ts).
 */
const root = resolve(import.meta.dirname, '../..');
const builtWeb = join(root, 'apps/web/dist');

test.use({ serviceWorkers: 'allow' });

/** The page registers its worker once it has settled; this waits until that worker serves it. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    {
      timeout: 60_000,
    },
  );
}

/** Width and height from a PNG's header. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test('links a manifest Chromium finds installable, naming the operator, with icons that load', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(String(href));
  expect(answer.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  const manifest = await answer.json();
  // The seeded site name, as the info lookup gives it (the tab's title).
  const { name } = await (await request.get('/api/lookup/info')).json();
  expect(manifest).toMatchObject({
    name,
    short_name: name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'th',
    theme_color: '#0b1430',
    background_color: '#080f24',
  });
  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(String(apple))).body())).toBe('180x180');

  // Chromium's own reading of the manifest, and of the page once its worker serves it.
  const cdp = await page.context().newCDPSession(page);
  expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
  await workerInControl(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A Playwright context is a private window, where no browser offers to install anything.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test("opens offline from its worker's copy, on the offline screen rather than the browser's error", async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await workerInControl(page);

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByRole('dialog', { name: 'ไม่มีการเชื่อมต่อ' });
  await expect(offline).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-screen.png') });
  await offline.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
  await expect(offline.getByText('ยังเชื่อมต่อไม่ได้ ลองอีกครั้งในอีกสักครู่')).toBeVisible();

  // Any page of the member app opens the same way; the back office is never the worker's.
  await page.goto('/register');
  await expect(offline).toBeVisible();
  // (In a page of its own: the browser's error page would cut the next navigation short.)
  const staff = await context.newPage();
  await expect(staff.goto('/backoffice')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await staff.close();

  // Back on the network the screen goes by itself, over a page that works.
  await page.goto('/login');
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await expect(page.locator('input[type="password"]')).toBeVisible();
});

test('keeps no API answer, and nothing of the back office, in its caches', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await workerInControl(page);
  // The member's screens call the API while the worker serves the page.
  await page.reload();
  await expect(page.getByText('Total balance').first()).toBeVisible();
  await page.goto('/user/statement');

  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) paths.push(new URL(entry.url).pathname);
    }
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(20);
  expect(cached.filter((path) => !(path.startsWith('/assets/') || path === '/index.html'))).toEqual(
    ['/favicon.svg'],
  );
  const backOffice = /\/api\/backoffice|mantine-datatable/;
  const carrying = cached
    .filter((path) => path.startsWith('/assets/'))
    .filter((path) => backOffice.test(readFileSync(join(builtWeb, path), 'utf8')));
  expect(carrying).toEqual([]);
});

/**
 * A deploy under an open app needs a server of its own, on a copy of the build it can change and
 * restart; the other journeys' servers serve the build itself.
 */
test.describe('a deploy', () => {
  const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 3;
  let server: ServerProcess;
  let webDist: string;
  let dataDir: string;

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test.beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'wallet-e2e-pwa-web-'));
    dataDir = mkdtempSync(join(tmpdir(), 'wallet-e2e-pwa-data-'));
    cpSync(builtWeb, webDist, { recursive: true });
    server = serverProcess({
      command: ['apps/server/dist/main.js'],
      cwd: root,
      port,
      env: { DATA_DIR: dataDir, SANDBOX: '1', LOG_LEVEL: 'warn', WEB_DIST: webDist },
      // As long as playwright.config.ts gives the journeys' servers: a first start seeds.
      startTimeoutMs: 120_000,
    });
    await server.start();
  });

  test.afterAll(async () => {
    await server?.stop();
    for (const dir of [webDist, dataDir]) rmSync(dir, { recursive: true, force: true });
  });

  test('a new version asks its member to reload, and runs once they say so', async ({ page }) => {
    await page.goto('/login');
    await workerInControl(page);

    // A deploy: a new page and a worker that knows it, and the server restarted on them.
    await server.stop();
    const index = join(webDist, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace(
        '<head>',
        '<head>\n    <meta name="wallet-release" content="2" />',
      ),
    );
    const worker = join(webDist, 'sw.js');
    const before = readFileSync(worker, 'utf8');
    const after = before.replace(
      /(url:"index\.html",revision:")[0-9a-f]+"/,
      `$1${randomUUID().replaceAll('-', '')}"`,
    );
    expect(after).not.toBe(before);
    writeFileSync(worker, after);
    await server.start();

    // The member opens the app again: still the version they had, and asked whether to move on.
    await page.reload();
    const prompt = page.getByRole('alert').filter({ hasText: 'มีเวอร์ชันใหม่พร้อมใช้งาน' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('meta[name="wallet-release"]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('update-prompt.png') });

    await prompt.getByRole('button', { name: 'โหลดใหม่ตอนนี้' }).click();
    await expect(page.locator('meta[name="wallet-release"]')).toHaveAttribute('content', '2');
    await workerInControl(page);
    const revision = after.match(/url:"index\.html",revision:"([0-9a-f]+)"/)?.[1];
    const cachedPage = await page.evaluate(async () => {
      const keys: string[] = [];
      for (const name of await caches.keys()) {
        for (const entry of await (await caches.open(name)).keys()) keys.push(entry.url);
      }
      return keys.filter((url) => new URL(url).pathname === '/index.html');
    });
    expect(cachedPage).toEqual([expect.stringContaining(`__WB_REVISION__=${revision}`)]);
  });
});
