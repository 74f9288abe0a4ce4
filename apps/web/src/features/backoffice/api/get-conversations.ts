import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ConversationListResponseSchema,
  type ConversationSummary,
} from '@wallet/contract/backoffice';
import { queryKeys } from '../../../lib/query-keys';
import { useStaffSession } from '../staff-session';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/chat/conversations`: every conversation, most recent first. */
export async function getConversations(): Promise<ConversationSummary[]> {
  const { conversations } = await staffRequest(
    '/api/backoffice/chat/conversations',
    ConversationListResponseSchema,
  );
  return conversations;
}

/**
 * The socket keeps the list current (staff-socket.ts), and reads it again after each
 * (re)connection, so it is not read again on a timer.
 */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.conversations(),
    queryFn: getConversations,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConversations() {
  const signedIn = useStaffSession((s) => s.token !== null);
  return useQuery({ ...conversationsQueryOptions(), enabled: signedIn });
}
