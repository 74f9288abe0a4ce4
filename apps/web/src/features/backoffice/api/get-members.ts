import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MemberSearchResponseSchema, type MemberSummary } from '@wallet/contract/staff';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/members?q=`: by phone, a part of the name, the bank account, the id… */
export async function getMembers(q: string): Promise<MemberSummary[]> {
  const query = new URLSearchParams({ q });
  return (await staffRequest(`/api/backoffice/members?${query}`, MemberSearchResponseSchema))
    .members;
}

/** Asked only for a search typed in: the server refuses an empty one. */
export const membersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.backoffice.members(q),
    queryFn: () => getMembers(q),
    enabled: q.length > 0,
    // The rows of the last search stay while the next one is on its way.
    placeholderData: keepPreviousData,
  });

export function useMembers(q: string) {
  return useQuery(membersQueryOptions(q));
}
