import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newSecretKey, parseKeyList, SecretKeyRing, writeKeyFile } from './secret-keys';

const dir = mkdtempSync(join(tmpdir(), 'wallet-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the key ring of game secrets', () => {
  const a = newSecretKey();
  const b = newSecretKey();

  it('seals with its first key and opens what it sealed, in that context only', () => {
    const ring = SecretKeyRing.open({ kind: 'list', keys: [a] });
    const { sealed, keyId } = ring.seal('hunter2', 'game-account:PG:mw1');
    expect(keyId).toBe(a.id);
    expect(sealed).not.toContain('hunter2');
    expect(ring.open(sealed, keyId, 'game-account:PG:mw1')).toBe('hunter2');
    expect(() => ring.open(sealed, keyId, 'game-account:PG:mw2')).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => ring.open(altered, keyId, 'game-account:PG:mw1')).toThrow();
  });

  it('opens values of an older key after a new one is put first, and not of a key it lacks', () => {
    const old = SecretKeyRing.open({ kind: 'list', keys: [a] }).seal('pw', 'c');
    const rotated = SecretKeyRing.open({ kind: 'list', keys: [b, a] });
    expect(rotated.open(old.sealed, old.keyId, 'c')).toBe('pw');
    expect(rotated.seal('pw', 'c').keyId).toBe(b.id);
    const without = SecretKeyRing.open({ kind: 'list', keys: [b] });
    expect(() => without.open(old.sealed, old.keyId, 'c')).toThrow(/not configured/);
  });

  it('makes its key file on first use, readable by its owner only, unless told not to', () => {
    const path = join(dir, 'made', 'keys.json');
    expect(() => SecretKeyRing.open({ kind: 'file', path, create: false })).toThrow(
      /GAME_SECRET_KEYS/,
    );
    const ring = SecretKeyRing.open({ kind: 'file', path, create: true });
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8')).keys[0].id).toBe(ring.currentId);
  });

  it('reads its key file again for a key id it did not know (a rotation since it started)', () => {
    const path = join(dir, 'rotated.json');
    writeKeyFile(path, [a]);
    const running = SecretKeyRing.open({ kind: 'file', path, create: false });
    writeKeyFile(path, [b, a]);
    const sealedByNew = SecretKeyRing.open({ kind: 'file', path, create: false }).seal('pw', 'c');
    expect(sealedByNew.keyId).toBe(b.id);
    expect(running.open(sealedByNew.sealed, sealedByNew.keyId, 'c')).toBe('pw');
  });

  it('takes GAME_SECRET_KEYS as id:base64 pairs of 32-byte keys', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(parseKeyList(`new:${key}, old:${key}`).map((k) => k.id)).toEqual(['new', 'old']);
    expect(() => parseKeyList(`short:${Buffer.alloc(16).toString('base64')}`)).toThrow();
    expect(() => parseKeyList(key)).toThrow();
    expect(() => parseKeyList(`a:${key},a:${key}`)).toThrow(/twice/);
  });
});
