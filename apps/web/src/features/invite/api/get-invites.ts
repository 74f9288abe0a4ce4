import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paging } from '@wallet/contract/constants';
import { type InviteListResponse, InviteListResponseSchema } from '@wallet/contract/invite';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/invite` {page, limit} (the spec's calls): the invited friends, newest first. */
export function getInvites(page: number, limit: number): Promise<InviteListResponse> {
  return apiRequest('/api/invite', InviteListResponseSchema, {
    method: 'POST',
    body: { page, limit },
  });
}

/** 10 a page (the spec's constants and limits), read again each time the modal shows it. */
export function useInvites(page: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.invite.list(page, paging.invite),
      queryFn: () => getInvites(page, paging.invite),
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    }),
  );
}
