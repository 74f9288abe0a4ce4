import type { ConversationSummary } from '@wallet/contract/backoffice';
import { ChatReadResponseSchema } from '@wallet/contract/chat';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { markReadInList } from '../conversation-cache';
import { staffRequest } from './staff-request';

/** `PUT /api/backoffice/chat/read`: staff has read the conversation; its unread count clears. */
export async function markConversationRead(conversationId: number): Promise<void> {
  await staffRequest('/api/backoffice/chat/read', ChatReadResponseSchema, {
    method: 'PUT',
    body: { conversationId },
  });
  queryClient.setQueryData<ConversationSummary[]>(queryKeys.backoffice.conversations(), (list) =>
    list ? markReadInList(list, conversationId) : list,
  );
}
