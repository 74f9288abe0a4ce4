import { hashKey } from '@tanstack/react-query';
import type { StaffOutgoingMessage } from '@wallet/contract/backoffice';
import { create } from 'zustand';
import { Outbox, type OutboxMessage } from '../../components/chat/message-outbox';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { sendStaffMessage } from './api/send-message';
import { uploadAttachment } from './api/upload-attachment';
import { isStaffSocketOnline } from './staff-socket';

/**
 * Messages staff has sent that the conversation's history does not hold yet: the widget's
 * outbox (chat/message-outbox.ts), one per conversation, shown at the end of the conversation
 * with their delivery status until the socket's echo, or the history, brings the stored
 * message with the same `deliver.id`. They live outside the screen so switching conversations
 * keeps them.
 */
export type StaffPendingMessage = OutboxMessage<StaffOutgoingMessage>;

type OutboxState = { byConversation: Record<number, StaffPendingMessage[]> };

export const useOutbox = create<OutboxState>()(() => ({ byConversation: {} }));

const outboxes = new Map<number, Outbox<StaffOutgoingMessage>>();

function createOutbox(conversationId: number): Outbox<StaffOutgoingMessage> {
  return new Outbox<StaffOutgoingMessage>(
    {
      read: () => useOutbox.getState().byConversation[conversationId] ?? [],
      write: (update) =>
        useOutbox.setState((s) => ({
          byConversation: {
            ...s.byConversation,
            [conversationId]: update(s.byConversation[conversationId] ?? []),
          },
        })),
    },
    {
      upload: (file, kind, { onProgress, signal }) =>
        uploadAttachment({ conversationId, file, kind, onProgress, signal }),
      send: async (message, deliverId) => {
        await sendStaffMessage({ conversationId, deliverId, message });
        // Without the socket no echo will come: the newest page is read again instead.
        if (!isStaffSocketOnline()) {
          void queryClient.invalidateQueries({
            queryKey: queryKeys.backoffice.history(conversationId),
          });
        }
      },
    },
  );
}

/** The outbox of one conversation (the same one for as long as staff is signed in). */
export function staffOutbox(conversationId: number): Outbox<StaffOutgoingMessage> {
  let outbox = outboxes.get(conversationId);
  if (!outbox) {
    outbox = createOutbox(conversationId);
    outboxes.set(conversationId, outbox);
  }
  return outbox;
}

/** On sign-out: nothing of one staff member's work is left for the next. */
export function clearOutbox(): void {
  for (const outbox of outboxes.values()) outbox.dispose();
  outboxes.clear();
  useOutbox.setState({ byConversation: {} });
}

/**
 * The outbox empties when the staff profile leaves the cache, which is how the session ends on
 * this browser (leaveBackoffice, api/staff-request.ts): it listens to the cache rather than
 * being called by the leaving, whose calls the outbox's own sends go through.
 */
const profileHash = hashKey(queryKeys.backoffice.me());
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'removed' && event.query.queryHash === profileHash) clearOutbox();
});
