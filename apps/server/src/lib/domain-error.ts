import { type ErrorCode, errorCatalogue } from '@wallet/contract/errors';

/**
 * The one error a service throws for a refusal. The error handler (plugins/errors.ts) writes
 * it as `{ code, message, field? }` with the catalogue's status unless `status` overrides it.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly status: number;

  constructor(code: ErrorCode, options: { field?: string; status?: number } = {}) {
    super(errorCatalogue[code].message);
    this.code = code;
    this.field = options.field;
    this.status = options.status ?? errorCatalogue[code].status;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
