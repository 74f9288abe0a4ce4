import type { ChatMessage } from '@wallet/contract/chat';
import { isSessionEnd } from './chat-messages';

export type ChatRow<P> =
  | { kind: 'divider'; key: string }
  | { kind: 'message'; key: string; message: ChatMessage; firstOfRun: boolean }
  | { kind: 'pending'; key: string; pending: P };

/**
 * The rows of the log: the messages, an 'End Conversation' divider wherever two consecutive
 * messages belong to different sessions and in place of a session_end message (never two
 * dividers in a row), then the pending messages. `firstOfRun` marks a message whose sender
 * differs from the one above, where the staff's name is shown.
 */
export function chatRows<P extends { deliverId: string }>(
  messages: readonly ChatMessage[],
  pending: readonly P[],
): ChatRow<P>[] {
  const rows: ChatRow<P>[] = [];
  const divider = (key: string) => {
    const last = rows.at(-1);
    if (last && last.kind !== 'divider') rows.push({ kind: 'divider', key });
  };
  let previous: ChatMessage | null = null;
  for (const message of messages) {
    if (previous && previous.session_id !== message.session_id) divider(`s${message.id}`);
    if (isSessionEnd(message)) {
      divider(`e${message.id}`);
    } else {
      const firstOfRun = rows.at(-1)?.kind !== 'message' || previous?.sender !== message.sender;
      rows.push({ kind: 'message', key: `m${message.id}`, message, firstOfRun });
    }
    previous = message;
  }
  for (const item of pending)
    rows.push({ kind: 'pending', key: `p${item.deliverId}`, pending: item });
  return rows;
}
