import { defaultServerConditions, defineConfig } from 'vite';

/**
 * Production bundle: `vite build --ssr` → dist/main.js, and dist/image-qr.worker.js, the worker
 * thread that reads QR codes out of uploaded pictures (src/lib/image-qr.ts; src/paths.ts finds
 * it). npm dependencies stay external (installed next to the app); the workspace contract is
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
      input: { main: 'src/main.ts', 'image-qr.worker': 'src/lib/image-qr.worker.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
});
