import type { ConversationSummary } from '@wallet/contract/backoffice';
import type { ChatMessage } from '@wallet/contract/chat';
import { i18n } from '../../lib/i18n';
import backofficeEn from '../../locales/backoffice/en.json';

/** The back office's English words, which its routes load in the app. */
export function prepareBackofficeTests(): void {
  i18n.addResourceBundle('en', 'translation', backofficeEn, true, true);
}

/** A chat message as history and the socket carry it; a customer's text unless told. */
export function chatMessage(
  id: number,
  overrides: Partial<Omit<ChatMessage, 'message'>> & {
    message?: Partial<ChatMessage['message']>;
  } = {},
): ChatMessage {
  const { message, ...top } = overrides;
  return {
    id,
    sender: 'customer',
    createdAt: new Date(Date.UTC(2024, 0, 5, 9, 0, id)).toISOString(),
    session_id: 'session-1',
    userId: '3',
    guestId: null,
    username: '0811111111',
    name: 'Malee',
    deviceToken: null,
    ...top,
    message: {
      message_type: 'text',
      payload: { message: `message ${id}` },
      deliver: { id: `deliver-${id}`, status: 'succeed' },
      ...message,
    },
  };
}

/** A row of the conversation list: Malee's conversation unless told. */
export function conversationSummary(
  id: number,
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary {
  const lastMessage = overrides.lastMessage ?? chatMessage(id * 100);
  return {
    id,
    room: `chat-${id}`,
    userId: String(id),
    guestId: null,
    name: 'Malee',
    username: '0811111111',
    sessionId: 'session-1',
    unread: 0,
    customerReadAll: false,
    lastMessage,
    lastMessageAt: lastMessage?.createdAt ?? null,
    ...overrides,
  };
}
