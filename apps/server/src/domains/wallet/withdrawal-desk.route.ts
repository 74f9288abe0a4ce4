import {
  HeldTransferListResponseSchema,
  RejectionSchema,
  RetryTransferResponseSchema,
  WithdrawalIdParamsSchema,
  WithdrawalListQuerySchema,
  WithdrawalListResponseSchema,
  WithdrawalStateSchema,
} from '@wallet/contract/desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy, staffOf } from '../../plugins/staff-auth';
import type { HeldTransfers } from './held-transfers';
import type { WithdrawalDesk } from './withdrawal-desk';

const state = { 200: WithdrawalStateSchema, ...errorResponses };

/** `/api/backoffice/withdrawals` (CONTRACT.md, "Back office (staff) API"). */
export const withdrawalDeskRoutes: FastifyPluginAsyncZod<{ desk: WithdrawalDesk }> = async (
  app,
  { desk },
) => {
  app.get(
    '/',
    {
      config: { staff: 'withdrawals.read' },
      schema: {
        querystring: WithdrawalListQuerySchema,
        response: { 200: WithdrawalListResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      const { status, ...page } = request.query;
      return desk.list(status, page);
    },
  );

  app.post(
    '/:id/approve',
    {
      config: { staff: 'withdrawals.decide' },
      schema: { params: WithdrawalIdParamsSchema, response: state },
    },
    (request) => desk.approve(request.params.id, staffOf(request), request.ip),
  );

  app.post(
    '/:id/reject',
    {
      config: { staff: 'withdrawals.decide' },
      schema: { params: WithdrawalIdParamsSchema, body: RejectionSchema, response: state },
    },
    (request) => desk.reject(request.params.id, request.body.reason, staffOf(request), request.ip),
  );
};

/** `/api/backoffice/transfers`: game transfers held on a provider's unknown answer. */
export const heldTransferRoutes: FastifyPluginAsyncZod<{ held: HeldTransfers }> = async (
  app,
  { held },
) => {
  app.get(
    '/held',
    {
      config: { staff: 'transfers.read' },
      schema: { response: { 200: HeldTransferListResponseSchema, ...errorResponses } },
    },
    async () => ({ transfers: await held.list() }),
  );

  app.post(
    '/:id/retry',
    {
      config: { staff: 'transfers.retry' },
      schema: {
        params: WithdrawalIdParamsSchema,
        response: { 200: RetryTransferResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const status = await held.askAgain(id);
      await app.audit.append({
        ...changedBy(request),
        action: 'transfer.ask-again',
        target: `transfer:${id}`,
        after: { status },
      });
      return { id, status };
    },
  );
};
