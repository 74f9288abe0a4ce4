import type { ChatMessage, ChatOutgoingMessage, ChatPayload } from '@wallet/contract/chat';
import type { OutboxMessage, OutgoingBody } from '../../components/chat/message-outbox';

/**
 * The conversation as the widget holds it. Messages come from two places at once (history
 * pages and the socket's `messaging` events), and the customer's own messages show before the
 * server has them, so the widget keeps this list itself instead of a query cache: it merges by
 * id and matches its own messages by `deliver.id`.
 */

/** What the customer may post, before its `deliver` is added (one type per message type). */
export type CustomerBody = ChatOutgoingMessage extends infer U
  ? U extends ChatOutgoingMessage
    ? Omit<U, 'deliver'>
    : never
  : never;

/** A message of the customer's not yet confirmed by its echo (the spec's entities delivery states). */
export type PendingMessage = OutboxMessage<CustomerBody>;

export type ConnectionState = 'idle' | 'connecting' | 'joined' | 'failed';

export type ChatState = {
  /** The server's messages, oldest first, each id once. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Whether the first page has been read. */
  loaded: boolean;
  loadingOlder: boolean;
  hasOlder: boolean;
  /** The first page could not be read. */
  historyFailed: boolean;
  connection: ConnectionState;
  /** Staff messages that arrived while the panel was closed. */
  unseen: number;
};

export const initialChatState: ChatState = {
  messages: [],
  pending: [],
  loaded: false,
  loadingOlder: false,
  hasOlder: true,
  historyFailed: false,
  connection: 'idle',
  unseen: 0,
};

/** What a pending message shows: its type and payload, a picked file by its local preview. */
export function pendingContent(pending: OutboxMessage<OutgoingBody>): {
  type: OutgoingBody['message_type'];
  payload: ChatPayload;
} {
  const upload = pending.upload;
  if (pending.outgoing) {
    const { message_type: type, payload } = pending.outgoing;
    // A sent picture keeps showing from the device until its echo replaces it.
    if (type === 'media' && upload?.previewUrl) {
      return { type, payload: { ...payload, filePath: upload.previewUrl } };
    }
    return { type, payload };
  }
  return {
    type: 'media',
    payload: {
      fileType: upload?.kind ?? 'image',
      filePath: upload?.previewUrl ?? undefined,
      name: upload?.file.name,
    },
  };
}
