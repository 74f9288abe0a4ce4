import {
  AddressListsChangeSchema,
  AddressListsResponseSchema,
  AddressListsSchema,
} from '@wallet/contract/network-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { AddressListSettings } from './address-lists';

/** `/api/backoffice/settings/ip-allow-lists` (docs/backoffice.md, "Settings"). */
export const addressListRoutes: FastifyPluginAsyncZod<{
  lists: AddressListSettings;
  fixed: { members: string[]; staff: string[] };
}> = async (app, { lists, fixed }) => {
  app.get(
    '/',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: AddressListsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ ...(await lists.lists()), fixed, yourAddress: request.ip }),
  );

  app.put(
    '/',
    {
      config: { staff: 'settings.network' },
      schema: {
        body: AddressListsChangeSchema,
        response: { 200: AddressListsSchema, ...errorResponses },
      },
    },
    (request) => {
      const { reason, ...change } = request.body;
      return lists.change(change, reason, changedBy(request));
    },
  );
};
