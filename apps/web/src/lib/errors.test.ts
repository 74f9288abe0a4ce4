import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText } from './errors';

const limited = (code: string, retryAfterSeconds?: number) =>
  new ApiError(429, code, 'Too many requests.', undefined, retryAfterSeconds);

describe('errorText', () => {
  it('says a limit’s wait in seconds under a minute and in whole minutes, rounded up, above', () => {
    expect(errorText(limited('REQUEST_LIMIT', 1))).toBe('Too many requests. Please wait 1 second.');
    expect(errorText(limited('REQUEST_LIMIT', 59))).toBe(
      'Too many requests. Please wait 59 seconds.',
    );
    expect(errorText(limited('REQUEST_LIMIT_1MIN', 60))).toBe(
      'Too many requests. Please wait 1 minute.',
    );
    expect(errorText(limited('REQUEST_LIMIT_1MIN', 61))).toBe(
      'Too many requests. Please wait 2 minutes.',
    );
  });

  it('keeps the catalogue’s words for a limit without a wait', () => {
    expect(errorText(limited('REQUEST_LIMIT'))).toBe('Too many requests. Please slow down.');
    expect(errorText(limited('REQUEST_LIMIT_1MIN'))).toBe(
      'Too many requests. Please wait about 1 minute.',
    );
  });

  it('says no wait for other refusals, even with a Retry-After', () => {
    expect(errorText(limited('WRONG_CREDENTIAL', 600))).toBe(
      'The username or password is incorrect.',
    );
  });
});
