import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LimitsResponse, LimitsResponseSchema } from '@wallet/contract/operator';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/settings/limits` (`settings.read`): each currency's amount rules. */
export function getLimits(): Promise<LimitsResponse> {
  return staffRequest('/api/backoffice/settings/limits', LimitsResponseSchema);
}

export const limitsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backoffice.limits(), queryFn: getLimits, staleTime: 0 });

export function useLimits() {
  return useQuery(limitsQueryOptions());
}
