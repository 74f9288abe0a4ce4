import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryFileStorage } from './file-storage';

describe('the directory file storage', () => {
  let root: string;
  let storage: DirectoryFileStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wallet-storage-'));
    storage = new DirectoryFileStorage(join(root, 'uploads'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps a file under its key, reads it back and removes it', async () => {
    await storage.put('slips/2026/11/a.png', Buffer.from('picture'));
    expect((await storage.get('slips/2026/11/a.png'))?.toString()).toBe('picture');
    await storage.remove('slips/2026/11/a.png');
    expect(await storage.get('slips/2026/11/a.png')).toBeNull();
    await storage.remove('slips/2026/11/a.png');
  });

  it('leaves no temporary file behind', async () => {
    await storage.put('slips/b.png', Buffer.from('x'));
    expect(await readdir(join(root, 'uploads', 'slips'))).toEqual(['2026', 'b.png']);
    expect(await readdir(join(root, 'uploads', 'slips', '2026', '11'))).toEqual([]);
  });

  it('refuses a key that would leave its directory', async () => {
    for (const key of ['../outside.png', 'slips/../../outside.png', '/etc/passwd', 'Slips/A.png']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('not a storage key');
      await expect(storage.get(key), key).rejects.toThrow('not a storage key');
    }
    expect(await readdir(root)).toEqual(['uploads']);
  });
});
