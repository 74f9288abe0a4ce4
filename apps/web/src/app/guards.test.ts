import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { jsonResponse } from '../test/render';
import { callsTo, servePaths } from '../test/serve';
import {
  checkServiceActive,
  enterPublicShell,
  requireStaff,
  requireToken,
  skipStaffLogin,
} from './guards';

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

describe('the back office guards', () => {
  const nok = { id: 1, username: 'support', name: 'Nok', role: 'support' };
  const signedIn = () => servePaths(fetchMock, { '/api/backoffice/me': () => jsonResponse(nok) });
  const signedOut = () =>
    servePaths(fetchMock, {
      '/api/backoffice/me': () => jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401),
    });

  afterEach(() => queryClient.clear());

  it('send anyone the server does not know as staff to the back office login, a member too', async () => {
    signedOut();
    useSessionStore.getState().signIn('member-token', true);
    expect(await requireStaff()).toBe('/backoffice/login');
    // The session is the cookie: the member's token is not offered in its place.
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(new Headers(init?.headers).get('X-Wallet-User')).toBe('1');
  });

  it('let signed-in staff through, asking the server once for every screen after', async () => {
    signedIn();
    expect(await requireStaff()).toBeNull();
    expect(await requireStaff()).toBeNull();
    expect(callsTo(fetchMock, '/api/backoffice/me')).toBe(1);
  });

  it('take signed-in staff past the login to the chat, and show the login otherwise', async () => {
    signedOut();
    expect(await skipStaffLogin()).toBeNull();
    signedIn();
    expect(await skipStaffLogin()).toBe('/backoffice/chat');
  });

  it('ask the server afresh on the login, where a session found gone leads', async () => {
    signedIn();
    expect(await requireStaff()).toBeNull();
    signedOut();
    expect(await skipStaffLogin()).toBeNull();
    expect(callsTo(fetchMock, '/api/backoffice/me')).toBe(2);
  });

  it('still show the login when the server cannot be asked', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await skipStaffLogin()).toBeNull();
  });
});
