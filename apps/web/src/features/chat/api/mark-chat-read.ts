import {
  type ChatReadRequest,
  type ChatReadResponse,
  ChatReadResponseSchema,
} from '@wallet/contract/chat';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/chat/read-customer/` (the spec's calls): the customer has read the conversation. */
export function markChatRead(request: ChatReadRequest): Promise<ChatReadResponse> {
  return apiRequest('/api/chat/read-customer/', ChatReadResponseSchema, {
    method: 'PUT',
    body: request,
  });
}
