import { type ChatSendRequest, chatTextToSend } from '@wallet/contract/chat';
import { Outbox } from '../../components/chat/message-outbox';
import { sendChatMessage } from './api/send-chat-message';
import { uploadChatFile } from './api/upload-chat-file';
import type { ChatState, CustomerBody } from './chat-conversation';
import type { ChatIdentity } from './chat-identity';

type SetState = (update: (state: ChatState) => Partial<ChatState>) => void;

function senderOf(identity: ChatIdentity): Omit<ChatSendRequest, 'message'> {
  return identity.kind === 'member'
    ? { userId: identity.userId, username: identity.username, name: identity.name }
    : { guestId: identity.guestId };
}

/**
 * The customer's messages on their way: the shared outbox (message-outbox.ts) over the widget's
 * state, uploading and posting as the member or guest of the moment. The echo that ends a
 * message's way is matched by the session (chat-session.ts).
 */
export class ChatOutbox extends Outbox<CustomerBody> {
  constructor(read: () => ChatState, set: SetState, identity: () => ChatIdentity) {
    super(
      {
        read: () => read().pending,
        write: (update) => set((state) => ({ pending: update(state.pending) })),
      },
      {
        upload: async (file, kind, { onProgress, signal }) => {
          const caller = identity();
          const guestId = caller.kind === 'guest' ? caller.guestId : undefined;
          const { path } = await uploadChatFile({ file, kind, guestId, onProgress, signal });
          return path;
        },
        send: (message, deliverId) =>
          sendChatMessage({
            ...senderOf(identity()),
            message: { ...message, deliver: { id: deliverId } },
          }),
      },
    );
  }

  /** The spec's validation rules: sends the trimmed text; nothing when empty or over 2000 characters. */
  sendText(text: string): boolean {
    const message = chatTextToSend(text);
    if (message === null) return false;
    this.send({ message_type: 'text', payload: { message } });
    return true;
  }

  /** A postback button or quick reply: its title shows, its payload goes to the bot. */
  sendPostback(title: string, message: string): void {
    this.send({ message_type: 'postback', payload: { title, message } });
  }
}
