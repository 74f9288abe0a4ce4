import { BannersResponseSchema } from '@wallet/contract/common';
import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import {
  RefundAddWalletResponseSchema,
  RefundCheckResponseSchema,
  RefundListRequestSchema,
  RefundListResponseSchema,
  RefundReceiveResponseSchema,
} from '@wallet/contract/refund';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { RefundService } from './refund.service';

const headers = IdempotencyHeadersSchema.loose();

/** /api/refund (the spec's calls). */
export const refundRoutes: FastifyPluginAsyncZod<{ refunds: RefundService }> = async (
  app,
  { refunds },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/',
    {
      schema: {
        body: RefundListRequestSchema,
        response: { 200: RefundListResponseSchema, ...errorResponses },
      },
    },
    (r) => refunds.list(authOf(r), r.body.page, r.body.limit),
  );

  app.get(
    '/check',
    { schema: { response: { 200: RefundCheckResponseSchema, ...errorResponses } } },
    (r) => refunds.check(authOf(r), r.locale),
  );

  app.get(
    '/receive',
    { schema: { headers, response: { 200: RefundReceiveResponseSchema, ...errorResponses } } },
    (r) => refunds.receive(authOf(r), r.headers['idempotency-key']),
  );

  app.get(
    '/addWallet',
    { schema: { headers, response: { 200: RefundAddWalletResponseSchema, ...errorResponses } } },
    (r) => refunds.addWallet(authOf(r), r.headers['idempotency-key']),
  );

  app.get(
    '/banners',
    { schema: { response: { 200: BannersResponseSchema, ...errorResponses } } },
    (r) => refunds.banners(r.locale),
  );
};
