import { queryOptions, useQuery } from '@tanstack/react-query';
import { type KeptTransfer, KeptTransferListResponseSchema } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/bank-transfers`: bank transfers that matched no member, kept. */
export async function getBankTransfers(): Promise<KeptTransfer[]> {
  return (await staffRequest('/api/backoffice/bank-transfers', KeptTransferListResponseSchema))
    .transfers;
}

/** The bank feed keeps reporting: read again each minute while the list is on screen. */
export const bankTransfersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.bankTransfers(),
    queryFn: getBankTransfers,
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useBankTransfers() {
  return useQuery(bankTransfersQueryOptions());
}
