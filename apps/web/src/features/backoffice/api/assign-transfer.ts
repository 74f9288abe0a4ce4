import { useMutation } from '@tanstack/react-query';
import { AdjustmentStateSchema, type AssignTransferSchema } from '@wallet/contract/desk';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

export type TransferAssignment = { reference: string } & z.output<typeof AssignTransferSchema>;

/**
 * `POST /api/backoffice/bank-transfers/{reference}/assign`: asks to credit a kept transfer to the
 * member it belongs to (a wallet of the transfer's currency, `BANK_CURRENCY_MISMATCH` otherwise).
 * It waits in the adjustments queue for another staff member's approval, one at a time per
 * transfer. Money, so through the fresh-code flow, as a balance adjustment asked.
 */
export function assignTransfer({ reference, ...body }: TransferAssignment) {
  const path = `/api/backoffice/bank-transfers/${encodeURIComponent(reference)}/assign`;
  return withFreshCode(() => staffRequest(path, AdjustmentStateSchema, { method: 'POST', body }));
}

/** The queue has one more, and the transfer's row says its assignment waits (its `pending`). */
const changed = [queryKeys.backoffice.adjustments(), queryKeys.backoffice.bankTransfers()];

export function useAssignTransfer() {
  return useMutation({
    mutationFn: assignTransfer,
    onSuccess: () =>
      Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
