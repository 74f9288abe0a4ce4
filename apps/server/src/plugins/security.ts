import cors from '@fastify/cors';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER } from '@wallet/contract/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the SPA and the API. The CSP is as tight as a Vite-built React app
 * with Mantine allows: scripts only from our origin, and the page's one inline script (the
 * first screen's early start) by its hash; inline styles because Mantine writes
 * style attributes and <style> tags at run time; images also from data: (generated QR codes,
 * seeded logos) and https: (operator banners); media and frames from https: for the how-to
 * videos. upgrade-insecure-requests is left out so plain-HTTP installs (localhost, e2e) work.
 *
 * helmet itself, built once: @fastify/helmet builds a new helmet (parsing the CSP again) on
 * every request, which was a few per cent of the server's time per transfer.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      corsOrigins: string[];
      /** Inline scripts the page may run, by hash (web-app.ts, inlineScriptHashes). */
      scriptHashes: string[];
    },
  ) => {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...options.scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          frameSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
    // Closed unless CORS_ORIGINS lists origins: the SPA is served from the same origin.
    await app.register(cors, {
      origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', WALLET_USER_HEADER, IDEMPOTENCY_HEADER],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
