import type { ConversationSummary } from '@wallet/contract/backoffice';
import type { ChatMessage } from '@wallet/contract/chat';
import type { TFunction } from 'i18next';
import { isCustomerMessage, isSessionEnd, webHref } from '../../components/chat/chat-messages';

/** A guest's id is a UUID: its first 8 characters tell guests apart in a list. */
const SHORT_ID_LENGTH = 8;

/** Who the conversation is with: the member's name (or username), or 'Guest' and a short id. */
export function conversationTitle(conversation: ConversationSummary, t: TFunction): string {
  if (conversation.name) return conversation.name;
  if (conversation.username) return conversation.username;
  const id = conversation.guestId ?? conversation.userId ?? String(conversation.id);
  return t('backoffice.list.guest', { id: id.slice(0, SHORT_ID_LENGTH) });
}

/** The second line under a member's name: their username, when the name is shown above it. */
export function conversationSubtitle(conversation: ConversationSummary): string | null {
  return conversation.name && conversation.username ? conversation.username : null;
}

/** A one-line reading of any message, for the list's preview. */
export function messagePreview(message: ChatMessage['message'], t: TFunction): string {
  const { payload } = message;
  switch (message.message_type) {
    case 'text':
    case 'quick_replies':
    case 'buttons':
      return payload.message ?? '';
    case 'media':
      return t(`backoffice.preview.${payload.fileType ?? 'file'}`);
    case 'generic':
      return payload.elements?.[0]?.title || t('backoffice.preview.cards');
    case 'postback':
      return payload.title || payload.message || '';
    default:
      return t('backoffice.message.unsupported');
  }
}

/**
 * The list's preview of a conversation's last message: staff's and bots' marked as such, and
 * the system's session change (which carries no text) as the 'End Conversation' it shows.
 */
export function lastMessagePreview(message: ChatMessage, t: TFunction): string {
  if (isSessionEnd(message)) return t('backoffice.view.endDivider');
  if (message.sender === 'system') return message.message.payload.message ?? '';
  const text = messagePreview(message.message, t);
  return isCustomerMessage(message) ? text : t('backoffice.preview.fromStaff', { text });
}

/** A file link from the upload call: a path on this site, or an http(s) link. */
export function isFileLink(value: string | undefined): value is string {
  if (!value) return false;
  return (value.startsWith('/') && !value.startsWith('//')) || webHref(value) !== null;
}
