import { queryOptions, useQuery } from '@tanstack/react-query';
import { WithdrawalListResponseSchema, type WithdrawalReview } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type WithdrawalReviewStatus = WithdrawalReview['status'];

/** `GET /api/backoffice/withdrawals?status=`: withdrawals above the threshold, held for staff. */
export async function getWithdrawals(status: WithdrawalReviewStatus): Promise<WithdrawalReview[]> {
  const query = new URLSearchParams({ status });
  return (await staffRequest(`/api/backoffice/withdrawals?${query}`, WithdrawalListResponseSchema))
    .withdrawals;
}

/** Members keep asking: the queue is read again each minute while it is on screen. */
export const withdrawalsQueryOptions = (status: WithdrawalReviewStatus) =>
  queryOptions({
    queryKey: queryKeys.backoffice.withdrawals(status),
    queryFn: () => getWithdrawals(status),
    staleTime: 0,
    refetchInterval: status === 'waiting' ? 60_000 : false,
  });

export function useWithdrawals(status: WithdrawalReviewStatus) {
  return useQuery(withdrawalsQueryOptions(status));
}
