import multipart from '@fastify/multipart';
import { SlipUploadResponseSchema, slipUploadFields } from '@wallet/contract/deposit';
import { IdempotencyHeadersSchema } from '@wallet/contract/idempotency';
import { toMinor } from '@wallet/contract/money';
import { SANDBOX_SLIP_CONTENT_TYPE, SandboxSlipSchema } from '@wallet/contract/sandbox';
import {
  SlipListRequestSchema,
  SlipListResponseSchema,
  SlipReferenceParamsSchema,
  SlipReferenceResponseSchema,
} from '@wallet/contract/statement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart-form';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { SandboxSlipVerifier } from '../../providers/slips/slip-verifier';
import type { SlipService } from './slip.service';

/** Where slip pictures are served, behind signed links (slips.links). */
export const SLIP_IMAGE_PATH = '/api/statement/slip/image';

/** The header tests and the sandbox's users read the booked transfer's reference from. */
export const SLIP_REFERENCE_HEADER = 'x-slip-reference';

/** POST /api/wallet/slip (member): multipart, 300 s on the client (the spec's calls). */
export const slipUploadRoutes: FastifyPluginAsyncZod<{ slips: SlipService }> = async (
  app,
  { slips },
) => {
  // Multipart bodies are parsed in this scope and the chat uploads' only. A file past the limit is cut, not thrown,
  // so the service refuses it like any other bad file (SLIP_INVALID_FILE).
  await app.register(multipart, { throwFileSizeLimit: false });
  app.post(
    '/slip',
    {
      onRequest: app.authenticate,
      schema: {
        headers: IdempotencyHeadersSchema.loose(),
        response: { 200: SlipUploadResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await slips.admitAddress(request.ip);
      const form = await readMultipartForm(request, {
        fileField: slipUploadFields.file,
        textFields: [slipUploadFields.amount, slipUploadFields.transferredAt],
        maxBytes: await slips.maxBytes(),
      });
      return slips.upload(authOf(request), request.headers['idempotency-key'], form);
    },
  );
};

const ImageParamsSchema = z.object({ slipId: z.coerce.number().int().positive() });
/** Pictures leave as their bytes: Fastify sends a Buffer as it is, with no serializer. */
const ImageSchema = z.instanceof(Buffer);
const ImageQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().max(100),
});

/**
 * POST /api/statement/slip and GET /api/statement/slip/reference/{reference} (member), and the
 * picture behind a signed link (the link is the permission: docs/decisions/0043-slips.md).
 */
export const slipStatementRoutes: FastifyPluginAsyncZod<{ slips: SlipService }> = async (
  app,
  { slips },
) => {
  app.post(
    '/slip',
    {
      onRequest: app.authenticate,
      schema: {
        body: SlipListRequestSchema,
        response: { 200: SlipListResponseSchema, ...errorResponses },
      },
    },
    (request) => slips.list(authOf(request), request.body),
  );

  app.get(
    '/slip/reference/:reference',
    {
      onRequest: app.authenticate,
      schema: {
        params: SlipReferenceParamsSchema,
        response: { 200: SlipReferenceResponseSchema, ...errorResponses },
      },
    },
    (request) => slips.imageUrl(authOf(request), request.params.reference),
  );

  app.get(
    '/slip/image/:slipId',
    {
      schema: {
        params: ImageParamsSchema,
        querystring: ImageQuerySchema,
        response: { 200: ImageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const image = await slips.image(request.params.slipId, expires, signature);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  );
};

/** POST /api/sandbox/slip (the API contract's sandbox): a PNG slip the sandbox verifier recognises. */
export const slipSandboxRoutes: FastifyPluginAsyncZod<{ verifier: SandboxSlipVerifier }> = async (
  app,
  { verifier },
) => {
  app.post(
    '/slip',
    { schema: { body: SandboxSlipSchema, response: { 200: ImageSchema, ...errorResponses } } },
    async (request, reply) => {
      const { amount, fromAccountNo, toAccountNo, transferredAt } = request.body;
      const slip = await verifier.issue({
        amount: toMinor(amount),
        fromAccountNo,
        toAccountNo,
        transferredAt: new Date(transferredAt),
      });
      return reply
        .type(SANDBOX_SLIP_CONTENT_TYPE)
        .header(SLIP_REFERENCE_HEADER, slip.reference)
        .send(slip.image);
    },
  );
};
