import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, mergeConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appVariant } from './build/app-variant.ts';
import { backofficePage } from './build/backoffice-page.ts';
import { packages } from './build/packages.ts';
import { memberPwa } from './build/pwa.ts';
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

/**
 * What both pages' builds share: the member app (this file) and the operator's back office
 * (vite.backoffice.config.ts), built one after the other into the same dist/ so that neither
 * page's chunks hold the other's code.
 */
export const common = (): UserConfig => ({
  plugins: [
    react(),
    // Brotli and gzip files beside each asset, served as they are by the server's
    // @fastify/static (preCompressed). The pages are left out: the server writes the variant
    // into them at start and sends them itself.
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
  build: {
    // Browsers without <link rel="modulepreload"> (Safari < 17) still load every module, just
    // without the head start; /login does not pay for the polyfill.
    modulePreload: { polyfill: false },
    target: 'es2022',
    // One stylesheet per page, in the order its entry imports them (Mantine's parts first).
    cssCodeSplit: false,
  },
});

export default defineConfig(
  mergeConfig(common(), {
    plugins: [appVariant(), backofficePage(), splash(), stylesheetAfterSplash(), memberPwa()],
    server: {
      proxy: {
        '/api': { target: backend, changeOrigin: true },
        '/socket.io': { target: backend, changeOrigin: true, ws: true },
      },
    },
    build: {
      rolldownOptions: {
        output: {
          // Few large chunks compress far better than many small ones (docs/decisions/0006),
          // and each screen should fetch only the code it runs: `framework` is what every screen
          // needs, `app` what the entry runs, then a chunk per library that only some screens
          // use. Each first screen then takes what it imports in a chunk or two (a group takes a
          // module's dependencies with it), instead of dozens of small ones fetched one by one:
          // /login's own components alone (`login`), what else /login imports (`first-screens`,
          // which the home shares), and the rest of the home (`member`). The rest is split by
          // Rolldown's defaults.
          codeSplitting: {
            groups: [
              { name: 'framework', test: framework, priority: 4 },
              { name: 'app', tags: ['$initial'], priority: 3 },
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
              { name: 'icons', test: packages('@tabler/icons-react'), priority: 2 },
              {
                name: 'login',
                test: /[\\/]src[\\/](app[\\/]login-screen\.|features[\\/]auth[\\/]components[\\/])/,
                includeDependenciesRecursively: false,
                priority: 2,
              },
              { name: 'first-screens', test: /[\\/]src[\\/]app[\\/]login-screen\./, priority: 1 },
              { name: 'member', test: /[\\/]src[\\/]app[\\/]member-first-screen\./, priority: 0 },
            ],
          },
        },
      },
    },
  } satisfies UserConfig),
);
