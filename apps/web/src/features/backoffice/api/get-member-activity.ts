import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MemberActivity, MemberActivitySchema } from '@wallet/contract/staff-members';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/members/{id}/activity`: where the member's money came from, record by
 * record (bank transfers, QR codes with their callbacks, gift links, slips with their pictures),
 * and what they took (bonuses, refunds, invite rewards and friends, spins and coupons).
 */
export function getMemberActivity(id: number): Promise<MemberActivity> {
  return staffRequest(`/api/backoffice/members/${id}/activity`, MemberActivitySchema);
}

/** Read afresh on each visit, as the member's page. */
export const memberActivityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.backoffice.memberActivity(id),
    queryFn: () => getMemberActivity(id),
    staleTime: 0,
  });

export function useMemberActivity(id: number) {
  return useQuery(memberActivityQueryOptions(id));
}
