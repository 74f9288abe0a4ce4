import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffAccount, StaffListResponseSchema } from '@wallet/contract/staff';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/staff` (admin). */
export async function getStaffAccounts(): Promise<StaffAccount[]> {
  return (await staffRequest('/api/backoffice/staff', StaffListResponseSchema)).staff;
}

export const staffAccountsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backoffice.staff(), queryFn: getStaffAccounts });

export function useStaffAccounts() {
  return useQuery(staffAccountsQueryOptions());
}
