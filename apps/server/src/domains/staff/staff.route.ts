import {
  StaffLoginResponseSchema,
  StaffLoginSchema,
  StaffProfileSchema,
} from '@wallet/contract/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { perMinute } from '../../plugins/rate-limit';
import { staffOf } from '../../plugins/staff-auth';
import type { StaffService } from './staff.service';

/** POST /api/backoffice/login, GET /api/backoffice/me, POST /api/backoffice/logout. */
export const staffRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  loginPerMinute: number;
}> = async (app, { staff, loginPerMinute }) => {
  app.post(
    '/login',
    {
      schema: {
        body: StaffLoginSchema,
        response: { 200: StaffLoginResponseSchema, ...errorResponses },
      },
      config: { rateLimit: perMinute(loginPerMinute) },
    },
    (request) => staff.login(request.body, request.ip),
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticateStaff,
      schema: { response: { 200: StaffProfileSchema, ...errorResponses } },
    },
    (request) => {
      const { id, username, name } = staffOf(request);
      return { id, username, name };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticateStaff,
      schema: { response: { 200: z.object({ success: z.literal(true) }), ...errorResponses } },
    },
    async (request) => {
      await staff.logout(staffOf(request));
      return { success: true as const };
    },
  );
};
