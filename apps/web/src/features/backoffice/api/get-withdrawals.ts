import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  WithdrawalListQuerySchema,
  type WithdrawalListResponse,
  WithdrawalListResponseSchema,
  type WithdrawalReview,
} from '@wallet/contract/desk';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageParams } from '../paging';
import { staffRequest } from './staff-request';

export type WithdrawalReviewStatus = WithdrawalReview['status'];
export type WithdrawalPage = Pick<
  z.output<typeof WithdrawalListQuerySchema>,
  'page' | 'limit' | 'sort' | 'order'
>;

/** The queue's first page and order (oldest first, 50 rows), as the server's defaults. */
export const firstWithdrawalPage: WithdrawalPage = WithdrawalListQuerySchema.parse({});
export const withdrawalSorts = WithdrawalListQuerySchema.shape.sort.unwrap().options;

/**
 * `GET /api/backoffice/withdrawals?status=&page=…`: withdrawals above the threshold, held for
 * staff: a page, the total, and the whole state's sum per currency and oldest.
 */
export function getWithdrawals(
  status: WithdrawalReviewStatus,
  page: WithdrawalPage = firstWithdrawalPage,
): Promise<WithdrawalListResponse> {
  const query = new URLSearchParams({ status, ...pageParams(page) });
  return staffRequest(`/api/backoffice/withdrawals?${query}`, WithdrawalListResponseSchema);
}

/** Members keep asking: the queue is read again each minute while it is on screen. */
export const withdrawalsQueryOptions = (status: WithdrawalReviewStatus, page?: WithdrawalPage) =>
  queryOptions({
    queryKey: queryKeys.backoffice.withdrawals(status, page ?? firstWithdrawalPage),
    queryFn: () => getWithdrawals(status, page),
    staleTime: 0,
    refetchInterval: status === 'waiting' ? 60_000 : false,
    placeholderData: keepPreviousData,
  });

export function useWithdrawals(status: WithdrawalReviewStatus, page?: WithdrawalPage) {
  return useQuery(withdrawalsQueryOptions(status, page));
}
