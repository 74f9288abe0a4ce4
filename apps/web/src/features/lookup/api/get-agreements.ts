import { queryOptions } from '@tanstack/react-query';
import { type HtmlDocumentResponse, HtmlDocumentResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/agreements` (the spec's calls): the member agreement shown on home. */
export function getAgreements(): Promise<HtmlDocumentResponse> {
  return apiRequest('/api/lookup/agreements', HtmlDocumentResponseSchema);
}

export function agreementsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.agreements(),
    queryFn: getAgreements,
    staleTime: 5 * 60_000,
  });
}
