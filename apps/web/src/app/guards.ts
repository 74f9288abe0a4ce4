import { leaveSession } from '../features/auth/api/logout';
import { getActive } from '../features/lookup/api/get-active';
import { isApiError } from '../lib/api-error';
import { paths } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
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

/**
 * Whether staff is signed in, as `GET /api/backoffice/me` answers from the session cookie (page
 * scripts cannot read it): true, or false when it refuses (a 401, or a 403 for staff
 * deactivated meanwhile, whom the login then tells why). `fresh` asks the server even when the
 * profile is cached. The query's module is imported on demand, so the entry chunk carries
 * neither it nor the staff schemas.
 */
async function staffSignedIn(fresh: boolean): Promise<boolean> {
  const { staffProfileQueryOptions } = await import('../features/backoffice/api/get-staff-profile');
  const options = { ...staffProfileQueryOptions(), retry: false };
  try {
    await (fresh
      ? queryClient.fetchQuery({ ...options, staleTime: 0 })
      : queryClient.ensureQueryData(options));
    return true;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

/**
 * The back office's screens need a staff session (the member's token is no use there). The
 * profile is asked once and cached: the guard runs again on every change of the address (each
 * conversation opened), and a session that ends meanwhile shows as a 401 on the screen's calls.
 * Any other failure shows the route's error page.
 */
export async function requireStaff(): Promise<string | null> {
  return (await staffSignedIn(false)) ? null : paths.backofficeLogin;
}

/**
 * Staff already signed in skip the back office's login. The server is asked afresh: staff
 * arrives here when a call found the session gone, while the profile may still be cached. If
 * the question itself fails the login still shows, and its own call will report.
 */
export async function skipStaffLogin(): Promise<string | null> {
  try {
    return (await staffSignedIn(true)) ? paths.backofficeChat : null;
  } catch {
    return null;
  }
}
