import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';

const fetchMock = vi.fn<typeof fetch>();

/** A fresh module (its state is the page's), with the browser online or not as it loads. */
async function load(online = true) {
  vi.resetModules();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  return import('./connectivity');
}

const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connectivity', () => {
  it('is offline while the browser says so, and back once it is online again', async () => {
    const connectivity = await load(false);
    const changed = vi.fn();
    connectivity.onConnectivityChange(changed);
    expect(connectivity.isOffline()).toBe(true);

    window.dispatchEvent(new Event('online'));
    expect(connectivity.isOffline()).toBe(false);
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.isOffline()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('stays online when one call gets no answer but the server answers its health probe', async () => {
    const connectivity = await load();
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    connectivity.reportNoAnswer();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/health');
    expect(await connectivity.probeServer()).toBe(true);
    expect(connectivity.isOffline()).toBe(false);
  });

  it('is offline when the probe gets no answer either, until the server answers anything', async () => {
    const connectivity = await load();
    fetchMock.mockImplementation(noAnswer);
    expect(await connectivity.probeServer()).toBe(false);
    expect(connectivity.isOffline()).toBe(true);

    // A refusal is an answer too: the server is there.
    connectivity.reportAnswer();
    expect(connectivity.isOffline()).toBe(false);
  });

  it('asks the server once for calls that fail together', async () => {
    const connectivity = await load();
    fetchMock.mockImplementation(noAnswer);
    const probes = [connectivity.probeServer(), connectivity.probeServer()];
    connectivity.reportNoAnswer();
    expect(await Promise.all(probes)).toEqual([false, false]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up on a probe the network swallows', async () => {
    vi.useFakeTimers();
    try {
      const connectivity = await load();
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'Abort'))),
          ),
      );
      const probe = connectivity.probeServer();
      await vi.advanceTimersByTimeAsync(connectivity.PROBE_TIMEOUT_MS);
      expect(await probe).toBe(false);
      expect(connectivity.isOffline()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again when the browser comes back online, and clears once the server answers', async () => {
    const connectivity = await load();
    fetchMock.mockImplementation(noAnswer);
    await connectivity.probeServer();
    expect(connectivity.isOffline()).toBe(true);

    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(false));
  });

  it("hears of the API client's calls: no answer probes the server, an answer clears", async () => {
    await load();
    const connectivity = await import('./connectivity');
    const { apiSend } = await import('./api-client');
    fetchMock.mockImplementation(noAnswer);
    await expect(apiSend('/api/wallet')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(true));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/wallet',
      '/api/health',
    ]);

    fetchMock.mockResolvedValue(jsonResponse({ code: 'UNAUTHORIZED' }, 401));
    await expect(apiSend('/api/wallet', { redirects: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(connectivity.isOffline()).toBe(false);
  });
});
