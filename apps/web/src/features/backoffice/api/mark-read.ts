import { ChatReadResponseSchema } from '@wallet/contract/chat';
import { markReadInList } from '../conversation-cache';
import { updateConversationLists } from './get-conversations';
import { staffRequest } from './staff-request';

/** `PUT /api/backoffice/chat/read`: staff has read the conversation; its unread count clears. */
export async function markConversationRead(conversationId: number): Promise<void> {
  await staffRequest('/api/backoffice/chat/read', ChatReadResponseSchema, {
    method: 'PUT',
    body: { conversationId },
  });
  updateConversationLists((list) => markReadInList(list, conversationId));
}
