#!/usr/bin/env node
/**
 * Bundle budget of the /login screen: the JavaScript a visitor downloads before the login form
 * shows. It reads Vite's manifest and follows, from the entry, every static import, plus the
 * lazy chunks of the public shell and the login route (and their static imports) when they are
 * lazy (today both sit in the entry's static graph), plus the
 * largest locale file (only the active one is fetched, and it is needed before first paint).
 * Each chunk is gzipped with node:zlib; the total must stay within the budget.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget of the brief; BUNDLE_BUDGET_KB overrides it for one run (a what-if, not a fix). */
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 150);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Source files whose lazy chunks /login needs besides the entry. */
const loginRoutes = [
  'src/app/shells/public-shell.tsx',
  'src/features/auth/components/login-page.tsx',
];
const localeFiles = ['src/locales/th.json', 'src/locales/la.json', 'src/locales/en.json'];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry chunk in dist/.vite/manifest.json: run the build first.');
  process.exit(1);
}

const needed = new Map();
/** Walks the static imports of a chunk; `root` names where the walk started. */
function collect(key, root) {
  if (needed.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  needed.set(
    key,
    needed.size === 0 || key === root.key ? root.label : `static import (${root.label})`,
  );
  for (const imported of chunk.imports ?? []) collect(imported, root);
}

collect(entryKey, { key: entryKey, label: 'entry' });
for (const route of loginRoutes) {
  // A screen imported statically has no chunk of its own: it is already inside the entry.
  const label = `lazy ${route.split('/').pop()}`;
  if (manifest[route]) collect(route, { key: route, label });
  else console.log(`${route}: inside the entry's static graph`);
}

const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

// Only one locale loads; count the heaviest so the figure holds whichever it is.
const locales = localeFiles
  .filter((key) => manifest[key])
  .map((key) => ({ key, size: gzipOf(manifest[key].file) }))
  .sort((a, b) => b.size - a.size);
if (locales[0]) needed.set(locales[0].key, 'largest locale');

const rows = [...needed].map(([key, reason]) => {
  const file = manifest[key].file;
  return { file, reason, bytes: gzipOf(file) };
});
rows.sort((a, b) => b.bytes - a.bytes);

const kb = (bytes) => (bytes / 1024).toFixed(2);
const width = Math.max(...rows.map((r) => r.file.length), 10);
console.log(`${'chunk'.padEnd(width)}  ${'gzip KB'.padStart(8)}  why`);
for (const row of rows) {
  console.log(`${row.file.padEnd(width)}  ${kb(row.bytes).padStart(8)}  ${row.reason}`);
}
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
console.log(`${'total'.padEnd(width)}  ${kb(total).padStart(8)}  budget ${BUDGET_KB} KB`);

if (total > BUDGET_KB * 1024) {
  console.error(
    `/login needs ${kb(total)} KB gzip of JavaScript, over the ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
