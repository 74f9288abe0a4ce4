import type { z } from 'zod';
import {
  apiRequest,
  apiSend,
  type RequestOptions,
  type SchemaSource,
} from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { navigateTo, paths } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { getStaffToken, useStaffSession } from '../staff-session';

/**
 * Back-office calls go through the one API client with the staff token in place of the
 * member's. The client's own 401 handling signs the *member* out, so it is turned off here and
 * a 401 signs staff out instead (the token was revoked, expired or never valid).
 */
type StaffRequestOptions = Omit<RequestOptions, 'token' | 'redirects'>;

/**
 * Ends the back office's session on this browser: the token goes first (the socket closes, the
 * screen's queries stop, unsent messages go (outbox.ts) and the login's guard lets it show),
 * then the screen, then the cached answers.
 */
export async function leaveBackoffice(): Promise<void> {
  useStaffSession.getState().signOut();
  await navigateTo(paths.backofficeLogin, { replace: true });
  queryClient.removeQueries({ queryKey: queryKeys.backoffice.all });
}

async function signOutOnUnauthorized<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 401) void leaveBackoffice();
    throw error;
  }
}

export function staffRequest<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: StaffRequestOptions = {},
): Promise<z.output<S>> {
  return signOutOnUnauthorized(
    apiRequest(path, schema, { ...options, token: getStaffToken(), redirects: false }),
  );
}

export function staffSend(path: string, options: StaffRequestOptions = {}): Promise<unknown> {
  return signOutOnUnauthorized(
    apiSend(path, { ...options, token: getStaffToken(), redirects: false }),
  );
}
