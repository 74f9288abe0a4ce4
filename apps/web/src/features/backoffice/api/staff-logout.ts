import { apiSend } from '../../../lib/api-client';
import { navigateTo, paths } from '../../../lib/navigation';
import { getStaffToken } from '../staff-session';
import { clearStaffSession } from './staff-request';

/**
 * `POST /api/backoffice/logout` revokes the staff token. Its failure does not matter: the
 * token is gone from this browser either way.
 */
export async function staffLogout(): Promise<void> {
  const token = getStaffToken();
  if (token) {
    await apiSend('/api/backoffice/logout', { method: 'POST', token, redirects: false }).catch(
      () => undefined,
    );
  }
  clearStaffSession();
  await navigateTo(paths.backofficeLogin, { replace: true });
}
