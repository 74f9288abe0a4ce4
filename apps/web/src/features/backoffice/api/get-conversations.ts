import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  type ConversationListResponse,
  ConversationListResponseSchema,
  type ConversationParty,
  type ConversationSummary,
  conversationParties,
} from '@wallet/contract/backoffice';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { mapPages } from '../conversation-cache';
import { staffRequest } from './staff-request';

/** The pages of one party's list read so far, each with the cursor of the next. */
export type ConversationPages = InfiniteData<ConversationListResponse, string | null>;

/** `GET /api/backoffice/chat/conversations`: a page of one party's list, most recent first. */
export function getConversations(
  party: ConversationParty,
  cursor: string | null,
): Promise<ConversationListResponse> {
  const query = new URLSearchParams({ party });
  if (cursor) query.set('cursor', cursor);
  return staffRequest(
    `/api/backoffice/chat/conversations?${query}`,
    ConversationListResponseSchema,
  );
}

/**
 * The socket keeps the lists current (staff-socket.ts), and reads them again after each
 * (re)connection, so they are not read again on a timer. Reading again reads every page shown.
 */
export const conversationsQueryOptions = (party: ConversationParty) =>
  infiniteQueryOptions({
    queryKey: queryKeys.backoffice.conversations(party),
    queryFn: ({ pageParam }) => getConversations(party, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
  });

const flatten = (data: ConversationPages): ConversationSummary[] =>
  data.pages.flatMap((page) => page.conversations);

/** One party's conversations, the pages read so far as one list; `fetchNextPage` reads on. */
export function useConversations(party: ConversationParty) {
  return useInfiniteQuery({ ...conversationsQueryOptions(party), select: flatten });
}

function isParty(value: unknown): value is ConversationParty {
  return (conversationParties as readonly unknown[]).includes(value);
}

/**
 * Changes every party's cached list in place. `update` answers null when the list lacks what
 * the change needs (a conversation it does not hold yet): that list is read again, in the
 * server's order.
 */
export function updateConversationLists(
  update: (list: ConversationSummary[], party: ConversationParty) => ConversationSummary[] | null,
): void {
  const cached = queryClient.getQueriesData<ConversationPages>({
    queryKey: queryKeys.backoffice.conversations(),
  });
  for (const [key, data] of cached) {
    const party = key[2];
    if (!data || !isParty(party)) continue;
    const next = mapPages(data, (list) => update(list, party));
    if (next) queryClient.setQueryData(key, next);
    else void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}
