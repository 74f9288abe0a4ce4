import {
  type ErrorCode,
  ErrorEnvelopeSchema,
  errorCatalogue,
  isErrorCode,
} from '@wallet/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { DomainError, isDomainError } from '../lib/domain-error';
import { isRedisUnavailable } from '../lib/redis';

/**
 * One error handler for the whole app (docs/architecture.md, Errors): every refusal leaves as
 * `{ code, message, field? }`, logged with its code at info (warn for a provider's refusal);
 * Redis away is SERVICE_UNAVAILABLE (lib/redis.ts); anything else is a real fault, logged at
 * error with its stack and the request id and answered 500 INTERNAL_SERVER_ERROR without internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const refusal = toRefusal(error, request);
      if (refusal) {
        // A refusal is the service working as meant (MONEY_NOT_ENOUGH, a rate limit, a
        // provider's no with the funds back): its code, no stack, below error level, so a
        // provider outage does not drown a real alert (issue 16). A provider's refusal is a
        // warning: many in a row are worth a look.
        const entry = { code: refusal.code, statusCode: refusal.status };
        if (refusal.status >= 500) request.log.warn(entry, 'refused by a provider');
        else request.log.info(entry, 'refused');
        return sendError(reply, refusal);
      }
      if (isRedisUnavailable(error)) {
        request.log.warn({ err: error }, 'redis unavailable');
        return sendError(reply, new DomainError('SERVICE_UNAVAILABLE'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, new DomainError('INTERNAL_SERVER_ERROR'));
    });
  },
  { name: 'errors' },
);

/**
 * Every route's response schemas include these, so an error body is checked against the
 * contract's envelope on the way out like any other answer.
 */
export const errorResponses = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema } as const;

export function sendError(reply: FastifyReply, error: DomainError): FastifyReply {
  const body: { code: ErrorCode; message: string; field?: string } = {
    code: error.code,
    message: error.message,
  };
  if (error.field !== undefined) body.field = error.field;
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(error.status).send(body);
}

function toRefusal(error: FastifyError, request: FastifyRequest): DomainError | null {
  if (isDomainError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationRefusal(error.validation, error.validationContext, request);
  }
  // A response that does not match its schema is our bug, never the client's.
  if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') return null;
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  // Framework refusals: malformed or empty JSON, a non-JSON content type (415), a body too
  // large (413). The API contract has one code for a malformed request: KEY_INVALID.
  if (status === 404) return new DomainError('NO_DATA');
  if (status === 429) return new DomainError('REQUEST_LIMIT');
  if (status === 413) return new DomainError('KEY_INVALID', { status: 413 });
  return new DomainError('KEY_INVALID');
}

type Container = 'body' | 'querystring' | 'params' | 'headers';

/**
 * Zod request-validation failures (docs/architecture.md, Validation messages): KEY_MISSING
 * when the field at the issue's path is absent, the issue's message when it is a catalogue
 * code, else KEY_INVALID; `field` is always the dotted path. Messages containing a dot are
 * i18n keys for the web form (register.passwordTooShortMsg) and become KEY_INVALID here.
 * A `null` counts as present: it is a wrong type, not a missing field.
 */
export function validationRefusal(
  issues: ZodFastifySchemaValidationError[],
  context: string | undefined,
  request: FastifyRequest,
): DomainError {
  const issue = issues[0];
  if (!issue) return new DomainError('KEY_INVALID');
  const segments = issue.instancePath.split('/').filter((s) => s.length > 0);
  const field = segments.length > 0 ? segments.join('.') : undefined;
  const container = containerOf(request, (context ?? 'body') as Container);
  const options = field === undefined ? {} : { field };

  if (valueAt(container, segments) === undefined) return new DomainError('KEY_MISSING', options);
  const message = issue.message ?? '';
  if (isErrorCode(message) && errorCatalogue[message].status < 500) {
    return new DomainError(message, options);
  }
  return new DomainError('KEY_INVALID', options);
}

function containerOf(request: FastifyRequest, context: Container): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
  }
}

function valueAt(container: unknown, segments: string[]): unknown {
  let current = container;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
