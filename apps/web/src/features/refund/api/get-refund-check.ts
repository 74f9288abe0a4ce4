import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RefundCheckResponse, RefundCheckResponseSchema } from '@wallet/contract/refund';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/refund/check` (the spec's calls): the refund ready, the bonus blocking it, the rates. */
export function getRefundCheck(): Promise<RefundCheckResponse> {
  return apiRequest('/api/refund/check', RefundCheckResponseSchema);
}

/** Read afresh each time the modal opens: a new Bangkok day brings yesterday's rounds in. */
export function useRefundCheck(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.refund.check(),
      queryFn: getRefundCheck,
      staleTime: 0,
      enabled,
    }),
  );
}
