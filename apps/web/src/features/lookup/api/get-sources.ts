import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SourcesResponse, SourcesResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/sources` (the spec's calls). */
export function getSources(): Promise<SourcesResponse> {
  return apiRequest('/api/lookup/sources', SourcesResponseSchema);
}

export function sourcesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.sources(),
    queryFn: getSources,
    staleTime: Infinity,
  });
}

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
