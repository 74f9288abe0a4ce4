import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { DomainError } from '../lib/domain-error';

/**
 * Per-IP limits (the API contract): generous, because players share carrier-grade NAT addresses.
 * The global limit covers every route except those that set their own (`perMinute`) or opt
 * out (`rateLimit: false`, health). Through Redis when REDIS_URL is set, so several processes
 * share one count. The tight limits per phone and per account are counters in the services.
 */
export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    options: { globalPerMinute: number; redis: Redis | null; keyPrefix: string },
  ) => {
    await app.register(rateLimit, {
      global: true,
      max: options.globalPerMinute,
      timeWindow: 60_000,
      // The global limit is a flood guard, not a security control: if Redis is unreachable
      // the API keeps answering. The per-route limits below fail closed.
      skipOnError: true,
      // The web app's hashed assets are immutable files, cached by browsers for a year: a fresh
      // phone loads some forty of them, and thirty players behind one carrier NAT opening the app
      // at once must not read as a flood.
      allowList: (request) => request.url.startsWith('/assets/'),
      ...(options.redis ? { redis: options.redis, nameSpace: `${options.keyPrefix}rl:` } : {}),
      errorResponseBuilder: () => new DomainError('REQUEST_LIMIT'),
    });
  },
  { name: 'rate-limit' },
);

/** A tighter per-IP limit for one route (sign-in, OTP, registration): REQUEST_LIMIT_1MIN. */
export function perMinute(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    skipOnError: false,
    errorResponseBuilder: () => new DomainError('REQUEST_LIMIT_1MIN'),
  };
}
