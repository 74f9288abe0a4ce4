import { type Locale, locales } from '@wallet/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader's language for operator texts (docs/decisions/0064). */
    locale: Locale;
  }
}

/**
 * The first of the app's languages the `Accept-Language` header names, by its order of
 * preference (`lo` is Lao's real code, `la` the app's key); else the variant's own language.
 */
export function localeOf(header: string | undefined, fallback: Locale): Locale {
  if (!header) return fallback;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const locale = tag === 'lo' ? 'la' : tag;
    if ((locales as readonly string[]).includes(locale)) return locale as Locale;
  }
  return fallback;
}

export const languagePlugin = fp(
  async (app: FastifyInstance, options: { fallback: Locale }) => {
    app.decorateRequest('locale', options.fallback);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.locale = localeOf(request.headers['accept-language'], options.fallback);
    });
  },
  { name: 'language' },
);
