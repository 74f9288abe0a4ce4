import type { Db } from '../../db/client';
import type { SecretKeyRing } from '../../lib/secret-keys';
import {
  countPasswordKeys,
  listPasswordsToSeal,
  resealGameAccountPassword,
} from './games.repository';

/**
 * Game-account passwords at rest (docs/decisions/0058-game-passwords-at-rest.md): sealed with
 * the key ring, each bound to its account (provider and username), so a sealed password copied
 * onto another row does not open.
 */
type Account = { providerCode: string; username: string };

function contextOf(account: Account): string {
  return `game-account:${account.providerCode}:${account.username}`;
}

export function sealPassword(ring: SecretKeyRing, account: Account, password: string) {
  const { sealed, keyId } = ring.seal(password, contextOf(account));
  return { password: sealed, passwordKey: keyId };
}

/** The password as the provider knows it; a row without a key is a plaintext one from before. */
export function openPassword(
  ring: SecretKeyRing,
  row: Account & { password: string; passwordKey: string | null },
): string {
  if (row.passwordKey === null) return row.password;
  return ring.open(row.password, row.passwordKey, contextOf(row));
}

/**
 * Seals again under the ring's current key every password sealed under another key (a
 * rotation: `npm run secrets:rotate`), or with `plaintextOnly` only the plaintext rows from
 * before sealing (at every start). Each row changes only if nobody changed it meanwhile (a
 * password reset in between is already sealed anew). Answers how many it sealed and the keys
 * still in use afterwards, so an operator knows when an old key may go.
 */
export async function resealGamePasswords(
  db: Db,
  ring: SecretKeyRing,
  options: { plaintextOnly: boolean },
): Promise<{ resealed: number; keys: { keyId: string | null; rows: number }[] }> {
  const current = ring.currentId;
  let resealed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await listPasswordsToSeal(
      db,
      options.plaintextOnly ? null : current,
      afterId,
      500,
    );
    for (const row of rows) {
      const to = sealPassword(ring, row, openPassword(ring, row));
      if (await resealGameAccountPassword(db, row.id, row, to)) resealed += 1;
    }
    const last = rows.at(-1);
    if (!last) break;
    afterId = last.id;
  }
  return { resealed, keys: await countPasswordKeys(db) };
}
