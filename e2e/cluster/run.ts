import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeTlsPair } from './stack';

/**
 * `npm run test:cluster`: the TLS pair nginx will serve is made first, so the test runner's
 * own Node clients (fetch, socket.io) check it like any certificate: NODE_EXTRA_CA_CERTS is
 * read only when a process starts.
 */
const root = resolve(import.meta.dirname, '../..');
for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    process.stderr.write(`${built} is missing: run \`npm run build\` first.\n`);
    process.exit(1);
  }
}

const tls = makeTlsPair(mkdtempSync(join(tmpdir(), 'wallet-cluster-tls-')));
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'playwright.cluster.config.ts', ...process.argv.slice(2)],
  {
    cwd: resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
    env: {
      ...process.env,
      CLUSTER_TLS_DIR: tls,
      NODE_EXTRA_CA_CERTS: join(tls, 'tls.crt'),
    },
  },
);
rmSync(tls, { recursive: true, force: true });
process.exit(result.status ?? 1);
