import { DepositLookupResponseSchema } from '@wallet/contract/deposit';
import { toMinor } from '@wallet/contract/money';
import {
  SandboxBankTransferResponseSchema,
  SandboxBankTransferSchema,
  SandboxTruelinkResponseSchema,
  SandboxTruelinkSchema,
} from '@wallet/contract/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { SandboxGiftLinks } from '../../providers/truemoney/gift-links';
import type { DepositService } from './deposit.service';

/** GET /api/lookup/deposit (member): the receiving accounts (the spec's entities). */
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
 * POST /api/sandbox/bank-transfer (the API contract's sandbox): the operator's bank feed reports an
 * incoming transfer. The sandbox's stand-in for the feed adapter; a real feed calls the same
 * service method.
 */
export const depositSandboxRoutes: FastifyPluginAsyncZod<{
  deposits: DepositService;
  giftLinks: SandboxGiftLinks;
}> = async (app, { deposits, giftLinks }) => {
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

  // POST /api/sandbox/truelink: a fresh gift link of that amount from that phone (the API contract).
  app.post(
    '/truelink',
    {
      schema: {
        body: SandboxTruelinkSchema,
        response: { 200: SandboxTruelinkResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      link: await giftLinks.create(toMinor(request.body.amount), request.body.phoneNumber),
    }),
  );
};
