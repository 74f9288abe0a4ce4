import { apiSend } from '../../../lib/api-client';
import { getStaffToken } from '../staff-session';
import { leaveBackoffice } from './staff-request';

/**
 * Sign out: staff leaves for the login at once, and `POST /api/backoffice/logout` then revokes
 * the token. Its failure does not matter: the token is gone from this browser either way.
 */
export async function staffLogout(): Promise<void> {
  const token = getStaffToken();
  await leaveBackoffice();
  if (token) {
    await apiSend('/api/backoffice/logout', { method: 'POST', token, redirects: false }).catch(
      () => undefined,
    );
  }
}
