import { BannersResponseSchema } from '@wallet/contract/common';
import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import {
  InviteBonusResponseSchema,
  InviteListRequestSchema,
  InviteListResponseSchema,
} from '@wallet/contract/invite';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { InviteService } from './invite.service';

const headers = IdempotencyHeadersSchema.loose();

/** /api/invite (the spec's calls). */
export const inviteRoutes: FastifyPluginAsyncZod<{ invites: InviteService }> = async (
  app,
  { invites },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/',
    {
      schema: {
        body: InviteListRequestSchema,
        response: { 200: InviteListResponseSchema, ...errorResponses },
      },
    },
    (r) => invites.list(authOf(r), r.body.page, r.body.limit),
  );

  app.get(
    '/bonus',
    { schema: { headers, response: { 200: InviteBonusResponseSchema, ...errorResponses } } },
    (r) => invites.collect(authOf(r), r.headers['idempotency-key']),
  );

  app.get(
    '/banners',
    { schema: { response: { 200: BannersResponseSchema, ...errorResponses } } },
    (r) => invites.banners(r.locale),
  );
};
