import {
  BonusChangeSchema,
  BonusCodeParamsSchema,
  BonusCreateSchema,
  BonusSettingListSchema,
  BonusSettingSchema,
  InviteChangeSchema,
  InviteSettingSchema,
  RefundChangeSchema,
  RefundSettingSchema,
  WheelChangeSchema,
  WheelFieldsSchema,
  WheelSettingResponseSchema,
} from '@wallet/contract/promotion-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { PromotionSettings } from './promotion-settings';

const read = { staff: 'promotions.read' } as const;
const change = { staff: 'promotions.change' } as const;

/** `/api/backoffice/promotions` (docs/backoffice.md, "Promotions"). */
export const promotionSettingsRoutes: FastifyPluginAsyncZod<{
  promotions: PromotionSettings;
}> = async (app, { promotions }) => {
  app.get(
    '/bonuses',
    { config: read, schema: { response: { 200: BonusSettingListSchema, ...errorResponses } } },
    async () => ({ bonuses: await promotions.bonuses() }),
  );

  app.post(
    '/bonuses',
    {
      config: change,
      schema: { body: BonusCreateSchema, response: { 200: BonusSettingSchema, ...errorResponses } },
    },
    (request) => {
      const { reason, ...bonus } = request.body;
      return promotions.createBonus(bonus, reason, changedBy(request));
    },
  );

  app.put(
    '/bonuses/:code',
    {
      config: change,
      schema: {
        params: BonusCodeParamsSchema,
        body: BonusChangeSchema,
        response: { 200: BonusSettingSchema, ...errorResponses },
      },
    },
    (request) => {
      const { reason, ...rules } = request.body;
      return promotions.changeBonus(request.params.code, rules, reason, changedBy(request));
    },
  );

  app.get(
    '/wheel',
    { config: read, schema: { response: { 200: WheelSettingResponseSchema, ...errorResponses } } },
    async () => ({ wheel: await promotions.wheel() }),
  );

  app.put(
    '/wheel',
    {
      config: change,
      schema: { body: WheelChangeSchema, response: { 200: WheelFieldsSchema, ...errorResponses } },
    },
    (request) =>
      promotions.publishWheel(request.body.wheel, request.body.reason, changedBy(request)),
  );

  app.get(
    '/invite',
    { config: read, schema: { response: { 200: InviteSettingSchema, ...errorResponses } } },
    () => promotions.invite(),
  );

  app.put(
    '/invite',
    {
      config: change,
      schema: {
        body: InviteChangeSchema,
        response: { 200: InviteSettingSchema, ...errorResponses },
      },
    },
    (request) =>
      promotions.changeInvite(request.body.rules, request.body.reason, changedBy(request)),
  );

  app.get(
    '/refund',
    { config: read, schema: { response: { 200: RefundSettingSchema, ...errorResponses } } },
    () => promotions.refund(),
  );

  app.put(
    '/refund',
    {
      config: change,
      schema: {
        body: RefundChangeSchema,
        response: { 200: RefundSettingSchema, ...errorResponses },
      },
    },
    (request) =>
      promotions.changeRefund(request.body.rules, request.body.reason, changedBy(request)),
  );
};
