import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthContext, AuthService } from '../domains/auth/auth.service';
import { type Revocation, SessionCache } from '../domains/auth/session-cache';
import { signInLimitsOf } from '../domains/auth/sign-in-throttle';
import { closeRedis, listenerOf } from '../lib/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' sessions: built here, before every route that authenticates. */
    authService: AuthService;
    /** The sessions known to this process (SESSION_CACHE_MS); a password change forgets some. */
    sessions: SessionCache;
    /** onRequest hook of every member route: sets request.auth or refuses (401/403). */
    authenticate: onRequestAsyncHookHandler;
    /**
     * onRequest hook of routes open to guests (the chat): a request with an Authorization
     * header is authenticated as `authenticate` does (a bad token is refused, never taken for
     * a guest); one without stays anonymous (request.auth null).
     */
    authenticateIfPresent: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * `Authorization: Bearer <token>` (docs/architecture.md, Auth). Runs as the route's onRequest
 * hook, before the body is parsed, so an anonymous caller learns nothing about a body's
 * validity. The auth domain's service is built here, as every member route needs it; the
 * domain's plugin registers its routes.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, redis } = app;
    const channel = `${config.redisKeyPrefix}sessions:revoked`;
    // With Redis, a revocation reaches every process's cache at once (issue 34); the
    // database row is already revoked, so a failure to tell costs at most SESSION_CACHE_MS.
    const sessions = new SessionCache(config.sessionCacheMs, {
      ...(redis && config.sessionCacheMs > 0
        ? {
            broadcast: async (revocation: Revocation) => {
              await redis.publish(channel, JSON.stringify(revocation)).catch((error: unknown) => {
                app.log.warn({ err: error }, 'session revocation not published');
              });
            },
          }
        : {}),
    });
    if (redis && config.sessionCacheMs > 0) {
      const subscriber = listenerOf(redis, app.log, 'redis subscriber');
      subscriber.on('message', (_channel: string, message: string) => {
        try {
          sessions.apply(JSON.parse(message) as Revocation);
        } catch (error) {
          app.log.warn({ err: error }, 'session revocation unreadable');
        }
      });
      // Not awaited: with Redis away at start, the process still starts (GET /ready says not
      // ready) and subscribes once Redis is back.
      subscriber.subscribe(channel).catch((error: unknown) => {
        app.log.warn({ err: error }, 'session revocations not subscribed');
      });
      app.addHook('onClose', () => closeRedis(subscriber));
    }
    const auth = new AuthService({
      db: app.db,
      counters: app.counters,
      variant: app.variant,
      sessions,
      sessionTtlHours: config.sessionTtlHours,
      signInLimits: signInLimitsOf(config.rateLimits),
      now: () => new Date(),
    });
    app.decorate('sessions', sessions);
    app.decorate('authService', auth);
    const options = { auth };
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await options.auth.authenticate(request.headers.authorization);
    });
    app.decorate('authenticateIfPresent', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      request.auth =
        header === undefined || header.trim() === ''
          ? null
          : await options.auth.authenticate(header);
    });
  },
  { name: 'auth', dependencies: ['infrastructure'] },
);

/** The signed-in member of a route that ran `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}
