import { queryOptions, useQuery } from '@tanstack/react-query';
import { type NoticeResponse, NoticeResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/notice` (the spec's calls): the bonus notice, `%percentFail%` still in it. */
export function getNotice(): Promise<NoticeResponse> {
  return apiRequest('/api/lookup/notice', NoticeResponseSchema);
}

export function noticeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.notice(),
    queryFn: getNotice,
    staleTime: 5 * 60_000,
  });
}

export function useNotice() {
  return useQuery(noticeQueryOptions());
}
