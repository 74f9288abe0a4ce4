import { leaveSession } from '../features/auth/api/logout';
import { getActive } from '../features/lookup/api/get-active';
import { isApiError } from '../lib/api-error';
import { paths } from '../lib/navigation';
import { getToken } from '../lib/session-store';

/**
 * Route guards run by the router (app/router.tsx) before a screen shows, the way loaders do:
 * each answers the path to go to instead, or null to let the screen show.
 */

/** The spec's screens: a route that requires auth with no stored token goes to /login. */
export function requireToken(): string | null {
  return getToken() ? null : paths.login;
}

/**
 * The spec's screens: on /login the app first asks whether the service is active and goes to
 * /terminated when it is not. If the question itself fails the login page still shows: the
 * login call will meet the same server and report properly.
 */
export async function checkServiceActive(): Promise<string | null> {
  try {
    const { terminated } = await getActive();
    return terminated ? paths.terminated : null;
  } catch (error) {
    if (isApiError(error) && error.status === 410) return paths.terminated;
    return null;
  }
}

/** The spec's screens: opening the public shell clears token, agreement flag and last sync. */
export function enterPublicShell(): null {
  leaveSession();
  return null;
}
