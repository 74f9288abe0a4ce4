import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffProfile, StaffProfileSchema } from '@wallet/contract/staff';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffCallOptions, staffRequest } from './staff-request';

const ME = '/api/backoffice/me';

/**
 * `GET /api/backoffice/me`: whom the session cookie belongs to, 401 when nobody is signed in.
 * The route guards ask it (app/guards.ts) and redirect by themselves, so here a 401 is an
 * answer, not a reason to leave the back office.
 */
export function getStaffProfile(): Promise<StaffProfile> {
  return apiRequest(ME, StaffProfileSchema, staffCallOptions());
}

/** Kept for the page's life: the sign-in puts it in, leaving the back office removes it. */
export const staffProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.me(),
    queryFn: getStaffProfile,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStaffProfile() {
  return useQuery(staffProfileQueryOptions());
}

/**
 * Asks again whether the session still holds (the socket was refused): a 401 takes staff to
 * the login, like any back-office call's.
 */
export async function checkStaffSession(): Promise<void> {
  const profile = await staffRequest(ME, StaffProfileSchema);
  queryClient.setQueryData(queryKeys.backoffice.me(), profile);
}
