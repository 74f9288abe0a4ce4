import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import type { Log } from '../../lib/log';
import { deleteFiles, orphanFiles } from './chat.repository';

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
