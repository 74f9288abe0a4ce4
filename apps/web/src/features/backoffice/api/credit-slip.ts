import { useMutation } from '@tanstack/react-query';
import { AdjustmentStateSchema, type SlipByHand } from '@wallet/contract/desk';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/slips/{id}/credit`: the amount and the bank's reference staff read off
 * the picture; it waits in the adjustments queue for another staff member's approval. Money, so
 * through the fresh-code flow.
 */
export function creditSlip({ id, ...body }: { id: number } & SlipByHand) {
  return withFreshCode(() =>
    staffRequest(`/api/backoffice/slips/${id}/credit`, AdjustmentStateSchema, {
      method: 'POST',
      body,
    }),
  );
}

export function useCreditSlip() {
  return useMutation({
    mutationFn: creditSlip,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.adjustments() }),
  });
}
