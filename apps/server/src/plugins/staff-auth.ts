import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { signInLimitsOf } from '../domains/auth/sign-in-throttle';
import { type StaffContext, StaffService } from '../domains/staff/staff.service';
import { bearerToken } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts and their sessions: built here, before every back-office route. */
    staffService: StaffService;
    /** onRequest hook of every back-office route: sets request.staff or refuses (401/403). */
    authenticateStaff: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

/** `Authorization: Bearer <staff token>` on the back office's routes (docs/decisions/0044). */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance) => {
    const staff = new StaffService({
      db: app.db,
      counters: app.counters,
      sessionTtlHours: app.config.sessionTtlHours,
      signInLimits: signInLimitsOf(app.config.rateLimits),
      now: () => new Date(),
    });
    app.decorate('staffService', staff);
    const options = { staff };
    app.decorateRequest('staff', null);
    app.decorate('authenticateStaff', async (request: FastifyRequest) => {
      request.staff = await options.staff.authenticate(bearerToken(request.headers.authorization));
    });
  },
  { name: 'staff-auth', dependencies: ['infrastructure'] },
);

/** The signed-in staff member of a route that ran `authenticateStaff`. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new Error('route is missing the authenticateStaff hook');
  return request.staff;
}
