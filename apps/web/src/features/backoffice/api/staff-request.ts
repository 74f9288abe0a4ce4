import type { z } from 'zod';
import {
  apiRequest,
  apiSend,
  type RequestOptions,
  type SchemaSource,
} from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { backofficePaths } from '../paths';

/**
 * Back-office calls go through the one API client. The staff session is an httpOnly cookie the
 * browser sends by itself (same origin), so no bearer token goes with them: not the member's
 * either, which the server would refuse here. The client's own 401 handling signs the *member*
 * out, so it is turned off and a 401 takes staff to their login instead (the session was ended,
 * expired or never there), as does INACTIVE_USER (an admin deactivated them meanwhile).
 */
type StaffRequestOptions = Omit<RequestOptions, 'token' | 'redirects'>;

export const staffCallOptions = (options: StaffRequestOptions = {}): RequestOptions => ({
  ...options,
  token: null,
  redirects: false,
});

let leaving: Promise<void> | null = null;

/**
 * Leaves the back office on this browser once its session has ended: to the login, whose guard
 * asks the server afresh (the profile may still be cached) and whose screen then clears the
 * cache. The chat screen unmounts on the way, which closes the socket. Calls failing together
 * leave once.
 */
export function leaveBackoffice(): Promise<void> {
  leaving ??= Promise.resolve(navigateTo(backofficePaths.login, { replace: true }))
    .then(() => undefined)
    .finally(() => {
      leaving = null;
    });
  return leaving;
}

/**
 * Forgets every answer of the session that ended, and with the profile its unsent messages
 * (outbox.ts). The login screen does it once it shows, not the leaving itself: until then the
 * chat screen may still be mounted, and its queries would ask again at once.
 */
export function clearBackofficeCache(): void {
  queryClient.removeQueries({ queryKey: queryKeys.backoffice.all });
}

async function leaveOnUnauthorized<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.code === 'INACTIVE_USER')) {
      void leaveBackoffice();
    }
    throw error;
  }
}

export function staffRequest<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: StaffRequestOptions = {},
): Promise<z.output<S>> {
  return leaveOnUnauthorized(apiRequest(path, schema, staffCallOptions(options)));
}

export function staffSend(path: string, options: StaffRequestOptions = {}): Promise<unknown> {
  return leaveOnUnauthorized(apiSend(path, staffCallOptions(options)));
}
