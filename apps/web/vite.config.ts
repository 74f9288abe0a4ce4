import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appVariant } from './build/app-variant.ts';
import { backofficePage } from './build/backoffice-page.ts';
import { packages } from './build/packages.ts';
import { memberOnly, memberReached, memberScreen, shared } from './build/pages.ts';
import { splash } from './build/splash.ts';
import { stylesheetAfterSplash } from './build/stylesheet-after-splash.ts';

// The API server of `npm run dev` (the API contract default port); API_TARGET points elsewhere.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

/** The libraries every screen runs on: one chunk that rarely changes between releases. */
const framework = packages(
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'i18next',
  'react-i18next',
  '@tanstack/query-core',
  '@tanstack/react-query',
);

export default defineConfig({
  plugins: [
    react(),
    appVariant(),
    backofficePage(),
    splash(),
    stylesheetAfterSplash(),
    // Brotli and gzip files beside each asset, served as they are by the server's
    // @fastify/static (preCompressed). index.html is left out: the server writes the variant
    // into it at start and sends it itself.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // A build setting may override the PAYTIMZ QR minimum (and its first quick amount); the
  // server reads the same PAYTIMZ_MINIMUM, so both sides agree.
  define: { __PAYTIMZ_MINIMUM__: JSON.stringify(process.env.PAYTIMZ_MINIMUM?.trim() ?? '') },
  // Locale catalogues become one `JSON.parse('…')` with a default export only.
  json: { namedExports: false, stringify: true },
  resolve: {
    // 'source' first so `@wallet/contract/<file>` resolves to its TypeScript source.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari < 17) still load every module, just
    // without the head start; /login does not pay for the polyfill.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssCodeSplit: false,
    rolldownOptions: {
      // Two pages: the member app, and the operator's back office (its own entry and chunks).
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        backoffice: resolve(import.meta.dirname, 'backoffice.html'),
      },
      output: {
        // Few large chunks compress far better than many small ones (docs/decisions/0006), and
        // each screen should fetch only the code it runs: `framework` is what every screen
        // needs, `shared` and `app` what the entry runs, then a chunk per library that only some
        // screens use. Each first screen then takes what it imports in a chunk or two, instead of
        // dozens of small ones fetched one by one: /login's own components alone (`login`), what
        // else /login imports (`first-screens`, which the home shares), and the rest of the home
        // (`member`). The back office's page never loads a chunk of the member app's nor the
        // other way round (build/pages.ts): what both use goes in `shared`, `first-screens-shared`
        // and `member-shared`. The rest is split by Rolldown's defaults.
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 4 },
            // Two pages (build/pages.ts): what both run from the start, then the member's own.
            { name: shared, tags: ['$initial'], priority: 3 },
            { name: memberOnly('app'), tags: ['$initial'], priority: 3 },
            {
              name: 'forms',
              test: packages('react-hook-form', '@hookform/resolvers'),
              priority: 2,
            },
            { name: 'zod', test: packages('zod'), priority: 2 },
            {
              name: 'chat',
              test: packages(
                'socket.io-client',
                'socket.io-parser',
                'engine.io-client',
                'engine.io-parser',
                '@socket.io/component-emitter',
              ),
              priority: 2,
            },
            { name: memberReached('icons'), test: packages('@tabler/icons-react'), priority: 2 },
            {
              name: 'login',
              test: /[\\/]src[\\/](app[\\/]login-screen\.|features[\\/]auth[\\/]components[\\/])/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: memberScreen('first-screens', 'src/app/login-screen.ts'),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: memberScreen('member', 'src/app/member-first-screen.ts'),
              includeDependenciesRecursively: false,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
