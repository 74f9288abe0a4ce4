import type { StaffProfile } from '@wallet/contract/staff';
import { backofficePaths } from '../features/backoffice/paths';
import type { SectionKey } from '../features/backoffice/sections';
import { isApiError } from '../lib/api-error';
import { queryClient } from '../lib/query-client';

/**
 * The back office's route guards (backoffice/router.tsx), run before a screen shows as the member
 * app's are: each answers the path to go to instead, or null to let the screen show. The staff
 * profile's query and the role table are imported on demand: the entry carries neither the
 * contract's schemas nor zod.
 */

const loadSections = () => import('../features/backoffice/sections');

/**
 * Who is signed in, as `GET /api/backoffice/me` answers from the session cookie (page scripts
 * cannot read it), or null when it refuses (a 401, or a 403 for staff deactivated meanwhile,
 * whom the login then tells why). `fresh` asks the server even when the profile is cached.
 */
async function signedInStaff(fresh: boolean): Promise<StaffProfile | null> {
  const { staffProfileQueryOptions } = await import('../features/backoffice/api/get-staff-profile');
  const options = { ...staffProfileQueryOptions(), retry: false };
  try {
    return await (fresh
      ? queryClient.fetchQuery({ ...options, staleTime: 0 })
      : queryClient.ensureQueryData(options));
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/**
 * The back office's screens need a staff session (the member's token is no use there). The
 * profile is asked once and cached: the guards run again on every change of the address (each
 * conversation opened), and a session that ends meanwhile shows as a 401 on the screen's calls.
 * Any other failure shows the route's error page.
 */
export async function requireStaff(): Promise<string | null> {
  return (await signedInStaff(false)) ? null : backofficePaths.login;
}

/**
 * A section the role may not use sends staff to the role's first section (a link kept from
 * another role, a typed address): the server would refuse its calls anyway.
 */
export async function requireSection(key: SectionKey): Promise<string | null> {
  const [staff, { sectionAllowed, homeFor }] = await Promise.all([
    signedInStaff(false),
    loadSections(),
  ]);
  if (!staff) return backofficePaths.login;
  return sectionAllowed(staff.role, key) ? null : homeFor(staff.role);
}

/** /backoffice itself: the role's first section. */
export async function staffHome(): Promise<string> {
  const [staff, { homeFor }] = await Promise.all([signedInStaff(false), loadSections()]);
  return staff ? homeFor(staff.role) : backofficePaths.login;
}

/**
 * Staff already signed in skip the login. The server is asked afresh: staff arrives here when a
 * call found the session gone, while the profile may still be cached. If the question itself
 * fails the login still shows, and its own call will report.
 */
export async function skipStaffLogin(): Promise<string | null> {
  try {
    const [staff, { homeFor }] = await Promise.all([signedInStaff(true), loadSections()]);
    return staff ? homeFor(staff.role) : null;
  } catch {
    return null;
  }
}
