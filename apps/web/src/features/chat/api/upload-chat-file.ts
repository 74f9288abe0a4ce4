import {
  CHAT_UPLOAD_FIELD,
  CHAT_UPLOAD_GUEST_FIELD,
  type ChatUploadResponse,
  ChatUploadResponseSchema,
} from '@wallet/contract/chat';
import { timeouts } from '@wallet/contract/constants';
import {
  buildHeaders,
  type RequestOptions,
  redirectFor,
  toApiError,
} from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export type UploadChatFileInput = {
  file: File;
  kind: 'image' | 'video';
  /** A guest names its conversation; a member is known from the bearer token. */
  guestId?: string;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `POST /api/chat/upload-image` and `/upload-video` (SPEC.md section 7): the multipart field
 * `file`, a 5-minute time-out, with progress. It goes through XMLHttpRequest because fetch
 * reports no upload progress; the headers, the error envelope and the sign-in redirects are the
 * API client's own. A guest's `guestId` field comes before the file, so the server knows whose
 * upload it is before the file streams in. Answers the file's `path`.
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
  const options: RequestOptions = { method: 'POST', body: form };

  return new Promise<ChatUploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.timeout = timeouts.uploadMs;
    buildHeaders(options).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = toApiError(xhr.status, body);
        void redirectFor(error, options).finally(() => reject(error));
        return;
      }
      const parsed = ChatUploadResponseSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(200, 'BAD_RESPONSE', 'The server sent an unexpected answer.'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, 'TIMEOUT', 'The request timed out.'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}
