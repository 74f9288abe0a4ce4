import { type ErrorCode, errorCatalogue } from '@wallet/contract/errors';

/**
 * The one error a service throws for a refusal. The error handler (plugins/errors.ts) writes
 * it as `{ code, message, field? }` with the catalogue's status unless `status` overrides it,
 * and a `Retry-After` header when the refusal knows how long the caller must wait.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly status: number;
  /** Whole seconds until the same request can succeed; the message says the same wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: { field?: string; status?: number; retryAfterSeconds?: number } = {},
  ) {
    const wait = options.retryAfterSeconds;
    super(
      wait === undefined
        ? errorCatalogue[code].message
        : `Too many requests. Please wait ${waitText(wait)}.`,
    );
    this.code = code;
    this.field = options.field;
    this.status = options.status ?? errorCatalogue[code].status;
    this.retryAfterSeconds = wait;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * A limit's refusal that names the real wait (issue 30: "about 1 minute" was said of a
 * 15-minute lock). The wait is rounded up to whole seconds, as `Retry-After` counts them.
 */
export function waitRefusal(
  code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN',
  waitMs: number,
): DomainError {
  return new DomainError(code, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** "14 minutes 3 seconds", "1 minute", "45 seconds". */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0
    ? unit(minutes, 'minute')
    : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}
