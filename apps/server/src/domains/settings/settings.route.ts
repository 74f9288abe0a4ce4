import {
  CurrencyParamsSchema,
  LimitsChangeSchema,
  LimitsResponseSchema,
  SwitchesChangeSchema,
  SwitchesSchema,
} from '@wallet/contract/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { OperatorSettings } from './operator-settings';

/** `/api/backoffice/settings` (docs/backoffice.md, "Settings"). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: OperatorSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    '/switches',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: SwitchesSchema, ...errorResponses } },
    },
    () => settings.switches(),
  );

  app.put(
    '/switches',
    {
      config: { staff: 'settings.switches' },
      schema: { body: SwitchesChangeSchema, response: { 200: SwitchesSchema, ...errorResponses } },
    },
    (request) => settings.changeSwitches(request.body, changedBy(request)),
  );

  app.get(
    '/limits',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: LimitsResponseSchema, ...errorResponses } },
    },
    () => settings.limits(),
  );

  app.put(
    '/limits/:currency',
    {
      config: { staff: 'settings.limits' },
      schema: {
        params: CurrencyParamsSchema,
        body: LimitsChangeSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const { limits, reason } = request.body;
      await settings.changeLimits(request.params.currency, limits, reason, changedBy(request));
      return { success: true as const };
    },
  );
};
