import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WithdrawLimitsResponse, WithdrawLimitsResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/withdraw` (the spec's calls): withdrawMin and withdrawMax. */
export function getWithdrawLimits(): Promise<WithdrawLimitsResponse> {
  return apiRequest('/api/lookup/withdraw', WithdrawLimitsResponseSchema);
}

export function withdrawLimitsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.withdraw(),
    queryFn: getWithdrawLimits,
    staleTime: 5 * 60_000,
  });
}

export function useWithdrawLimits() {
  return useQuery(withdrawLimitsQueryOptions());
}
