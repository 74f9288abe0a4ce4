import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HtmlDocumentResponse, HtmlDocumentResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/conditions` (the spec's calls). */
export function getConditions(): Promise<HtmlDocumentResponse> {
  return apiRequest('/api/lookup/conditions', HtmlDocumentResponseSchema);
}

export function conditionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.conditions(),
    queryFn: getConditions,
    staleTime: 5 * 60_000,
  });
}

export function useConditions() {
  return useQuery(conditionsQueryOptions());
}
