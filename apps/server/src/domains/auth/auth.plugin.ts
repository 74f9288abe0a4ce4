import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth.route';

/** Sign-in and sign-out; the service is the auth plugin's (plugins/auth.ts). */
export const authDomain = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes, {
      prefix: '/api',
      auth: app.authService,
      loginPerMinute: app.config.rateLimits.loginPerMinute,
    });
  },
  { name: 'auth-domain', dependencies: ['auth'] },
);
