import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/bank-transfers/{reference}/refunded`: the operator sent a kept transfer
 * back to its sender outside the system; the note says how, and it leaves the list.
 */
export async function markTransferRefunded({
  reference,
  reason,
}: {
  reference: string;
  reason: string;
}) {
  const path = `/api/backoffice/bank-transfers/${encodeURIComponent(reference)}/refunded`;
  await staffRequest(path, SuccessSchema, { method: 'POST', body: { reason } });
}

export function useMarkTransferRefunded() {
  return useMutation({
    mutationFn: markTransferRefunded,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.bankTransfers() }),
  });
}
