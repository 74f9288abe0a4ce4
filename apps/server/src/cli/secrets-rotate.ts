import { ConfigError, loadConfig } from '../config';
import { resealGamePasswords } from '../domains/games/game-passwords';
import { resealStaffSecrets } from '../domains/staff/staff-secrets';
import { newSecretKey, readKeyFile, SecretKeyRing, writeKeyFile } from '../lib/secret-keys';
import { openServerDatabase } from './cli-database';

/**
 * Rotates the key that seals game-account passwords (docs/decisions/0058-game-passwords-at-rest.md):
 *
 *   npm run secrets:rotate -w @wallet/server                  (development)
 *   node apps/server/dist/secrets-rotate.js                   (production)
 *   … -- --reseal-only                                        (no new key: seal again only)
 *
 * With the key file (GAME_SECRET_KEY_FILE, default DATA_DIR/game-secret-keys.json) it puts a
 * new key first, keeping the old ones for reading (and makes the file if there is none). With
 * GAME_SECRET_KEYS the operator rotates by listing a new key first and keeps the old ones after
 * it; this command never writes that. Then every password sealed under another key is sealed
 * again under the first, and the keys still in use are printed: a key no row uses any more may
 * be removed once every server process has been restarted.
 */
async function main(): Promise<void> {
  const resealOnly = process.argv.slice(2).includes('--reseal-only');
  const config = loadConfig(process.env);
  const source = config.gameSecretKeys;
  if (source.kind === 'file' && !resealOnly) {
    let keys: ReturnType<typeof readKeyFile> = [];
    try {
      keys = readKeyFile(source.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const fresh = newSecretKey();
    writeKeyFile(source.path, [fresh, ...keys]);
    process.stdout.write(`new key ${fresh.id} added first to ${source.path}\n`);
  }
  const ring = SecretKeyRing.open({
    ...source,
    ...(source.kind === 'file' ? { create: false } : {}),
  });
  const database = await openServerDatabase(config);
  try {
    const { resealed, keys } = await resealGamePasswords(database.db, ring, {
      plaintextOnly: false,
    });
    process.stdout.write(`${resealed} game passwords sealed again under ${ring.currentId}\n`);
    for (const { keyId, rows } of keys) {
      process.stdout.write(`  ${keyId ?? '(plaintext)'}: ${rows} rows\n`);
    }
    const staff = await resealStaffSecrets(database.db, ring);
    process.stdout.write(`${staff} staff authenticators sealed again under ${ring.currentId}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : error;
  process.stderr.write(`${String(message)}\n`);
  process.exit(1);
});
