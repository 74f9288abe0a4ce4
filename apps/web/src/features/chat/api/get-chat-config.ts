import { queryOptions } from '@tanstack/react-query';
import { ChatConfigResponseSchema } from '@wallet/contract/chat';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/chat/config` (the spec's calls): the room prefix, fixed while the page lives. */
export function chatConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chat.config(),
    queryFn: () => apiRequest('/api/chat/config', ChatConfigResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The prefix of the conversation's room (`chatRoom(PREFIX, id)`), read once and kept. */
export async function getChatPrefix(): Promise<string> {
  return (await queryClient.fetchQuery(chatConfigQueryOptions())).PREFIX;
}
