import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';
import { type Harness, startHarness } from '../test/harness';
import { memberWithToken } from '../test/members';

const INDEX = `<!doctype html>
<html lang="th">
  <head>
    <meta charset="UTF-8" />
    <meta name="app-variant" content="%APP_VARIANT%" />
    <script type="module" src="/assets/index-abc123.js"></script>
    <script>${'window.early = "the first screen\'s calls";'}</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const BACKOFFICE = INDEX.replace('index-abc123.js', 'backoffice-abc123.js');

const APP = `export const app = ${JSON.stringify('x'.repeat(4000))};`;

describeOnDatabases('the web app', (target) => {
  let h: Harness;
  let webDist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    h = await startHarness(target);
    webDist = await mkdtemp(join(tmpdir(), 'wallet-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'backoffice.html'), BACKOFFICE);
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
    // What the web build writes beside each asset (vite-plugin-compression2).
    await writeFile(join(webDist, 'assets', 'app-def456.js'), APP);
    await writeFile(join(webDist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP));
    await writeFile(join(webDist, 'assets', 'app-def456.js.gz'), gzipSync(APP));
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await h.build({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await h?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, on = app) => on.inject({ method: 'GET', url });

  it('serves index.html at / with the default variant and no caching', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<meta name="app-variant" content="default" />');
    expect(res.body).not.toContain('%APP_VARIANT%');
    expect((await get('/index.html')).body).toBe(res.body);
  });

  it("serves the back office's own page under /backoffice, and the member app elsewhere", async () => {
    for (const url of ['/backoffice', '/backoffice/members/12', '/backoffice.html']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('backoffice-abc123.js');
      expect(res.body, url).toContain('content="default"');
    }
    for (const url of ['/user/home', '/backofficex', '/login']) {
      expect((await get(url)).body, url).toContain('index-abc123.js');
    }
  });

  it('lets the page run scripts from our origin only, an inline script in its page included', async () => {
    expect((await get('/')).body).toContain('window.early');
    for (const url of ['/', '/user/home', '/api/health']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
      expect(scriptSrc).toBe("script-src 'self'");
    }
  });

  it('writes the laos variant into index.html when LAOS=1', async () => {
    const laos = await h.build({ WEB_DIST: webDist, LAOS: '1' });
    expect((await get('/', laos)).body).toContain('<meta name="app-variant" content="laos" />');
    expect((await get('/user/home', laos)).body).toContain('content="laos"');
  });

  it('falls back to index.html for any page path (history routing)', async () => {
    for (const url of [
      '/login',
      '/user/home',
      '/register?code=PR12',
      '/terminated',
      '/no/such/page',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('content="default"');
    }
  });

  it('leaves the hashed assets out of the per-IP flood guard, not the pages or the API', async () => {
    const tight = await h.build({ WEB_DIST: webDist, RATE_LIMIT_GLOBAL_PER_MIN: '3' });
    for (let i = 0; i < 10; i++) {
      expect((await get('/assets/index-abc123.js', tight)).statusCode).toBe(200);
    }
    const pages = [];
    for (let i = 0; i < 5; i++) pages.push((await get('/login', tight)).statusCode);
    expect(pages).toEqual([200, 200, 200, 429, 429]);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the build-time brotli or gzip file to a browser that accepts it', async () => {
    const asset = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(APP);
  });

  it('compresses answers of 1 KB and more for a browser that accepts it, and no others', async () => {
    const { token } = await memberWithToken(h.app);
    const wallet = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/wallet',
        headers: {
          authorization: `Bearer ${token}`,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const plain = await wallet();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await wallet('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('serves other files without a long cache', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 to a missing asset or file instead of the page', async () => {
    expect((await get('/assets/gone-123.js')).statusCode).toBe(404);
    expect((await get('/robots.txt')).statusCode).toBe(404);
  });

  it('keeps /api paths out of the fallback (404 NO_DATA)', async () => {
    const res = await get('/api/not-a-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_DATA' });
    expect((await get('/api/lookup/info')).statusCode).toBe(200);
  });

  it('keeps serving the page while the service is terminated, so it can show /terminated', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/sandbox/service',
      payload: { terminated: true },
    });
    try {
      expect((await get('/terminated')).statusCode).toBe(200);
      expect((await get('/api/lookup/banks')).statusCode).toBe(410);
    } finally {
      await app.inject({
        method: 'POST',
        url: '/api/sandbox/service',
        payload: { terminated: false },
      });
    }
  });

  it('answers 404 NO_DATA to every path when no web build exists', async () => {
    const res = await get('/', h.app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_DATA' });
  });
});
