import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { repoRoot } from '../paths';

/** The committed API reference (docs/api.md). */
export const REFERENCE_PATH = resolve(repoRoot, 'docs', 'openapi.json');

/** How to write it again, as the staleness test says it. */
export const REFERENCE_COMMAND = 'npm run openapi -w @wallet/server';

/**
 * The environment the reference is built in, whatever the shell's: the Thai variant, the sandbox
 * off (integrators need the real API: the sandbox's routes are for our own tests and demos),
 * the reference on. A throwaway key, since nothing sealed outlives the build.
 */
const referenceEnv = () => ({
  API_DOCS: '1',
  SANDBOX: '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent/web-dist',
  RECONCILE_INTERVAL_MS: '0',
  GAME_SECRET_KEYS: `reference:${randomBytes(32).toString('base64')}`,
});

/**
 * docs/openapi.json as it should read now: the document of an app built on `database` (migrated
 * and seeded, not closed here), or on a fresh in-memory one. Two-space indented with a final
 * newline; maps are sorted (plugins/openapi-document.ts), so the text changes only when the API does.
 */
export async function referenceDocumentText(database?: Database): Promise<string> {
  const owned = database ? null : await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const app = await buildApp(loadConfig(referenceEnv()), {
      database: database ?? owned ?? undefined,
    });
    try {
      if (!app.openApiDocument) throw new Error('the reference app was built without API_DOCS');
      return `${JSON.stringify(app.openApiDocument(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await owned?.close();
  }
}
