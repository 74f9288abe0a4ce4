import {
  type ChatSendRequest,
  type ChatSendResponse,
  ChatSendResponseSchema,
} from '@wallet/contract/chat';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/chat/send-message` (the spec's calls). The message's `deliver.id` is chosen by
 * the client; a retry with the same id is not stored twice, and the message itself comes back
 * through the socket's `messaging` event carrying that id.
 */
export function sendChatMessage(request: ChatSendRequest): Promise<ChatSendResponse> {
  return apiRequest('/api/chat/send-message', ChatSendResponseSchema, {
    method: 'POST',
    body: request,
  });
}
