import { ReasonSchema } from '@wallet/contract/staff';
import {
  MemberDetailSchema,
  MemberIdParamsSchema,
  MemberNoteSchema,
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
  MemberTagsSchema,
  StaffBankAccountNameSchema,
} from '@wallet/contract/staff-members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { ChangedBy } from '../staff/staff-accounts';
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
    (request) => {
      const { q, ...page } = request.query;
      return desk.search(q, page);
    },
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
      const { bankAccountName, reason } = request.body;
      await desk.renameBankAccount(request.params.id, bankAccountName, reason, changedBy(request));
      return { success: true as const };
    },
  );

  // The actions that take a reason only: each is in the audit log with it.
  const actions: [string, (id: number, reason: string, by: ChangedBy) => Promise<void>][] = [
    ['/:id/deactivate', (id, reason, by) => desk.setActive(id, false, reason, by)],
    ['/:id/reactivate', (id, reason, by) => desk.setActive(id, true, reason, by)],
    ['/:id/password-reset', (id, reason, by) => desk.resetPassword(id, reason, by)],
    ['/:id/sign-in-unlock', (id, reason, by) => desk.clearSignInLock(id, reason, by)],
    ['/:id/sessions/end', (id, reason, by) => desk.endSessions(id, reason, by)],
  ];
  for (const [path, act] of actions) {
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
        await act(request.params.id, request.body.reason, changedBy(request));
        return { success: true as const };
      },
    );
  }

  app.post(
    '/:id/notes',
    {
      config: { staff: 'members.note' },
      schema: {
        params: MemberIdParamsSchema,
        body: MemberNoteSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await desk.addNote(request.params.id, request.body.body, changedBy(request));
      return { success: true as const };
    },
  );

  app.put(
    '/:id/tags',
    {
      config: { staff: 'members.note' },
      schema: {
        params: MemberIdParamsSchema,
        body: MemberTagsSchema,
        response: { 200: MemberTagsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      tags: await desk.setTags(request.params.id, request.body.tags, changedBy(request)),
    }),
  );
};
