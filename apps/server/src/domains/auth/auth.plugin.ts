import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth.route';
import { pruneSignIns } from './session.repository';

const DAY_MS = 24 * 3_600_000;
/** How long members' sign-ins are kept (the back office's history and flags). */
const SIGN_INS_KEPT_MS = 90 * DAY_MS;

/** Sign-in and sign-out; the service is the auth plugin's (plugins/auth.ts). */
export const authDomain = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes, {
      prefix: '/api',
      auth: app.authService,
      loginPerMinute: app.config.rateLimits.loginPerMinute,
    });
    await app.jobs.every('sign-ins.prune', DAY_MS, async () => {
      await pruneSignIns(app.db, new Date(Date.now() - SIGN_INS_KEPT_MS));
    });
  },
  { name: 'auth-domain', dependencies: ['auth'] },
);
