import { resolve } from 'node:path';
import { defineConfig, mergeConfig } from 'vite';
import { common } from './vite.config.ts';

/**
 * The operator's back office (backoffice.html): a build of its own, run after the member app's
 * into the same dist/, so no chunk of one page holds the other's code. Its chunks are Rolldown's
 * defaults. In dev, Vite's one server serves both pages (build/backoffice-page.ts).
 */
export default defineConfig(
  mergeConfig(common(), {
    build: {
      emptyOutDir: false,
      rolldownOptions: { input: resolve(import.meta.dirname, 'backoffice.html') },
    },
  }),
);
