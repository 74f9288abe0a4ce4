import { isErrorCode } from '@wallet/contract/errors';
import { useCallback, useRef } from 'react';
import { isApiError } from './api-error';

/** A fresh key: a UUID where the browser offers one (secure contexts), else 32 random hex digits. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server may not have answered the action (no answer, a time-out, the first try
 * still running, a real fault or a proxy's error page): the member's next try is a retry and
 * must carry the same key. Any answer with a catalogue code — TRANSFER_FAIL included, whose
 * funds are already back — is final (the server stores it), and the next try is a new action.
 */
export function mayRetry(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return true;
  if (error.status === 409) return error.code === 'KEY_INVALID';
  const unsure = ['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'].includes(error.code);
  return error.status >= 500 && (unsure || !isErrorCode(error.code));
}

/**
 * The API contract: a fresh Idempotency-Key per user action, the same one on a retry. A retry is
 * the same body sent again after an answer that was not final; a new body, or any final
 * answer, starts a new action with a new key.
 */
export function useIdempotentAction() {
  const pending = useRef<{ body: string; key: string } | null>(null);
  return useCallback(async <T>(body: unknown, run: (key: string) => Promise<T>): Promise<T> => {
    const json = JSON.stringify(body);
    const key = pending.current?.body === json ? pending.current.key : newIdempotencyKey();
    pending.current = { body: json, key };
    try {
      const result = await run(key);
      pending.current = null;
      return result;
    } catch (error) {
      if (!mayRetry(error)) pending.current = null;
      throw error;
    }
  }, []);
}
