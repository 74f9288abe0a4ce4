import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { htmlLang } from '@wallet/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { sendError } from './errors';

const MANIFEST_FILE = 'manifest.webmanifest';

const VARIANT_PLACEHOLDER = /<meta\s+name="app-variant"\s+content="%APP_VARIANT%"\s*\/?>/;

/** A built page of WEB_DIST with the variant written in, or null without it. */
export async function loadWebPage(
  webDist: string,
  laos: boolean,
  file = 'index.html',
): Promise<string | null> {
  const path = join(webDist, file);
  if (!existsSync(path)) return null;
  return withVariant(await readFile(path, 'utf8'), laos);
}

/** The web app's manifest as the build wrote it (apps/web/build/pwa.ts), or null without one. */
async function loadManifest(webDist: string): Promise<Record<string, unknown> | null> {
  const path = join(webDist, MANIFEST_FILE);
  if (!existsSync(path)) return null;
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

/** The back office's pages: its own entry (backoffice.html), none of it in a member's download. */
const isBackofficePage = (path: string) =>
  path === '/backoffice' || path.startsWith('/backoffice/');

/**
 * Serves the built SPA (WEB_DIST) when it exists: hashed /assets/* cached for a year and sent
 * pre-compressed (brotli or gzip, as built),
 * index.html never cached and written with the variant meta tag (docs/architecture.md,
 * Variant), and history fallback: a GET outside /api that is not a file answers index.html.
 * Every other miss, and every unknown /api path, is 404 NO_DATA. Every file outside /assets has
 * no hash in its name, so it is asked again each time it is used: the service worker (/sw.js),
 * whose every check for a new version must reach the server, above all. The installable app's
 * manifest names the operator as the app does (the info lookup, as the tab's title), in the
 * variant's language.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: { webDist: string; html: string | null; backofficeHtml?: string | null },
  ) => {
    const indexHtml = options.html;
    const backofficeHtml = options.backofficeHtml ?? null;

    const sendPage = (reply: FastifyReply, html: string | null) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    const sendIndex = (reply: FastifyReply) => sendPage(reply, indexHtml);

    if (indexHtml !== null) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        index: false,
        wildcard: true,
        // The web build writes `.br` and `.gz` beside each asset; a browser gets the one its
        // Accept-Encoding asks for (with Vary), and no CPU is spent compressing per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, path) {
          const hashed = path.startsWith(join(options.webDist, 'assets'));
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      // index.html is never sent raw: it carries the %APP_VARIANT% placeholder.
      for (const url of ['/', '/index.html']) {
        app.get(url, (_request, reply) => sendIndex(reply));
      }
      if (backofficeHtml !== null) {
        app.get('/backoffice.html', (_request, reply) => sendPage(reply, backofficeHtml));
      }
      const manifest = await loadManifest(options.webDist);
      if (manifest !== null) {
        app.get(`/${MANIFEST_FILE}`, async (_request, reply) => {
          const name = (await app.lookup.info()).name.trim() || manifest.name;
          // The variant's first language: Lao in the Laos variant, Thai elsewhere (the API contract).
          const lang = htmlLang[app.config.laos ? 'la' : 'th'];
          return reply
            .type('application/manifest+json; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(JSON.stringify({ ...manifest, name, short_name: name, lang }));
        });
      }
    }

    // Misses count against the per-IP limit too, or probing unknown paths would be free.
    app.setNotFoundHandler(
      { preHandler: app.rateLimit() },
      (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '';
        const isApi = path === '/api' || path.startsWith('/api/');
        const isPage = request.method === 'GET' || request.method === 'HEAD';
        // A missing asset or file (anything with an extension) is a 404, not the page: a
        // browser must never cache index.html under a script's URL.
        const lastSegment = path.slice(path.lastIndexOf('/') + 1);
        const isFile = path.startsWith('/assets/') || lastSegment.includes('.');
        if (backofficeHtml !== null && isPage && isBackofficePage(path)) {
          return sendPage(reply, backofficeHtml);
        }
        if (indexHtml !== null && !isApi && isPage && !isFile) return sendIndex(reply);
        return sendError(reply, new DomainError('NO_DATA'));
      },
    );
  },
  // The manifest's name is the info lookup's.
  { name: 'web-app', dependencies: ['lookup'] },
);

export function withVariant(html: string, laos: boolean): string {
  const tag = `<meta name="app-variant" content="${laos ? 'laos' : 'default'}" />`;
  return VARIANT_PLACEHOLDER.test(html)
    ? html.replace(VARIANT_PLACEHOLDER, tag)
    : html.replace(/<head([^>]*)>/i, `<head$1>\n    ${tag}`);
}
