import { useMutation } from '@tanstack/react-query';
import {
  type RefundAddWalletResponse,
  RefundAddWalletResponseSchema,
} from '@wallet/contract/refund';
import { apiRequest } from '../../../lib/api-client';
import { queryClient, refreshMoneyViews } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/refund/addWallet` (the spec's calls): every received refund not yet paid goes
 * into the cash wallet, each once (docs/promotions.md); with none, NO_REFUND.
 */
/** With the action's Idempotency-Key: a retry of the same action answers the first answer. */
export function addRefundToWallet({
  idempotencyKey,
}: {
  idempotencyKey: string;
}): Promise<RefundAddWalletResponse> {
  return apiRequest('/api/refund/addWallet', RefundAddWalletResponseSchema, { idempotencyKey });
}

/** Whatever the answer, the wallet, the statement and the refund state are read again. */
export function useAddRefundToWallet() {
  return useMutation({
    mutationFn: addRefundToWallet,
    onSettled: () =>
      Promise.all([
        refreshMoneyViews(),
        queryClient.invalidateQueries({ queryKey: queryKeys.refund.all }),
      ]),
  });
}
