import { defaultServerConditions, defineConfig } from 'vite';

/**
 * Production bundle: `vite build --ssr` → dist/main.js, and dist/image-qr.worker.js, the worker
 * thread that reads QR codes out of uploaded pictures (src/lib/image-qr.ts; src/paths.ts finds
 * it), and dist/staff-add.js, the command that adds a support staff account, and dist/secrets-rotate.js,
 * the one that rotates the game-password key (src/cli). npm
 * dependencies stay external (installed next to the app); the workspace contract is
 * bundled from its TypeScript source through the 'source' export condition
 * (docs/architecture.md, Package resolution). The SQL migrations are read at run time from
 * ../drizzle (src/paths.ts).
 */
export default defineConfig({
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: {
    target: 'node20',
    rolldownOptions: {
      input: {
        main: 'src/main.ts',
        'image-qr.worker': 'src/lib/image-qr.worker.ts',
        'staff-add': 'src/cli/staff-add.ts',
        'secrets-rotate': 'src/cli/secrets-rotate.ts',
      },
      // Shared chunks beside the entries, one level below apps/server as src/paths.ts expects.
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
