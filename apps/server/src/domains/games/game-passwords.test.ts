import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gameAccounts } from '../../db/schema';
import { newSecretKey, readKeyFile, SecretKeyRing, writeKeyFile } from '../../lib/secret-keys';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { activate, memberIdOf } from '../../test/money';
import { resealGamePasswords } from './game-passwords';

/** Issue 30, docs/decisions/0058: game passwords are sealed at rest under keys kept outside the database. */
describeOnDatabases('game passwords at rest', (target) => {
  let h: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-game-keys-'));
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowOf = async (username: string, code: string) => {
    const memberId = await memberIdOf(h.db, username);
    const rows = await h.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, memberId));
    const row = rows.find((r) => r.providerCode === code);
    if (!row) throw new Error(`no ${code} account`);
    return row;
  };
  const credentials = async (app: typeof h.app, token: string, code: string) => {
    const res = await call(app, 'GET', `/api/wallet/account/${code}`, { token });
    expect(res.status).toBe(200);
    return res.body as { username: string; password: string };
  };

  it('keeps no game password readable in the database, before or after a reset', async () => {
    const m = await memberWithToken(h.app);
    await activate(h.app, m.token, 'PG');
    const { password } = await credentials(h.app, m.token, 'PG');
    const row = await rowOf(m.username, 'PG');
    expect(row.passwordKey).toBe('test');
    expect(row.password).not.toContain(password);
    await call(h.app, 'GET', '/api/wallet/resetpassword/PG', { token: m.token });
    const reset = await credentials(h.app, m.token, 'PG');
    expect(reset.password).not.toBe(password);
    expect((await rowOf(m.username, 'PG')).password).not.toContain(reset.password);
    // The auto-login check compares with the opened password.
    const link = await call(h.app, 'GET', `/api/autoLogin/pg/${reset.username}/${reset.password}`, {
      token: m.token,
    });
    expect(link.status).toBe(200);
  });

  it('seals a plaintext password from before at the next start, and serves it as it was', async () => {
    const m = await memberWithToken(h.app);
    await activate(h.app, m.token, 'JOKER');
    const { password } = await credentials(h.app, m.token, 'JOKER');
    const row = await rowOf(m.username, 'JOKER');
    await h.db
      .update(gameAccounts)
      .set({ password, passwordKey: null })
      .where(eq(gameAccounts.id, row.id));
    const restarted = await h.build();
    const sealed = await rowOf(m.username, 'JOKER');
    expect(sealed.passwordKey).toBe('test');
    expect(sealed.password).not.toContain(password);
    expect((await credentials(restarted, m.token, 'JOKER')).password).toBe(password);
  });

  it('rotates: every password is sealed again under a new key, which a running server reads from its key file', async () => {
    const file = join(dir, 'keys.json');
    // The key file holds the key the other tests' rows are sealed under (test/harness.ts).
    writeKeyFile(file, [{ id: 'test', key: Buffer.alloc(32, 7) }]);
    const running = await h.build({ GAME_SECRET_KEYS: '', GAME_SECRET_KEY_FILE: file });
    const [first] = readKeyFile(file);
    const m = await memberWithToken(running);
    await activate(running, m.token, 'SLOTXO');
    const { password } = await credentials(running, m.token, 'SLOTXO');
    expect((await rowOf(m.username, 'SLOTXO')).passwordKey).toBe(first?.id);

    // What `npm run secrets:rotate` does with a key file.
    const fresh = newSecretKey();
    writeKeyFile(file, [fresh, ...readKeyFile(file)]);
    const ring = SecretKeyRing.open({ kind: 'file', path: file, create: false });
    const { resealed, keys } = await resealGamePasswords(h.db, ring, { plaintextOnly: false });
    expect(resealed).toBeGreaterThanOrEqual(1);
    expect(keys).toEqual([{ keyId: fresh.id, rows: expect.any(Number) }]);
    expect((await rowOf(m.username, 'SLOTXO')).passwordKey).toBe(fresh.id);
    expect((await credentials(running, m.token, 'SLOTXO')).password).toBe(password);
    expect(readFileSync(file, 'utf8')).not.toContain(password);

    // Without the new key, nothing sealed under it opens: the database alone reveals nothing.
    const stale = await h.build({
      GAME_SECRET_KEYS: `${first?.id}:${first?.key.toString('base64')}`,
    });
    const refused = await call(stale, 'GET', '/api/wallet/account/SLOTXO', { token: m.token });
    expect(refused.status).toBe(500);
  });
});
