import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
} from '@wallet/contract/staff-members';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageParams } from '../paging';
import { staffRequest } from './staff-request';

export type MemberPage = Pick<
  z.output<typeof MemberSearchQuerySchema>,
  'page' | 'limit' | 'sort' | 'order'
>;
export type MemberSearch = z.output<typeof MemberSearchResponseSchema>;

const pageQuery = MemberSearchQuerySchema.omit({ q: true });
/** A search's first page and order (the newest members first), as the server's defaults. */
export const firstMemberPage: MemberPage = pageQuery.parse({});
export const memberSorts = pageQuery.shape.sort.unwrap().options;

/** `GET /api/backoffice/members?q=`: by phone, a part of the name, the bank account, the id… */
export function getMembers(q: string, page: MemberPage = firstMemberPage): Promise<MemberSearch> {
  const query = new URLSearchParams({ q, ...pageParams(page) });
  return staffRequest(`/api/backoffice/members?${query}`, MemberSearchResponseSchema);
}

/** Asked only for a search typed in: the server refuses an empty one. */
export const membersQueryOptions = (q: string, page?: MemberPage) =>
  queryOptions({
    queryKey: queryKeys.backoffice.members(q, page ?? firstMemberPage),
    queryFn: () => getMembers(q, page),
    enabled: q.length > 0,
    // The rows of the last search stay while the next one is on its way.
    placeholderData: keepPreviousData,
  });

export function useMembers(q: string, page?: MemberPage) {
  return useQuery(membersQueryOptions(q, page));
}
