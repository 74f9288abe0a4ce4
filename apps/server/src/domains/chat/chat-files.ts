import { randomUUID } from 'node:crypto';
import type { ChatUploadResponse } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { FileStorage } from '../../lib/file-storage';
import type { Log } from '../../lib/log';
import type { MultipartForm } from '../../lib/multipart-form';
import type { SignedLinks } from '../../lib/signed-links';
import { deleteFiles, insertFile, orphanFiles, storedFileBytes } from './chat.repository';

/**
 * Chat files (docs/decisions/0044-chat.md, 0056): what a file may be, how it is stored under the
 * quota, and the sweep of uploads no message named.
 */

const MB = 1024 * 1024;

/** The types a chat file may be, by its bytes (the spec's validation rules), and its stored extension. */
const allowedTypes = {
  image: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' },
  video: { 'video/mp4': 'mp4', 'video/quicktime': 'mov' },
} as const;

export type ChatFileKind = keyof typeof allowedTypes;

/** The largest file of each kind: 10 MB pictures, 20 MB videos. */
export const maxFileBytes: Record<ChatFileKind, number> = {
  image: chatLimits.imageMaxMb * MB,
  video: chatLimits.videoMaxMb * MB,
};

/** The file's type is what its bytes are, never the name or declared type a client sent. */
export async function checkFile(
  kind: ChatFileKind,
  form: MultipartForm,
): Promise<{ data: Buffer; contentType: string; extension: string }> {
  const file = form.file;
  if (!file || file.data.length === 0) throw new DomainError('CHAT_NO_FILE');
  if (file.tooLarge || file.data.length > maxFileBytes[kind]) {
    throw new DomainError('CHAT_FILE_TOO_LARGE');
  }
  const detected = await fileTypeFromBuffer(file.data);
  const types: Record<string, string> = allowedTypes[kind];
  const extension = detected ? types[detected.mime] : undefined;
  if (!detected || !extension) throw new DomainError('CHAT_FILE_NOT_SUPPORTED');
  return { data: file.data, contentType: detected.mime, extension };
}

/**
 * The chat files' total stays under the quota, so uploads cannot fill the disk the database
 * shares. Read before the file is written: uploads running at the same moment may each pass,
 * so the total can pass the quota by those few files (at most 20 MB each), never more.
 */
export async function checkStorageQuota(
  deps: { db: Db; log: Pick<Log, 'warn'> },
  quota: number,
  size: number,
): Promise<void> {
  const used = await storedFileBytes(deps.db);
  if (used + size > quota) {
    deps.log.warn({ used, size, quota }, 'chat file storage quota reached');
    throw new DomainError('CHAT_STORAGE_FULL');
  }
}

/** Writes the file, then its row; a row that cannot be written takes the file away again. */
export async function storeFile(
  deps: { db: Db; storage: FileStorage; links: SignedLinks; log: Pick<Log, 'warn'> },
  conversationId: number,
  kind: ChatFileKind,
  file: { data: Buffer; contentType: string; extension: string },
): Promise<ChatUploadResponse> {
  const { db, storage, log } = deps;
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const fileKey = `chat/${month}/${randomUUID()}.${file.extension}`;
  try {
    await storage.put(fileKey, file.data);
  } catch (error) {
    log.warn({ err: error }, 'chat file not stored');
    throw error;
  }
  try {
    const row = await insertFile(db, {
      conversationId,
      fileKey,
      kind,
      contentType: file.contentType,
      size: file.data.length,
    });
    return { path: await deps.links.url(row.id) };
  } catch (error) {
    await storage.remove(fileKey).catch(() => {});
    throw error;
  }
}

/**
 * A message may name an upload only this long after it: the widget names its file seconds after
 * the upload, and an hour leaves a phone on a poor network ample room. A file no message named
 * by then is deleted (`removeOrphanFiles`), so uploads cannot pile up unseen.
 */
export const NAME_FILE_WITHIN_MINUTES = 60;

/**
 * The sweep waits this much longer than a message may still name a file: longer than any request
 * runs, so it never deletes a file that a message being stored has just named.
 */
export const ORPHAN_FILE_AFTER_MINUTES = NAME_FILE_WITHIN_MINUTES + 10;

const BATCH = 500;

/**
 * Deletes the chat uploads no message named in time, the file first and then its row (a periodic
 * job, app.ts), and answers how many. A file that cannot be removed keeps its row, so it still
 * counts against the storage quota and the next run tries again.
 */
export async function removeOrphanFiles(deps: {
  db: Db;
  storage: FileStorage;
  log: Pick<Log, 'warn'>;
}): Promise<number> {
  const { db, storage, log } = deps;
  let removed = 0;
  for (;;) {
    const found = await orphanFiles(db, ORPHAN_FILE_AFTER_MINUTES, BATCH);
    const gone: number[] = [];
    for (const file of found) {
      try {
        await storage.remove(file.fileKey);
        gone.push(file.id);
      } catch (error) {
        log.warn({ err: error, fileKey: file.fileKey }, 'orphan chat file not removed');
      }
    }
    await deleteFiles(db, gone);
    removed += gone.length;
    if (found.length < BATCH || gone.length === 0) return removed;
  }
}
