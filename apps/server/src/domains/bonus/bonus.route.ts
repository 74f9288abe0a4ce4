import {
  BonusActivateResponseSchema,
  BonusCheckActiveResponseSchema,
  BonusCheckMinimumResponseSchema,
  BonusClearResponseSchema,
  BonusCodeParamsSchema,
  BonusListResponseSchema,
} from '@wallet/contract/bonus';
import {
  PromotionActivateResponseSchema,
  PromotionCodeParamsSchema,
  PromotionCurrentResponseSchema,
  PromotionFindResponseSchema,
} from '@wallet/contract/promotion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { BonusService } from './bonus.service';

/** /api/bonus (the spec's calls, bonus and promotion). */
export const bonusRoutes: FastifyPluginAsyncZod<{ bonuses: BonusService }> = async (
  app,
  { bonuses },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/', { schema: { response: { 200: BonusListResponseSchema, ...errorResponses } } }, (r) =>
    bonuses.list(authOf(r), r.locale),
  );

  app.get(
    '/activate/:code',
    {
      schema: {
        params: BonusCodeParamsSchema,
        response: { 200: BonusActivateResponseSchema, ...errorResponses },
      },
    },
    (r) => bonuses.activate(authOf(r), r.params.code),
  );

  app.get(
    '/check/active',
    { schema: { response: { 200: BonusCheckActiveResponseSchema, ...errorResponses } } },
    (r) => bonuses.checkActive(authOf(r)),
  );

  app.get(
    '/check/minimum',
    { schema: { response: { 200: BonusCheckMinimumResponseSchema, ...errorResponses } } },
    (r) => bonuses.checkMinimum(authOf(r)),
  );

  app.get(
    '/clear',
    { schema: { response: { 200: BonusClearResponseSchema, ...errorResponses } } },
    (r) => bonuses.clear(authOf(r)),
  );
};

/** /api/promotion (the spec's calls): promotion codes, found and taken by their code. */
export const promotionRoutes: FastifyPluginAsyncZod<{ bonuses: BonusService }> = async (
  app,
  { bonuses },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/current',
    { schema: { response: { 200: PromotionCurrentResponseSchema, ...errorResponses } } },
    (r) => bonuses.currentPromotion(authOf(r), r.locale),
  );

  app.get(
    '/find/:code',
    {
      schema: {
        params: PromotionCodeParamsSchema,
        response: { 200: PromotionFindResponseSchema, ...errorResponses },
      },
    },
    (r) => bonuses.findPromotion(authOf(r), r.params.code, r.locale),
  );

  app.get(
    '/activate/:code',
    {
      schema: {
        params: PromotionCodeParamsSchema,
        response: { 200: PromotionActivateResponseSchema, ...errorResponses },
      },
    },
    (r) => bonuses.activatePromotion(authOf(r), r.params.code),
  );
};
