import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HeldTransfer, HeldTransferListResponseSchema } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/transfers/held`: game transfers held on a provider's unknown answer. */
export async function getHeldTransfers(): Promise<HeldTransfer[]> {
  return (await staffRequest('/api/backoffice/transfers/held', HeldTransferListResponseSchema))
    .transfers;
}

/** The reconciler settles them too: read again each minute while the list is on screen. */
export const heldTransfersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.heldTransfers(),
    queryFn: getHeldTransfers,
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useHeldTransfers() {
  return useQuery(heldTransfersQueryOptions());
}
