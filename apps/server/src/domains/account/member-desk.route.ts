import {
  MemberDetailSchema,
  MemberIdParamsSchema,
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
  ReasonSchema,
  StaffBankAccountNameSchema,
} from '@wallet/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { staffOf } from '../../plugins/staff-auth';
import { actorOf } from '../staff/staff.service';
import type { MemberDesk } from './member-desk';

/** `/api/backoffice/members` (CONTRACT.md, "Back office (staff) API"). */
export const memberDeskRoutes: FastifyPluginAsyncZod<{ desk: MemberDesk }> = async (
  app,
  { desk },
) => {
  app.get(
    '/',
    {
      config: { staff: 'members.read' },
      schema: {
        querystring: MemberSearchQuerySchema,
        response: { 200: MemberSearchResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ members: await desk.search(request.query.q) }),
  );

  app.get(
    '/:id',
    {
      config: { staff: 'members.read' },
      schema: {
        params: MemberIdParamsSchema,
        response: { 200: MemberDetailSchema, ...errorResponses },
      },
    },
    (request) => desk.detail(request.params.id),
  );

  app.post(
    '/:id/bank-account-name',
    {
      config: { staff: 'members.status' },
      schema: {
        params: MemberIdParamsSchema,
        body: StaffBankAccountNameSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const by = { actor: actorOf(staffOf(request)), ip: request.ip };
      const { bankAccountName, reason } = request.body;
      await desk.renameBankAccount(request.params.id, bankAccountName, reason, by);
      return { success: true as const };
    },
  );

  for (const [path, active] of [
    ['/:id/deactivate', false],
    ['/:id/reactivate', true],
  ] as const) {
    app.post(
      path,
      {
        config: { staff: 'members.status' },
        schema: {
          params: MemberIdParamsSchema,
          body: ReasonSchema,
          response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
        },
      },
      async (request) => {
        const by = { actor: actorOf(staffOf(request)), ip: request.ip };
        await desk.setActive(request.params.id, active, request.body.reason, by);
        return { success: true as const };
      },
    );
  }
};
