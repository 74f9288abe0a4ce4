import {
  type ChatHistoryRequest,
  type ChatHistoryResponse,
  ChatHistoryResponseSchema,
} from '@wallet/contract/chat';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/chat/history` (the spec's calls): the page ending `skip` messages before the
 * newest, oldest first. The widget keeps the conversation itself (messages arrive by socket as
 * well as by page), so this is a plain call rather than a query (chat-conversation.ts).
 */
export function getChatHistory(request: ChatHistoryRequest): Promise<ChatHistoryResponse> {
  return apiRequest('/api/chat/history', ChatHistoryResponseSchema, {
    method: 'POST',
    body: request,
  });
}
