import { useMutation } from '@tanstack/react-query';
import {
  type EndConversationResponse,
  EndConversationResponseSchema,
} from '@wallet/contract/backoffice';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { updateConversationLists } from './get-conversations';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/chat/end`: the session ends and a new one starts with a `system`
 * message, which the socket brings (and with it the 'End Conversation' divider).
 */
export function endConversation(conversationId: number): Promise<EndConversationResponse> {
  return staffRequest('/api/backoffice/chat/end', EndConversationResponseSchema, {
    method: 'POST',
    body: { conversationId },
  });
}

export function useEndConversation() {
  return useMutation({
    mutationFn: endConversation,
    onSuccess: ({ sessionId }, conversationId) => {
      updateConversationLists((list) =>
        list.map((c) => (c.id === conversationId ? { ...c, sessionId } : c)),
      );
      // The system message may come before the socket is back: the newest page has it too.
      return queryClient.invalidateQueries({
        queryKey: queryKeys.backoffice.history(conversationId),
      });
    },
  });
}
