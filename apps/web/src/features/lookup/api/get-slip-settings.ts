import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SlipLookupResponse, SlipLookupResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/slip` (the spec's calls): whether slips are taken, and the largest file. */
export function getSlipSettings(): Promise<SlipLookupResponse> {
  return apiRequest('/api/lookup/slip', SlipLookupResponseSchema);
}

export function slipSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.slip(),
    queryFn: getSlipSettings,
    staleTime: 5 * 60_000,
  });
}

export function useSlipSettings() {
  return useQuery(slipSettingsQueryOptions());
}
