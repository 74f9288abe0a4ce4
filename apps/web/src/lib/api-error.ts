/**
 * Every failed call surfaces as one ApiError carrying the envelope of the API contract
 * (`{ code, message, field? }`). Failures that never reached the server use client codes.
 */
export const clientErrorCodes = ['TIMEOUT', 'NETWORK_ERROR', 'BAD_RESPONSE'] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The wait the server asked for (`Retry-After`, in seconds), so the message can say it. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    field?: string,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
