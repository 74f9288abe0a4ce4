import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HowtoResponse, HowtoResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/howto` (the spec's calls). */
export function getHowto(): Promise<HowtoResponse> {
  return apiRequest('/api/lookup/howto', HowtoResponseSchema);
}

export function howtoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.howto(),
    queryFn: getHowto,
    staleTime: 5 * 60_000,
  });
}

export function useHowto() {
  return useQuery(howtoQueryOptions());
}
