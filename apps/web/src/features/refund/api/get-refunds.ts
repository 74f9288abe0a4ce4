import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paging } from '@wallet/contract/constants';
import { type RefundListResponse, RefundListResponseSchema } from '@wallet/contract/refund';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/refund` {page, limit} (the spec's calls): the refund log, newest first. */
export function getRefunds(page: number, limit: number): Promise<RefundListResponse> {
  return apiRequest('/api/refund', RefundListResponseSchema, {
    method: 'POST',
    body: { page, limit },
  });
}

/** 10 a page (the spec's constants and limits), read again each time the modal shows it. */
export function useRefunds(page: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.refund.list(page, paging.refund),
      queryFn: () => getRefunds(page, paging.refund),
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    }),
  );
}
