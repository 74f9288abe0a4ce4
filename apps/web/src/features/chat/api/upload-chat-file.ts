import {
  CHAT_UPLOAD_FIELD,
  CHAT_UPLOAD_GUEST_FIELD,
  type ChatUploadResponse,
  ChatUploadResponseSchema,
} from '@wallet/contract/chat';
import { apiRequest } from '../../../lib/api-client';

export type UploadChatFileInput = {
  file: File;
  kind: 'image' | 'video';
  /** A guest names its conversation; a member is known from the bearer token. */
  guestId?: string;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /api/chat/upload-image` and `/upload-video` (the spec's calls): the multipart field
 * `file`, a 5-minute time-out, with progress (the API client's upload path). A guest's
 * `guestId` field comes before the file, so the server knows whose upload it is before the file
 * streams in. Answers the file's `path`.
 */
export function uploadChatFile({
  file,
  kind,
  guestId,
  onProgress,
  signal,
}: UploadChatFileInput): Promise<ChatUploadResponse> {
  const form = new FormData();
  if (guestId) form.append(CHAT_UPLOAD_GUEST_FIELD, guestId);
  form.append(CHAT_UPLOAD_FIELD, file, file.name);
  const path = kind === 'image' ? '/api/chat/upload-image' : '/api/chat/upload-video';
  return apiRequest(path, ChatUploadResponseSchema, {
    method: 'POST',
    body: form,
    ...(onProgress ? { onUploadProgress: onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}
