import { InfoResponseSchema } from '@wallet/contract/lookup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { apiRequest, apiSend } from './api-client';
import { ApiError } from './api-error';
import { setNavigator } from './navigation';
import { queryClient } from './query-client';
import { useSessionStore } from './session-store';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('apiRequest', () => {
  it('sends the bearer token and X-Wallet-User: 1 on every call', async () => {
    useSessionStore.getState().signIn('secret-token', false);
    fetchMock.mockResolvedValue(jsonResponse({ name: 'Site', website: 'site.example' }));

    await apiRequest('/api/lookup/info', InfoResponseSchema);

    const { url, headers } = lastRequest();
    expect(url).toBe('/api/lookup/info');
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('X-Wallet-User')).toBe('1');
    // The same random id on every call, kept for the browser (the back office's device flags).
    const device = headers.get('X-Wallet-Device');
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('device-id')).toBe(device);
  });

  it('sends no Authorization header without a token, but still marks the wallet user', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    await apiSend('/api/logout', { method: 'POST' });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    expect(lastRequest().headers.get('X-Wallet-User')).toBe('1');
  });

  it('posts JSON and returns the body itself, parsed by the contract schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ name: 'Site', website: 'site.example' }));
    const info = await apiRequest('/api/lookup/info', InfoResponseSchema, {
      method: 'POST',
      body: { page: 1 },
    });
    expect(info).toEqual({ name: 'Site', website: 'site.example' });
    expect(lastRequest().init.body).toBe('{"page":1}');
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
  });

  it('accepts a schema that is loaded on demand', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ name: 'Site', website: 'site.example' }));
    const info = await apiRequest('/api/lookup/info', async () => InfoResponseSchema);
    expect(info.name).toBe('Site');
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({ name: 42 }));
    await expect(apiRequest('/api/lookup/info', InfoResponseSchema)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('turns a refusal into an ApiError with status, code, message and field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'EXISTING_USER', message: 'Taken.', field: 'username' }, 409),
    );
    const error = await apiSend('/api/account', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EXISTING_USER',
      message: 'Taken.',
      field: 'username',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the wait a 429 gives in Retry-After on the error, in seconds', async () => {
    const refusal = { code: 'REQUEST_LIMIT_1MIN', message: 'Too many requests.' };
    fetchMock.mockResolvedValue(jsonResponse(refusal, 429, { 'Retry-After': '898' }));
    const error = await apiSend('/api/login', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toMatchObject({
      status: 429,
      code: 'REQUEST_LIMIT_1MIN',
      retryAfterSeconds: 898,
    });
  });

  it('keeps no wait when a 429 has no usable Retry-After', async () => {
    const refusal = { code: 'REQUEST_LIMIT', message: 'Too many requests.' };
    const answers: Record<string, string>[] = [
      {},
      { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' },
    ];
    for (const headers of answers) {
      fetchMock.mockResolvedValueOnce(jsonResponse(refusal, 429, headers));
      const error = await apiSend('/api/login', { method: 'POST', body: {} }).catch((e) => e);
      expect(error).toMatchObject({ code: 'REQUEST_LIMIT', retryAfterSeconds: undefined });
    }
  });

  it('on 401 clears the session and the cached user data, then goes to /login', async () => {
    useSessionStore.getState().signIn('stale', true);
    queryClient.setQueryData(['account', 'profile'], { name: 'Somchai' });
    fetchMock.mockResolvedValue(jsonResponse({ code: 'INVALID_USER_2', message: 'x' }, 401));

    await expect(apiSend('/api/account/profile')).rejects.toBeInstanceOf(ApiError);

    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(queryClient.getQueryData(['account', 'profile'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('treats a sign-in-again code as an expired session whatever the status', async () => {
    useSessionStore.getState().signIn('stale', false);
    fetchMock.mockResolvedValue(jsonResponse({ code: 'EXPIRED_AUTH_TOKEN', message: 'x' }, 400));
    await expect(apiSend('/api/account/profile')).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('on 410 goes to /terminated', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'TERMINATED', message: 'closed' }, 410));
    await expect(apiSend('/api/account/profile')).rejects.toMatchObject({ status: 410 });
    expect(navigate).toHaveBeenCalledWith('/terminated', { replace: true });
  });

  it('leaves redirects to the caller when asked to', async () => {
    useSessionStore.getState().signIn('kept', false);
    fetchMock.mockResolvedValue(jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401));
    await expect(apiSend('/api/logout', { redirects: false })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('kept');
  });

  it('gives up after 60 seconds with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = apiSend('/api/lookup/info').catch((e) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('waits 300 seconds for an upload', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = apiSend('/api/wallet/slip', { body: new FormData() }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT' });
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiSend('/api/lookup/info')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('sends an upload that reports progress through XMLHttpRequest, with the same headers', async () => {
    const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
      [];
    class FakeXhr {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string> };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name.toLowerCase()] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 25,
          total: 100,
        } as ProgressEvent);
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 100,
          total: 100,
        } as ProgressEvent);
        this.status = 200;
        this.responseText = JSON.stringify({ path: '/files/a.png' });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const form = new FormData();

    const answer = await apiSend('/api/chat/upload-image', {
      body: form,
      token: 'staff-token',
      onUploadProgress: (fraction) => progress.push(fraction),
    });

    expect(answer).toEqual({ path: '/files/a.png' });
    expect(progress).toEqual([0.25, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/chat/upload-image', body: form });
    expect(sent[0]?.headers).toMatchObject({
      authorization: 'Bearer staff-token',
      'x-wallet-user': '1',
    });
    expect(sent[0]?.headers).not.toHaveProperty('content-type');
  });
});
