import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffProfile, StaffProfileSchema } from '@wallet/contract/backoffice';
import { queryKeys } from '../../../lib/query-keys';
import { useStaffSession } from '../staff-session';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/me`: who is signed in (a bad token answers 401 and signs staff out). */
export function getStaffProfile(): Promise<StaffProfile> {
  return staffRequest('/api/backoffice/me', StaffProfileSchema);
}

export const staffProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.me(),
    queryFn: getStaffProfile,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStaffProfile() {
  const signedIn = useStaffSession((s) => s.token !== null);
  return useQuery({ ...staffProfileQueryOptions(), enabled: signedIn });
}
