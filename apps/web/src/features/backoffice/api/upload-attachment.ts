import { STAFF_UPLOAD_CONVERSATION_FIELD } from '@wallet/contract/backoffice';
import { CHAT_UPLOAD_FIELD, ChatUploadResponseSchema } from '@wallet/contract/chat';
import { staffRequest } from './staff-request';

type UploadRequest = {
  conversationId: number;
  file: File;
  kind: 'image' | 'video';
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /api/backoffice/chat/upload-image` or `/upload-video`: the conversation's id goes in a
 * form field before the file (the server reads the fields in order and must know the
 * conversation before it stores the file). Answers the file's link for a `media` message.
 */
export async function uploadAttachment({
  conversationId,
  file,
  kind,
  onProgress,
  signal,
}: UploadRequest): Promise<string> {
  const form = new FormData();
  form.append(STAFF_UPLOAD_CONVERSATION_FIELD, String(conversationId));
  form.append(CHAT_UPLOAD_FIELD, file, file.name);
  const { path } = await staffRequest(
    `/api/backoffice/chat/upload-${kind}`,
    ChatUploadResponseSchema,
    { method: 'POST', body: form, onUploadProgress: onProgress, ...(signal ? { signal } : {}) },
  );
  return path;
}
