import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BanksResponse, BanksResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/banks` (the spec's calls). */
export function getBanks(): Promise<BanksResponse> {
  return apiRequest('/api/lookup/banks', BanksResponseSchema);
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.banks(),
    queryFn: getBanks,
    staleTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
