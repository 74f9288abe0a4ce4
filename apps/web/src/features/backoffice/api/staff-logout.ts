import { showErrorAlert } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-error';
import { leaveBackoffice, staffSend } from './staff-request';

/**
 * Sign out: `POST /api/backoffice/logout` ends the session and clears its cookie, then staff
 * leaves for the login. The cookie is out of the page's reach, so only the server can end it:
 * when the call fails staff stays, signed in, and is told. A 401 means it had ended already, and
 * staffSend has taken staff to the login.
 */
export async function staffLogout(): Promise<void> {
  try {
    await staffSend('/api/backoffice/logout', { method: 'POST' });
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) showErrorAlert(error);
    return;
  }
  await leaveBackoffice();
}
