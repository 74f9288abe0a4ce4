import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { jsonResponse } from '../test/render';
import { checkServiceActive, enterPublicShell, requireToken } from './guards';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('requireToken', () => {
  it('sends a visitor without a token to /login', () => {
    expect(requireToken()).toBe('/login');
  });

  it('lets a member with a token through', () => {
    useSessionStore.getState().signIn('token', false);
    expect(requireToken()).toBeNull();
  });
});

describe('checkServiceActive', () => {
  it('goes to /terminated when the server says the service is terminated', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ terminated: true }));
    expect(await checkServiceActive()).toBe('/terminated');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/lookup/active');
  });

  it('shows the login page while the service is active', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ terminated: false }));
    expect(await checkServiceActive()).toBeNull();
  });

  it('goes to /terminated when the server answers 410 Gone', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'TERMINATED', message: 'closed' }, 410));
    expect(await checkServiceActive()).toBe('/terminated');
  });

  it('still shows the login page when the check itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await checkServiceActive()).toBeNull();
  });
});

describe('enterPublicShell', () => {
  it('drops the stored token, agreement flag and last sync, and revokes the token', () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    const session = useSessionStore.getState();
    session.signIn('old-token', true);
    session.setAgreement(true);
    session.setLastSync('2024-01-01T00:00:00.000Z');

    enterPublicShell();

    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      agreement: false,
      lastSync: null,
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('remember-agreement')).toBeNull();
    expect(localStorage.getItem('last_sync')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/logout');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer old-token');
  });

  it('keeps the chosen language', () => {
    useSessionStore.getState().setLocale('en');
    enterPublicShell();
    expect(localStorage.getItem('locale')).toBe('en');
  });
});
