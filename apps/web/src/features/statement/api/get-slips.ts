import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type SlipListRequest,
  type SlipListResponse,
  SlipListResponseSchema,
} from '@wallet/contract/statement';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While a slip on the page is still being checked, the page is read again this often. */
const PROCESSING_POLL_MS = 3000;

/** `POST /api/statement/slip` {page, limit} (the spec's calls): the member's slips, newest first. */
export function getSlips(body: SlipListRequest): Promise<SlipListResponse> {
  return apiRequest('/api/statement/slip', SlipListResponseSchema, { method: 'POST', body });
}

export function slipsQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: queryKeys.statement.slips(page, limit),
    queryFn: () => getSlips({ page, limit }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.slips.some((slip) => slip.status === 'processing')
        ? PROCESSING_POLL_MS
        : false,
  });
}

export function useSlips(page: number, limit: number) {
  return useQuery(slipsQueryOptions(page, limit));
}
