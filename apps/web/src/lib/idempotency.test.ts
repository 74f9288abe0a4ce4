import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { mayRetry } from './idempotency';

describe('mayRetry: when the next try of a money action must carry the same key', () => {
  it('retries when the server may not have answered: no answer, the first try still running, a real fault', () => {
    expect(mayRetry(new ApiError(0, 'TIMEOUT', 'time-out'))).toBe(true);
    expect(mayRetry(new ApiError(409, 'KEY_INVALID', 'still running'))).toBe(true);
    expect(mayRetry(new ApiError(500, 'INTERNAL_SERVER_ERROR', 'fault'))).toBe(true);
    expect(mayRetry(new ApiError(502, 'BAD_RESPONSE', 'a proxy error page'))).toBe(true);
    expect(mayRetry(new ApiError(503, 'SERVICE_UNAVAILABLE', 'no process took it'))).toBe(true);
  });

  it('starts a new action after any final answer, TRANSFER_FAIL and business conflicts included', () => {
    expect(mayRetry(new ApiError(502, 'TRANSFER_FAIL', 'funds are back'))).toBe(false);
    expect(mayRetry(new ApiError(400, 'MONEY_NOT_ENOUGH', 'not enough'))).toBe(false);
    expect(mayRetry(new ApiError(409, 'BONUS_ALREADY_ACTIVE', 'active'))).toBe(false);
    expect(mayRetry(new Error('not an API error'))).toBe(false);
  });
});
