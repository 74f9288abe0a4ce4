import { DepositLookupResponseSchema } from '@wallet/contract/deposit';
import {
  SandboxBankTransferResponseSchema,
  SandboxBankTransferSchema,
} from '@wallet/contract/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { DepositService } from './deposit.service';

/** GET /api/lookup/deposit (member): the receiving accounts (SPEC.md section 3). */
export const depositLookupRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  app.get(
    '/deposit',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: DepositLookupResponseSchema, ...errorResponses } },
    },
    (request) => deposits.lookup(authOf(request)),
  );
};

/**
 * POST /api/sandbox/bank-transfer (CONTRACT.md, Sandbox): the operator's bank feed reports an
 * incoming transfer. The sandbox's stand-in for the feed adapter; a real feed calls the same
 * service method.
 */
export const depositSandboxRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  app.post(
    '/bank-transfer',
    {
      schema: {
        body: SandboxBankTransferSchema,
        response: { 200: SandboxBankTransferResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await deposits.receiveBankTransfer(request.body)),
    }),
  );
};
