import type { StaffOutgoingMessage } from '@wallet/contract/backoffice';
import { useCallback } from 'react';
import { errorText } from '../../lib/errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { sendStaffMessage } from './api/send-message';
import { uploadAttachment } from './api/upload-attachment';
import { getOutboxEntry, type OutboxEntry, useOutbox } from './outbox';
import { isStaffSocketOnline } from './staff-socket';

/**
 * Sends an outbox entry: uploads its file first if it has one, then posts the message with the
 * entry's `deliverId` (the same on every retry, so the server stores it once). Without the
 * socket no echo will come, so the conversation's newest page is read again instead.
 */
async function deliver(deliverId: string): Promise<void> {
  const { update } = useOutbox.getState();
  const entry = getOutboxEntry(deliverId);
  if (!entry) return;
  try {
    let message = entry.message;
    const attachment = entry.attachment;
    if (!message && attachment) {
      update(deliverId, { status: 'uploading_file', error: null });
      const filePath = await uploadAttachment({
        conversationId: entry.conversationId,
        file: attachment.file,
        kind: attachment.kind,
        onProgress: (progress) => update(deliverId, { attachment: { ...attachment, progress } }),
      });
      message = {
        message_type: 'media',
        payload: { fileType: attachment.kind, filePath, name: attachment.file.name },
      };
      // Kept, so a retry after a failed send does not upload the file again.
      update(deliverId, { message, attachment: { ...attachment, progress: 1 } });
    }
    if (!message) return;
    update(deliverId, { status: 'sending', error: null });
    await sendStaffMessage({ conversationId: entry.conversationId, deliverId, message });
    update(deliverId, { status: 'succeed' });
    if (!isStaffSocketOnline()) {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.backoffice.history(entry.conversationId),
      });
    }
  } catch (error) {
    update(deliverId, { status: 'failed', error: errorText(error) });
  }
}

function newEntry(conversationId: number, patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    deliverId: newIdempotencyKey(),
    conversationId,
    status: 'sending',
    createdAt: new Date().toISOString(),
    message: null,
    attachment: null,
    error: null,
    ...patch,
  };
}

function previewUrl(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

/** The composer's actions for one conversation; each shows at once and then delivers. */
export function useStaffSender(conversationId: number) {
  const send = useCallback(
    (message: StaffOutgoingMessage) => {
      const entry = newEntry(conversationId, { message });
      useOutbox.getState().add(entry);
      return deliver(entry.deliverId);
    },
    [conversationId],
  );

  const attach = useCallback(
    (file: File, kind: 'image' | 'video') => {
      const entry = newEntry(conversationId, {
        status: 'uploading_file',
        attachment: { file, kind, previewUrl: previewUrl(file), progress: 0 },
      });
      useOutbox.getState().add(entry);
      return deliver(entry.deliverId);
    },
    [conversationId],
  );

  return { send, attach, retry: deliver };
}
