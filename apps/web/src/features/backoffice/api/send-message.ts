import { type StaffSendRequest, StaffSendRequestSchema } from '@wallet/contract/backoffice';
import { type ChatSendResponse, ChatSendResponseSchema } from '@wallet/contract/chat';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/chat/send`. The request is checked against the contract first, so a
 * composer bug shows here rather than as a 400. The message itself comes back on the socket
 * with `deliver.id` = `deliverId`, which a retry keeps so the server stores it once.
 */
export function sendStaffMessage(request: StaffSendRequest): Promise<ChatSendResponse> {
  return staffRequest('/api/backoffice/chat/send', ChatSendResponseSchema, {
    method: 'POST',
    body: StaffSendRequestSchema.parse(request),
  });
}
