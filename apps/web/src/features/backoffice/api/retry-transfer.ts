import { useMutation } from '@tanstack/react-query';
import { RetryTransferResponseSchema } from '@wallet/contract/desk';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/transfers/{id}/retry`: asks the provider again; its answer settles the
 * transfer (`success`: forward, `failed`: back to the wallet), no answer leaves it `processing`.
 * It may move money, so it goes through the fresh-code flow should the server ask for a code.
 */
export function retryTransfer(id: number) {
  return withFreshCode(() =>
    staffRequest(`/api/backoffice/transfers/${id}/retry`, RetryTransferResponseSchema, {
      method: 'POST',
    }),
  );
}

export function useRetryTransfer() {
  return useMutation({
    mutationFn: retryTransfer,
    // Whatever the answer: the reconciler may have settled it meanwhile.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.heldTransfers() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.members() });
    },
  });
}
