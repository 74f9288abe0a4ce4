import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets the server must read back (game-account passwords: it hands them to the member) are
 * sealed with AES-256-GCM under keys kept outside the database
 * (docs/decisions/0058-game-passwords-at-rest.md): a copy of the database alone opens nothing.
 * Each sealed value names its key's id, so a new key can seal while the old ones still open.
 */
export type SecretKey = { id: string; key: Buffer };

export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `id:base64key,id:base64key` (GAME_SECRET_KEYS): the first seals, all open. */
export function parseKeyList(text: string): SecretKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at);
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (at < 1 || !KEY_ID.test(id) || key.length !== 32) {
        throw new Error(
          `"${id || entry.slice(0, 8)}…" is not id:key with a 32-byte base64 key (make one with: openssl rand -base64 32)`,
        );
      }
      return { id, key };
    });
  if (keys.length === 0) throw new Error('names no key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('names a key id twice');
  return keys;
}

/** A fresh key, its id dated so an operator can tell keys apart. */
export function newSecretKey(now = new Date()): SecretKey {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return { id: `k${day}-${randomBytes(3).toString('hex')}`, key: randomBytes(32) };
}

/** The key file: JSON `{ "keys": [{ "id", "key" (base64) }] }`, the first sealing. */
export function readKeyFile(path: string): SecretKey[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { keys?: { id: string; key: string }[] };
  const list = (parsed.keys ?? []).map((k) => `${k.id}:${k.key}`).join(',');
  try {
    return parseKeyList(list);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** Writes the key file readable by its owner only, aside then renamed (never half written). */
export function writeKeyFile(path: string, keys: SecretKey[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const body = { keys: keys.map((k) => ({ id: k.id, key: k.key.toString('base64') })) };
  const aside = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(aside, path);
}

export type KeySource =
  /** GAME_SECRET_KEYS: the operator's, never written by the server. */
  | { kind: 'list'; keys: SecretKey[] }
  /** The key file; `create`: made with a fresh key when missing (not in production). */
  | { kind: 'file'; path: string; create: boolean };

export class SecretKeyRing {
  private constructor(
    private keys: SecretKey[],
    private readonly source: KeySource,
  ) {}

  static open(source: KeySource): SecretKeyRing {
    if (source.kind === 'list') return new SecretKeyRing(source.keys, source);
    if (!existsSync(source.path)) {
      if (!source.create) {
        throw new Error(
          `no game secret key: set GAME_SECRET_KEYS, or make ${source.path} with "npm run secrets:rotate -w @wallet/server"`,
        );
      }
      writeKeyFile(source.path, [newSecretKey()]);
    }
    return new SecretKeyRing(readKeyFile(source.path), source);
  }

  /** The key that seals. */
  get currentId(): string {
    return (this.keys[0] as SecretKey).id;
  }

  /** `context` (which row the value belongs to) is authenticated too: a value moved to another row does not open. */
  seal(plaintext: string, context: string): { sealed: string; keyId: string } {
    const { id, key } = this.keys[0] as SecretKey;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    return { sealed, keyId: id };
  }

  /** Throws when the key is unknown or the value was altered. */
  open(sealed: string, keyId: string, context: string): string {
    const { key } = this.key(keyId);
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const body = bytes.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** A key by id; the key file is read again once for an id it did not have (a rotation since). */
  private key(id: string): SecretKey {
    const known = this.keys.find((k) => k.id === id);
    if (known) return known;
    if (this.source.kind === 'file') {
      this.keys = readKeyFile(this.source.path);
      const fresh = this.keys.find((k) => k.id === id);
      if (fresh) return fresh;
    }
    throw new Error(`game secret key "${id}" is not configured`);
  }
}
