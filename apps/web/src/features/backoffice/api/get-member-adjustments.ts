import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Adjustment, AdjustmentListResponseSchema } from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/adjustments?memberId=`: every adjustment and assignment of one member. */
export async function getMemberAdjustments(memberId: number): Promise<Adjustment[]> {
  const query = new URLSearchParams({ memberId: String(memberId) });
  return (await staffRequest(`/api/backoffice/adjustments?${query}`, AdjustmentListResponseSchema))
    .adjustments;
}

/** Only a role that may read adjustments (`adjustments.request`) asks: others get 403. */
export const memberAdjustmentsQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.backoffice.memberAdjustments(memberId),
    queryFn: () => getMemberAdjustments(memberId),
    staleTime: 0,
  });

export function useMemberAdjustments(memberId: number) {
  return useQuery(memberAdjustmentsQueryOptions(memberId));
}
