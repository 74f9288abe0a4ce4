import { redirect } from 'react-router';
import { leaveSession } from '../features/auth/api/logout';
import { getActive } from '../features/lookup/api/get-active';
import { isApiError } from '../lib/api-error';
import { paths } from '../lib/navigation';
import { getToken } from '../lib/session-store';

/** SPEC.md section 2: a route that requires auth with no stored token goes to /login. */
export function requireToken(): Response | null {
  return getToken() ? null : redirect(paths.login);
}

/**
 * SPEC.md section 2: on /login the app first asks whether the service is active and goes to
 * /terminated when it is not. If the question itself fails the login page still shows: the
 * login call will meet the same server and report properly.
 */
export async function checkServiceActive(): Promise<Response | null> {
  try {
    const { terminated } = await getActive();
    return terminated ? redirect(paths.terminated) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 410) return redirect(paths.terminated);
    return null;
  }
}

/** SPEC.md section 2: opening the public shell clears token, agreement flag and last sync. */
export function enterPublicShell(): null {
  leaveSession();
  return null;
}
