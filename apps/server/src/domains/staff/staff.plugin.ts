import type { StaffRole } from '@wallet/contract/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { errorResponses } from '../../plugins/errors';
import { staffRoutes } from './staff.route';

/**
 * The sandbox's demo staff (CONTRACT.md): one per role, password `<username>-demo`, each with a
 * confirmed authenticator whose current code `GET /api/sandbox/staff/{username}/totp` tells.
 */
export const DEMO_STAFF_ACCOUNTS: readonly {
  username: StaffRole;
  name: string;
  role: StaffRole;
  password: string;
}[] = (['admin', 'finance', 'support', 'viewer'] as const).map((role) => ({
  username: role,
  name: `${role.charAt(0).toUpperCase()}${role.slice(1)}`,
  role,
  password: `${role}-demo`,
}));

/** The demo support account, as the chat's tests and journeys sign in. */
export const DEMO_STAFF = { username: 'support', name: 'Support', password: 'support-demo' };

/** How often the audit log's chain is checked in the background (also on demand). */
const AUDIT_CHECK_MS = 24 * 3_600_000;

const sandboxStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/:username/totp',
    {
      schema: {
        params: z.object({ username: z.string().max(50) }),
        response: { 200: z.object({ code: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const code = await app.staffAccounts.sandboxCode(request.params.username);
      if (code === null) throw new DomainError('REQUEST_LIMIT_1MIN', { retryAfterSeconds: 30 });
      return { code };
    },
  );
};

/** The back office's staff, sessions and audit log; the services are plugins/staff-auth.ts's. */
export const staffDomain = fp(
  async (app: FastifyInstance) => {
    if (app.config.sandbox) {
      for (const account of DEMO_STAFF_ACCOUNTS) await app.staffAccounts.ensureDemo(account);
      await app.register(sandboxStaffRoutes, { prefix: '/api/sandbox' });
    }
    await app.register(staffRoutes, {
      prefix: '/api/backoffice',
      loginPerMinute: app.config.rateLimits.loginPerMinute,
    });
    await app.jobs.every('audit.verify', AUDIT_CHECK_MS, async () => {
      const result = await app.audit.verify();
      if (!result.ok) app.log.error({ audit: result }, 'the audit log chain does not hold');
    });
  },
  { name: 'staff', dependencies: ['staff-auth'] },
);
