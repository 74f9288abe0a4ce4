import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ChatHistoryResponseSchema } from '@wallet/contract/chat';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { type HeldHistory, mergeNewestPage, prependOlderPage } from '../conversation-cache';
import { staffRequest } from './staff-request';

/**
 * A staff page is twice the member widget's 10 (the spec's constants and limits): a desktop conversation
 * column holds about 20 bubbles, so the first page fills it and scrolling up can load more.
 */
export const STAFF_HISTORY_PAGE = 20;

/** `POST /api/backoffice/chat/history`: a page, oldest first; `skip` counts back from the newest. */
export function getHistory(conversationId: number, skip: number): Promise<HeldHistory> {
  return staffRequest('/api/backoffice/chat/history', ChatHistoryResponseSchema, {
    method: 'POST',
    body: { conversationId, limit: STAFF_HISTORY_PAGE, skip },
  });
}

/**
 * The newest page, merged with what is already held: reading it again (after a reconnect) adds
 * what was missed without dropping older pages. Live messages are appended by the socket.
 */
export const historyQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: queryKeys.backoffice.history(conversationId),
    queryFn: async () => {
      const page = await getHistory(conversationId, 0);
      const held = queryClient.getQueryData<HeldHistory>(
        queryKeys.backoffice.history(conversationId),
      );
      return mergeNewestPage(held, page);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useHistory(conversationId: number) {
  return useQuery(historyQueryOptions(conversationId));
}

/** Whether the server has messages older than those held. */
export function hasOlder(held: HeldHistory | undefined): boolean {
  return !!held && held.messages.length < held.total;
}

/** The next older page: skip = the messages already held (live ones included). */
export function useLoadOlder(conversationId: number) {
  const key = queryKeys.backoffice.history(conversationId);
  return useMutation({
    mutationFn: () => {
      const held = queryClient.getQueryData<HeldHistory>(key);
      return getHistory(conversationId, held?.messages.length ?? 0);
    },
    onSuccess: (page) => {
      queryClient.setQueryData<HeldHistory>(key, (held) =>
        held ? prependOlderPage(held, page) : page,
      );
    },
  });
}
