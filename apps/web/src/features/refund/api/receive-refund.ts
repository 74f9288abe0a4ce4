import { useMutation } from '@tanstack/react-query';
import { type RefundReceiveResponse, RefundReceiveResponseSchema } from '@wallet/contract/refund';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/refund/receive` (the spec's calls): the refund ready becomes a row of the refund
 * log. The server counts each round once, so a repeat answers NO_REFUND, never a second claim.
 */
/** With the action's Idempotency-Key: a retry of the same action answers the first answer. */
export function receiveRefund({
  idempotencyKey,
}: {
  idempotencyKey: string;
}): Promise<RefundReceiveResponse> {
  return apiRequest('/api/refund/receive', RefundReceiveResponseSchema, { idempotencyKey });
}

/** The spec's states: whatever the answer, the refund state (and its log) is checked again. */
export function useReceiveRefund() {
  return useMutation({
    mutationFn: receiveRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.refund.all }),
  });
}
