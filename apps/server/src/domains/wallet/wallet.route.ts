import { TruelinkRequestSchema, TruelinkResponseSchema } from '@wallet/contract/deposit';
import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import {
  AddRequestSchema,
  AddResponseSchema,
  RefreshSlotResponseSchema,
  TransferAllRequestSchema,
  TransferAllResponseSchema,
  TransferRequestSchema,
  TransferResponseSchema,
  WalletResponseSchema,
  WithdrawRequestSchema,
  WithdrawResponseSchema,
} from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { WalletService } from './wallet.service';

// Other headers pass through untouched: only the key is checked here.
const headers = IdempotencyHeadersSchema.loose();

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  sandbox: boolean;
}> = async (app, { wallet, sandbox }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/', { schema: { response: { 200: WalletResponseSchema, ...errorResponses } } }, (r) =>
    wallet.wallet(authOf(r)),
  );

  app.get(
    '/refresh/slot',
    { schema: { response: { 200: RefreshSlotResponseSchema, ...errorResponses } } },
    (r) => wallet.refresh(authOf(r)),
  );

  if (sandbox) {
    app.post(
      '/add',
      {
        schema: {
          headers,
          body: AddRequestSchema,
          response: { 200: AddResponseSchema, ...errorResponses },
        },
      },
      (r) => wallet.add(authOf(r), r.headers['idempotency-key'], r.body.amount),
    );
  }

  app.post(
    '/transfer',
    {
      schema: {
        headers,
        body: TransferRequestSchema,
        response: { 200: TransferResponseSchema, ...errorResponses },
      },
    },
    (r) => wallet.transfer(authOf(r), r.headers['idempotency-key'], r.body),
  );

  app.post(
    '/truelink',
    {
      schema: {
        headers,
        body: TruelinkRequestSchema,
        response: { 200: TruelinkResponseSchema, ...errorResponses },
      },
    },
    (r) => wallet.truelink(authOf(r), r.headers['idempotency-key'], r.body.link),
  );

  app.post(
    '/transferAll',
    {
      schema: {
        headers,
        body: TransferAllRequestSchema,
        response: { 200: TransferAllResponseSchema, ...errorResponses },
      },
    },
    (r) => wallet.transferAll(authOf(r), r.headers['idempotency-key'], r.body),
  );

  app.post(
    '/withdraw',
    {
      schema: {
        headers,
        body: WithdrawRequestSchema,
        response: { 200: WithdrawResponseSchema, ...errorResponses },
      },
    },
    (r) => wallet.withdraw(authOf(r), r.headers['idempotency-key'], r.body.amount),
  );

  app.post(
    '/withdrawAll',
    {
      schema: {
        headers,
        body: WithdrawRequestSchema,
        response: { 200: WithdrawResponseSchema, ...errorResponses },
      },
    },
    (r) => wallet.withdrawAll(authOf(r), r.headers['idempotency-key'], r.body.amount),
  );
};
