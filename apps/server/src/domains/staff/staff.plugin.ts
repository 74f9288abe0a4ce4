import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { staffRoutes } from './staff.route';

/** The sandbox's support account (README, docs/decisions/0044): made once, never changed. */
export const DEMO_STAFF = { username: 'support', name: 'Support', password: 'support-demo' };

/** Staff sign-in; the service is the staff auth plugin's (plugins/staff-auth.ts). */
export const staffDomain = fp(
  async (app: FastifyInstance) => {
    const staff = app.staffService;
    if (app.config.sandbox) await staff.ensure(DEMO_STAFF);
    await app.register(staffRoutes, {
      prefix: '/api/backoffice',
      staff,
      loginPerMinute: app.config.rateLimits.loginPerMinute,
    });
  },
  { name: 'staff', dependencies: ['staff-auth'] },
);
