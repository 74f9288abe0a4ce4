import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdjustmentListResponseSchema } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { pageParams } from '../paging';
import { type AdjustmentList, type AdjustmentPage, firstAdjustmentPage } from './get-adjustments';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/adjustments?memberId=`: one member's adjustments and assignments, a page. */
export function getMemberAdjustments(
  memberId: number,
  page: AdjustmentPage = firstAdjustmentPage,
): Promise<AdjustmentList> {
  const query = new URLSearchParams({ memberId: String(memberId), ...pageParams(page) });
  return staffRequest(`/api/backoffice/adjustments?${query}`, AdjustmentListResponseSchema);
}

/** Only a role that may read adjustments (`adjustments.request`) asks: others get 403. */
export const memberAdjustmentsQueryOptions = (memberId: number, page?: AdjustmentPage) =>
  queryOptions({
    queryKey: queryKeys.backoffice.memberAdjustments(memberId, page ?? firstAdjustmentPage),
    queryFn: () => getMemberAdjustments(memberId, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMemberAdjustments(memberId: number, page?: AdjustmentPage) {
  return useQuery(memberAdjustmentsQueryOptions(memberId, page));
}
