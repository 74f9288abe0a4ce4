import { apiSend } from '../../../lib/api-client';
import { navigateTo, paths } from '../../../lib/navigation';
import { clearSession } from '../../../lib/session';
import { getToken } from '../../../lib/session-store';

/** `POST /api/logout` revokes the token on the server. */
export function revokeToken(token: string): Promise<unknown> {
  return apiSend('/api/logout', { method: 'POST', token, redirects: false });
}

/**
 * The spec's states: logout calls the server (its failure does not matter: the token is gone
 * from this device either way), clears user info and the token, and goes to /login.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  if (token) await revokeToken(token).catch(() => undefined);
  clearSession();
  await navigateTo(paths.login, { replace: true });
}

/**
 * Opening the public shell drops any stored token, agreement flag and last sync (the spec 2).
 * A token still held is revoked on the server as well, so a dropped token cannot be replayed.
 */
export function leaveSession(): void {
  const token = getToken();
  if (token) void revokeToken(token).catch(() => undefined);
  clearSession();
}
