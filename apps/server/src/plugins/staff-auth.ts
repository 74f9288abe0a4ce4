import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffContext, StaffService } from '../domains/staff/staff.service';
import { bearerToken } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every back-office route: sets request.staff or refuses (401/403). */
    authenticateStaff: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

/** `Authorization: Bearer <staff token>` on the back office's routes (docs/decisions/0044). */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance, options: { staff: StaffService }) => {
    app.decorateRequest('staff', null);
    app.decorate('authenticateStaff', async (request: FastifyRequest) => {
      request.staff = await options.staff.authenticate(bearerToken(request.headers.authorization));
    });
  },
  { name: 'staff-auth' },
);

/** The signed-in staff member of a route that ran `authenticateStaff`. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new Error('route is missing the authenticateStaff hook');
  return request.staff;
}
