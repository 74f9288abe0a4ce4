import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MemberDetail, MemberDetailSchema } from '@wallet/contract/staff-members';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/members/{id}`: one member's profile, the balance of each of their ledger
 * accounts, their latest 50 movements of every kind, their sessions and status history.
 */
export function getMember(id: number): Promise<MemberDetail> {
  return staffRequest(`/api/backoffice/members/${id}`, MemberDetailSchema);
}

/** Read afresh on each visit: balances move while staff look elsewhere. */
export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.backoffice.member(id),
    queryFn: () => getMember(id),
    staleTime: 0,
  });

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
