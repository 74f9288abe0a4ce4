import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext, AuthService } from '../domains/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
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
 * `Authorization: Bearer <token>` (CONTRACT.md). Runs as the route's onRequest hook, before
 * the body is parsed, so an anonymous caller learns nothing about a body's validity.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService }) => {
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
  { name: 'auth' },
);

/** The signed-in member of a route that ran `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}
