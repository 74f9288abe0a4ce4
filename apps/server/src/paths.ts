import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This file sits directly in src/, and the production bundle is dist/main.js: both are one
 * level below apps/server, so the same relative paths work in tests, `tsx` and the bundle.
 * Keep this file in src/ (not a subfolder) for that reason.
 */
const here = dirname(fileURLToPath(import.meta.url));

export const serverRoot = resolve(here, '..');
export const repoRoot = resolve(serverRoot, '..', '..');

/** SQL migrations written by drizzle-kit; read at start by the migrator. */
export const migrationsFolder = resolve(serverRoot, 'drizzle');

/** The built SPA of apps/web (WEB_DIST overrides it). */
export const defaultWebDist = resolve(repoRoot, 'apps', 'web', 'dist');

/**
 * The worker that reads QR codes out of uploaded pictures (lib/image-qr.ts): TypeScript beside
 * this file in src/ (run through tsx), its own bundle beside dist/main.js in production.
 */
export const imageQrWorker = here.endsWith('src')
  ? { file: resolve(here, 'lib', 'image-qr.worker.ts'), typescript: true }
  : { file: resolve(here, 'image-qr.worker.js'), typescript: false };
