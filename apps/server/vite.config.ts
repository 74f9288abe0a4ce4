import { defaultServerConditions, defineConfig } from 'vite';

/**
 * Production bundle: `vite build --ssr src/main.ts` → dist/main.js. npm dependencies stay
 * external (installed next to the app); the workspace contract is bundled from its TypeScript
 * source through the 'source' export condition (docs/architecture.md, Package resolution).
 * The SQL migrations are read at run time from ../drizzle (src/paths.ts).
 */
export default defineConfig({
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: {
    target: 'node20',
  },
});
