import cors from '@fastify/cors';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER } from '@wallet/contract/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the SPA and the API. The CSP is as tight as a Vite-built React app
 * with Mantine allows: scripts only from our origin, no inline script; inline styles because Mantine writes
 * style attributes and <style> tags at run time; images also from data: (generated QR codes,
 * seeded logos) and https: (operator banners); media and frames only from our origin (chat
 * videos) and the how-to videos' origins (HOWTO_VIDEO_ORIGINS), so injected markup cannot frame
 * or play anything else; the member app's service worker and manifest from our origin only. The Permissions-Policy turns off the device features the app never
 * uses (the copy buttons keep clipboard-write). upgrade-insecure-requests is left out so plain-HTTP installs (localhost, e2e) work.
 *
 * helmet itself, built once: @fastify/helmet builds a new helmet (parsing the CSP again) on
 * every request, which was a few per cent of the server's time per transfer.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      corsOrigins: string[];
      /** Where the how-to videos play from (HOWTO_VIDEO_ORIGINS). */
      videoOrigins: string[];
    },
  ) => {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The member app's service worker (/sw.js) and manifest: our origin's only, said
          // outright rather than left to default-src.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:', ...options.videoOrigins],
          frameSrc: ["'self'", ...options.videoOrigins],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // No /api answer may be kept by a browser or a shared cache: most carry a member's data,
      // sign-in and OTP answers carry tokens, guests' chat carries theirs, and the web app keeps
      // its own cache (TanStack Query). A route that serves a file under a signed link sets its
      // own header, which replaces this one.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
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
