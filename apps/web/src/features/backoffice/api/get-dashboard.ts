import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Dashboard, DashboardSchema } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/dashboard`: the operator's day (Asia/Bangkok) per currency, new members,
 * and what waits for staff with its oldest wait.
 */
export function getDashboard(): Promise<Dashboard> {
  return staffRequest('/api/backoffice/dashboard', DashboardSchema);
}

/** The day goes on while the screen is open: read again each minute, as the withdrawals queue. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.dashboard(),
    queryFn: getDashboard,
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
