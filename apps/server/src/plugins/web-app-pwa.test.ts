import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settings } from '../db/schema';
import { describeOnDatabases } from '../test/databases';
import { type Harness, startHarness } from '../test/harness';

const INDEX = `<!doctype html>
<html lang="th">
  <head>
    <meta name="app-variant" content="%APP_VARIANT%" />
    <link rel="manifest" href="/manifest.webmanifest">
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** What apps/web/build/pwa.ts writes: the manifest with its build-time name, and the worker. */
const MANIFEST = {
  id: '/',
  name: 'Member Wallet',
  short_name: 'Member Wallet',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  lang: 'th',
  background_color: '#080f24',
  theme_color: '#0b1430',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
};
const SW = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(300)}`;

describeOnDatabases('the installable web app', (target) => {
  let h: Harness;
  let webDist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    h = await startHarness(target);
    webDist = await mkdtemp(join(tmpdir(), 'wallet-web-pwa-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
    await writeFile(join(webDist, 'sw.js'), SW);
    await writeFile(join(webDist, 'manifest.webmanifest'), JSON.stringify(MANIFEST));
    app = await h.build({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await h?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, on = app, headers: Record<string, string> = {}) =>
    on.inject({ method: 'GET', url, headers });

  it('sends the service worker to be checked again on every use, never from a long cache', async () => {
    const plain = await get('/sw.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(SW);
    // Compressed on the way (no .br beside it: the worker is written after the assets are
    // compressed), still without a long cache.
    const br = await get('/sw.js', app, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SW);
    // An unchanged worker costs a check no more than a 304.
    const again = await get('/sw.js', app, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("answers the manifest as a manifest, named as the operator's site, and asked again each time", async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ ...MANIFEST, name: 'Member Wallet', short_name: 'Member Wallet' });

    await h.db
      .update(settings)
      .set({ value: { name: 'Golden Wallet', website: 'https://golden.example.com' } })
      .where(eq(settings.key, 'info'));
    try {
      const renamed = (await get('/manifest.webmanifest')).json();
      expect(renamed).toMatchObject({ name: 'Golden Wallet', short_name: 'Golden Wallet' });
      expect(renamed.start_url).toBe('/');
      expect(renamed.display).toBe('standalone');
    } finally {
      await h.db
        .update(settings)
        .set({ value: { name: 'Member Wallet', website: 'https://wallet.example.com' } })
        .where(eq(settings.key, 'info'));
    }
  });

  it('gives the manifest the Laos variant’s language', async () => {
    const laos = await h.build({ WEB_DIST: webDist, LAOS: '1' });
    expect((await get('/manifest.webmanifest', laos)).json().lang).toBe('lo');
  });

  it('lets the page register a worker and read a manifest from our origin only', async () => {
    const csp = String((await get('/login')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('keeps the long cache for the hashed assets alone', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });

  it('has no manifest to serve when the build wrote none', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'wallet-web-bare-'));
    try {
      await writeFile(join(bare, 'index.html'), INDEX);
      const without = await h.build({ WEB_DIST: bare });
      expect((await get('/manifest.webmanifest', without)).statusCode).toBe(404);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
