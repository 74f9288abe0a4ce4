import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded files live (deposit slips; later chat images). Keys are relative paths the
 * server makes itself (`slips/2026/11/<uuid>.png`), never a name a client sent. A directory on
 * disk by default; an object store is one more implementation of the same three calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a key with no file is no error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,199}$/;

/** Files under one directory (`UPLOADS_DIR`, by default `DATA_DIR/uploads`). */
export class DirectoryFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, and a crash leaves none.
    const temporary = `${path}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The key's path, which must stay under the root whatever the key says. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!KEY.test(key) || key.includes('..') || !path.startsWith(`${this.root}${sep}`)) {
      throw new Error(`not a storage key: ${key}`);
    }
    return path;
  }
}
