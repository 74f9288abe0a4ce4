import {
  clientHeaders,
  DEVICE_HEADER,
  IDEMPOTENCY_HEADER,
  timeouts,
} from '@wallet/contract/constants';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { reportAnswer, reportNoAnswer } from './connectivity';
import { deviceId } from './device-id';
import { navigateTo, paths } from './navigation';
import { clearSession } from './session';
import { getToken, useSessionStore } from './session-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** A JSON-able value, or FormData for an upload (which gets the 300 s time-out). */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The API contract: calls that move money carry a fresh key per user action. */
  idempotencyKey?: string;
  /**
   * On 401 the client normally ends the session and goes to /login, and on 410 goes to
   * /terminated. Callers that handle those answers themselves (logout, the /login guard) opt out.
   */
  redirects?: boolean;
  /**
   * Sends this token instead of the stored member token: the logout of a session being dropped,
   * or the back office's staff token (features/backoffice/api/staff-request.ts).
   */
  token?: string | null;
  /** An upload's progress, 0 to 1 (the spec's calls: chat uploads show it). */
  onUploadProgress?: (fraction: number) => void;
};

/**
 * A response schema, or a function loading it. Screens on the /login path pass the loader so
 * the schema library arrives after the first paint instead of in the /login bundle.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** The headers of every call. */
function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers(clientHeaders);
  headers.set(DEVICE_HEADER, deviceId());
  // Operator texts are answered in the reader's language (docs/decisions/0064).
  headers.set('Accept-Language', useSessionStore.getState().locale);
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined && !isFormData(options.body)) {
    headers.set('Content-Type', 'application/json');
  }
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A 429's `Retry-After` in seconds: the server's limits send the real wait there (a sign-in
 * lock lasts up to 15 minutes), so the message can say it. The server never sends the date
 * form; anything but whole seconds reads as no wait, and the message says the usual words.
 */
function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  return response.status === 429 && value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined;
}

function toApiError(response: Response, body: unknown): ApiError {
  const { status } = response;
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    const message =
      'message' in body && typeof body.message === 'string' ? body.message : body.code;
    const field = 'field' in body && typeof body.field === 'string' ? body.field : undefined;
    return new ApiError(status, body.code, message, field, retryAfterSeconds(response));
  }
  return new ApiError(
    status,
    status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'NO_DATA',
    `HTTP ${status}`,
  );
}

/** The API contract gives every sign-in-again code status 401; the code list is checked as well. */
async function needsSignIn(error: ApiError): Promise<boolean> {
  if (error.status === 401) return true;
  // Loaded only on this (rare) path: the contract's error module carries the schema library.
  const { signInAgainCodes } = await import('@wallet/contract/errors');
  return (signInAgainCodes as readonly string[]).includes(error.code);
}

/** The spec's states: an invalid token goes to /login, a closed service to /terminated. */
async function redirectFor(error: ApiError, options: RequestOptions): Promise<void> {
  if (options.redirects === false) return;
  if (error.status === 410) {
    navigateTo(paths.terminated, { replace: true });
    return;
  }
  if (await needsSignIn(error)) {
    clearSession();
    navigateTo(paths.login, { replace: true });
  }
}

/**
 * fetch cannot report how much of a request body has gone out, so an upload that shows its
 * progress goes through XMLHttpRequest; it answers a Response like fetch, and fails like fetch
 * (a TypeError without an answer, an AbortError once aborted), so the rest of `send` is shared.
 */
function fetchWithUploadProgress(
  path: string,
  init: RequestInit,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', path);
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const empty = xhr.status === 204 || xhr.status === 205;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

async function send(path: string, options: RequestOptions): Promise<unknown> {
  const upload = isFormData(options.body);
  const timeoutMs = options.timeoutMs ?? (upload ? timeouts.uploadMs : timeouts.requestMs);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let body: BodyInit | undefined;
  if (upload) body = options.body as FormData;
  else if (options.body !== undefined) body = JSON.stringify(options.body);

  try {
    const init: RequestInit = {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: buildHeaders(options),
      body,
      signal: controller.signal,
    };
    const response =
      upload && options.onUploadProgress
        ? await fetchWithUploadProgress(path, init, options.onUploadProgress)
        : await fetch(path, init);
    reportAnswer();
    const payload = await readJson(response);
    if (!response.ok) {
      const error = toApiError(response, payload);
      await redirectFor(error, options);
      throw error;
    }
    return payload;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted && !timedOut) throw error;
    // The offline screen shows if the server is out of reach, not just this call.
    reportNoAnswer();
    if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The request timed out.');
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The one API client (STYLE.md habit 10): same origin, bearer token and `X-Wallet-User: 1` on
 * every call, JSON in and out, 60 s time-out (300 s for uploads), the body unwrapped and
 * parsed with the contract's response schema.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const [payload, resolved] = await Promise.all([
    send(path, options),
    typeof schema === 'function' ? schema() : schema,
  ]);
  const parsed = resolved.safeParse(payload);
  if (!parsed.success) {
    // A contract mismatch is a bug, not the member's fault: report it plainly.
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(200, 'BAD_RESPONSE', 'The server sent an unexpected answer.');
  }
  return parsed.data;
}

/** For the calls whose answer the app does not read (logout, fire-and-forget). */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<unknown> {
  return send(path, options);
}
