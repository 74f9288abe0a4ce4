import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from './constants';

/**
 * The `Idempotency-Key` header (the API contract, HTTP conventions). In short:
 * - every call that moves money (transfers, withdrawals, QR creation, gift links, slips,
 *   claims, collects, spins) accepts it; the web app sends a fresh UUID per user action and
 *   the same key again on a retry of that action;
 * - a repeat with the same key and the same body answers the first answer and does nothing
 *   again;
 * - the same key with another body is `422 KEY_INVALID`;
 * - a repeat while the first is still running is `409`;
 * - keys belong to the member who sent them: another member's identical key is a new key.
 *
 * The format: a UUID, or 8 to 128 characters of `[A-Za-z0-9_-]`. A UUID (36 hex digits and
 * hyphens) already matches the second form; it is named for the reader. The lower bound keeps
 * keys from colliding by accident; the upper bound keeps the stored key small.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const IdempotencyKeySchema = z
  .string({ error: 'KEY_INVALID' })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: 'KEY_INVALID' });
export type IdempotencyKey = z.infer<typeof IdempotencyKeySchema>;

/** Node and Fastify lower-case header names. The header is optional on every call. */
export const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase() as 'idempotency-key';

export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER_NAME]: IdempotencyKeySchema.optional(),
});
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeadersSchema>;

/**
 * How a refused repeat is answered. The API contract fixes the statuses; the catalogue has no code
 * of its own for either case, so both carry KEY_INVALID with the status overridden.
 */
export const idempotencyRefusals = {
  /** The same key was sent earlier with another body. */
  bodyMismatch: { code: 'KEY_INVALID', status: 422 },
  /** The first request with this key has not finished yet: retry later with the same key. */
  inProgress: { code: 'KEY_INVALID', status: 409 },
} as const;

/**
 * How long a key and its answer are remembered. The API contract is silent; a day covers every
 * client retry (the longest client time-out is 300 s) with a wide margin.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
