import { randomUUID } from 'node:crypto';
import type { QrProvider } from '@wallet/contract/constants';
import {
  QrcodeDeleteResponseSchema,
  QrcodeIdParamsSchema,
  QrcodeStateSchema,
  QrProviderParamsSchema,
} from '@wallet/contract/deposit';
import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import { MoneySchema } from '@wallet/contract/money';
import { SandboxQrPayParamsSchema, SandboxQrPayResponseSchema } from '@wallet/contract/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { QrCallbackSecrets } from '../../providers/payments/callback-secrets';
import {
  type QrPaymentProvider,
  SandboxQrProvider,
  SIGNATURE_HEADER,
} from '../../providers/payments/qr-payment-provider';
import type { QrService } from './qr.service';

const headers = IdempotencyHeadersSchema.loose();

/** GET / POST /api/qrcode/{provider}, DELETE /api/qrcode/{qrcodeId} (the spec's calls). */
export const qrRoutes: FastifyPluginAsyncZod<{ qr: QrService }> = async (app, { qr }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:provider',
    {
      schema: {
        params: QrProviderParamsSchema,
        response: { 200: QrcodeStateSchema, ...errorResponses },
      },
    },
    (r) => qr.current(authOf(r), r.params.provider),
  );

  app.post(
    '/:provider',
    {
      schema: {
        headers,
        params: QrProviderParamsSchema,
        // The provider's minimum is checked by the service (it depends on the path).
        body: z.object({ amount: MoneySchema }),
        response: { 200: QrcodeStateSchema, ...errorResponses },
      },
    },
    (r) => qr.create(authOf(r), r.headers['idempotency-key'], r.params.provider, r.body.amount),
  );

  app.delete(
    '/:qrcodeId',
    {
      schema: {
        params: QrcodeIdParamsSchema,
        response: { 200: QrcodeDeleteResponseSchema, ...errorResponses },
      },
    },
    (r) => qr.cancel(authOf(r), r.params.qrcodeId),
  );
};

/** Where a provider's paid callbacks arrive: /api/callbacks/qr/{provider}, lower case. */
export const qrCallbackPath = (provider: QrProvider) =>
  `/api/callbacks/qr/${provider.toLowerCase()}`;

/** A callback is a few hundred bytes; anything much larger is refused before it is read. */
const CALLBACK_BODY_LIMIT = 4096;

/**
 * POST /api/callbacks/qr/{provider}: each provider's paid callback (docs/decisions/0042). The body
 * is taken as raw bytes, size-limited, and its signature checked before anything else reads it.
 * An unknown provider and a bad signature answer the same 401; every signed callback answers
 * 200, whatever became of it (recorded for the operator), so no caller learns which QRs exist.
 * Accepted while the service is terminated: money a member already paid must still land.
 */
export const qrCallbackRoutes: FastifyPluginAsyncZod<{ qr: QrService }> = async (app, { qr }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/:provider',
    {
      config: { allowWhenTerminated: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        params: z.object({ provider: z.string().max(20) }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await qr.receiveCallback(
        request.params.provider.toUpperCase(),
        raw,
        request.headers,
      );
      if (outcome === null) throw new DomainError('UNAUTHORIZED');
      return { received: true as const };
    },
  );
};

/**
 * POST /api/sandbox/qrcode/{qrcodeId}/pay (the API contract): the sandbox provider of that QR reports
 * it paid in full, by sending its signed callback through the same route a real provider calls.
 */
export const qrSandboxRoutes: FastifyPluginAsyncZod<{
  qr: QrService;
  providers: ReadonlyMap<QrProvider, QrPaymentProvider>;
  callbackSecrets: Pick<QrCallbackSecrets, 'current'>;
}> = async (app, { qr, providers, callbackSecrets }) => {
  app.post(
    '/qrcode/:qrcodeId/pay',
    {
      schema: {
        params: SandboxQrPayParamsSchema,
        response: { 200: SandboxQrPayResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await qr.find(request.params.qrcodeId);
      const provider = found ? providers.get(found.provider as QrProvider) : undefined;
      if (!found || !(provider instanceof SandboxQrProvider)) throw new DomainError('NO_DATA');
      const callback = provider.paidCallback(
        found.id,
        found.amount,
        `PAY-${randomUUID()}`,
        await callbackSecrets.current(provider.code),
      );
      const answer = await app.inject({
        method: 'POST',
        url: qrCallbackPath(provider.code),
        payload: callback.raw,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: callback.signature },
      });
      if (answer.statusCode !== 200) throw new DomainError('QR_FAIL');
      return { success: true as const };
    },
  );
};
