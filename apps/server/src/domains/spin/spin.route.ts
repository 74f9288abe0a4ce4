import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import {
  CouponClaimRequestSchema,
  CouponClaimResponseSchema,
  CouponListResponseSchema,
  SpinActiveResponseSchema,
  SpinResponseSchema,
  SpinSetupResponseSchema,
} from '@wallet/contract/spin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { SpinService } from './spin.service';

const headers = IdempotencyHeadersSchema.loose();

/** /api/spinwheel: the prize wheel and its coupons (the spec's calls), the member's own only. */
export const spinRoutes: FastifyPluginAsyncZod<{ spin: SpinService }> = async (app, { spin }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/active',
    { schema: { response: { 200: SpinActiveResponseSchema, ...errorResponses } } },
    (r) => spin.active(authOf(r)),
  );

  app.get(
    '/setup',
    { schema: { response: { 200: SpinSetupResponseSchema, ...errorResponses } } },
    (r) => spin.setup(authOf(r), r.locale),
  );

  // The spin takes no fields; whatever body comes is ignored.
  app.post(
    '/spin',
    { schema: { headers, response: { 200: SpinResponseSchema, ...errorResponses } } },
    (r) => spin.spin(authOf(r), r.headers['idempotency-key']),
  );

  app.get(
    '/coupon',
    { schema: { response: { 200: CouponListResponseSchema, ...errorResponses } } },
    (r) => spin.coupons(authOf(r), r.locale),
  );

  app.post(
    '/coupon/claim',
    {
      schema: {
        headers,
        body: CouponClaimRequestSchema,
        response: { 200: CouponClaimResponseSchema, ...errorResponses },
      },
    },
    (r) => spin.claim(authOf(r), r.headers['idempotency-key'], r.body.coupon),
  );
};
