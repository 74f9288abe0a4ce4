import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { jsonResponse } from '../test/render';
import { callsTo, servePaths } from '../test/serve';
import { requireSection, requireStaff, skipStaffLogin, staffHome } from './guards';

const fetchMock = vi.fn<typeof fetch>();

const nok = { id: 1, username: 'support', name: 'Nok', role: 'support' };
const signedIn = (staff: object = nok) =>
  servePaths(fetchMock, { '/api/backoffice/me': () => jsonResponse(staff) });
const signedOut = () =>
  servePaths(fetchMock, {
    '/api/backoffice/me': () => jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401),
  });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
  queryClient.clear();
});

describe('the back office guards', () => {
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

  it("take signed-in staff past the login to their role's first section, and show the login otherwise", async () => {
    signedOut();
    expect(await skipStaffLogin()).toBeNull();
    signedIn({ ...nok, role: 'finance' });
    expect(await skipStaffLogin()).toBe('/backoffice/dashboard');
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

  it('open a section the role may use, and send staff home from one it may not', async () => {
    signedIn();
    expect(await requireSection('chat')).toBeNull();
    expect(await requireSection('sessions')).toBeNull();
    expect(await requireSection('audit')).toBe('/backoffice/dashboard');
    expect(await requireSection('bankTransfers')).toBe('/backoffice/dashboard');
    expect(await requireSection('heldTransfers')).toBeNull();
    expect(await staffHome()).toBe('/backoffice/dashboard');
  });
});
