import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The server writes the variant into index.html at serve time (CONTRACT.md); in dev this
 * plugin does the same from the LAOS environment variable so both paths meet one meta tag.
 */
function appVariant(): Plugin {
  return {
    name: 'wallet-app-variant',
    apply: 'serve',
    transformIndexHtml(html) {
      const variant = process.env.LAOS === '1' ? 'laos' : 'default';
      return html.replaceAll('%APP_VARIANT%', variant);
    },
  };
}

/**
 * React Router's package exports only its development build (dev warnings on); its production
 * build, which its own Vite plugin uses, is taken for `vite build`. That build is one
 * un-annotated module, so its top-level `React.forwardRef(…)` calls and `X.displayName = …`
 * statements keep every component (Form, the framework-mode prefetch links, …) in the bundle
 * whether used or not: those calls are marked pure and the display names (a devtools nicety)
 * dropped, so tree-shaking removes what the app does not use.
 */
function reactRouterForProduction(): Plugin {
  return {
    name: 'wallet-react-router-for-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2') ?? null;
    },
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const shakeable = code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
            '$1/* @__PURE__ */ $2',
          );
        // Lines stay where they were, so the package's own source map still applies.
        return { code: shakeable, map: null };
      },
    },
  };
}

/**
 * Mantine hangs sub-components on their parent (`Button.Group = ButtonGroup`), and that
 * assignment keeps the sub-component in every bundle that uses the parent. These are the ones
 * /login's Button, ActionIcon (password toggle) and Checkbox carry; each is dropped from the
 * build while neither the app (`.Group` anywhere in src) nor Mantine itself (`Button.Group`)
 * refers to it, so using one later simply keeps it.
 */
const mantineStaticParts: Record<string, string[]> = {
  Button: ['Group', 'GroupSection'],
  ActionIcon: ['Group', 'GroupSection'],
  Checkbox: ['Group', 'Card', 'Indicator'],
};

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

function dropUnusedMantineParts(): Plugin {
  const unused = new Map<string, string[]>();
  return {
    name: 'wallet-drop-unused-mantine-parts',
    apply: 'build',
    buildStart() {
      const app = filesUnder(join(import.meta.dirname, 'src'), /\.tsx?$/).join('\n');
      // @mantine/core resolves to <package>/cjs/index.cjs here; its ES build sits beside it.
      const mantineCjs = createRequire(import.meta.url).resolve('@mantine/core');
      const mantine = filesUnder(join(dirname(dirname(mantineCjs)), 'esm'), /\.mjs$/);
      for (const [component, parts] of Object.entries(mantineStaticParts)) {
        const drop = parts.filter((part) => {
          const own = new RegExp(`^${component}\\.${part} = \\w+;$`, 'm');
          const read = new RegExp(`\\b${component}(\\$\\d+)?\\.${part}\\b`);
          return (
            !new RegExp(`\\.${part}\\b`).test(app) &&
            !mantine.some((source) => !own.test(source) && read.test(source))
          );
        });
        unused.set(component, drop);
      }
    },
    transform: {
      filter: { id: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/]\1\.mjs$/ },
      handler(code, id) {
        const component = id.match(/(\w+)\.mjs$/)?.[1] ?? '';
        const parts = unused.get(component);
        if (!parts?.length) return null;
        const pattern = new RegExp(`^${component}\\.(?:${parts.join('|')}) = \\w+;$`, 'gm');
        // Blank lines instead of removed ones: the package's source map still applies.
        return { code: code.replace(pattern, ''), map: null };
      },
    },
  };
}

/**
 * Each Mantine component's styles travel with the component instead of one 290 KB stylesheet:
 * every `components/<X>/<X>.module.mjs` of @mantine/core (the class names of component X) gets
 * an import of `styles/<X>.layer.css`, the file Mantine publishes for it. So a screen's CSS
 * lands in the same chunk as the components it renders, and /login's stylesheet holds only
 * what /login shows. The `.layer.css` files put Mantine in the `mantine` cascade layer, below
 * the app's unlayered styles whatever order lazy chunks load in (Mantine docs, "CSS layers").
 */
function mantineStylesPerComponent(): Plugin {
  const mantineCjs = createRequire(import.meta.url).resolve('@mantine/core');
  const stylesDir = join(dirname(dirname(mantineCjs)), 'styles');
  return {
    name: 'wallet-mantine-styles-per-component',
    transform: {
      filter: { id: /@mantine[\\/]core[\\/]esm[\\/].*\.module\.mjs$/ },
      handler(code, id) {
        const component = id.match(/(\w+)\.module\.mjs$/)?.[1] ?? '';
        const file = `${component}.layer.css`;
        if (!existsSync(join(stylesDir, file))) return null;
        // Prepended on a line of its own, after which every line is where it was.
        return { code: `import '@mantine/core/styles/${file}';${code}`, map: null };
      },
    },
  };
}

/**
 * react-i18next imports `use-sync-external-store/shim`, the polyfill for React < 18; React 19
 * has the hook itself, so the shim becomes a re-export of it.
 */
function reactSyncExternalStoreShim(): Plugin {
  const id = '\0wallet-use-sync-external-store-shim';
  return {
    name: 'wallet-use-sync-external-store-shim',
    enforce: 'pre',
    resolveId(source) {
      return source === 'use-sync-external-store/shim' ? id : null;
    },
    load(loaded) {
      return loaded === id ? "export { useSyncExternalStore } from 'react';" : null;
    },
  };
}

// The API server of `npm run dev` (CONTRACT.md default port); API_TARGET points elsewhere.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    appVariant(),
    reactRouterForProduction(),
    dropUnusedMantineParts(),
    mantineStylesPerComponent(),
    reactSyncExternalStoreShim(),
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
  // SPEC.md section 9: a build setting may override the PAYTIMZ QR minimum (and its first quick
  // amount). The server reads the same PAYTIMZ_MINIMUM, so both sides agree.
  define: { __PAYTIMZ_MINIMUM__: JSON.stringify(process.env.PAYTIMZ_MINIMUM?.trim() ?? '') },
  // Locale catalogues become one `JSON.parse('…')` (smaller, and quicker to parse than an
  // object literal) with a default export only: the app reads `default`.
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
    // The polyfill serves browsers without <link rel="modulepreload"> (Safari < 17), where
    // modules still load, just without the head start; /login does not pay for it.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Besides the small entry (and Rolldown's runtime), /login loads two chunks: `vendor`
        // (the libraries every screen needs: React, React Router, i18next, TanStack Query,
        // react-hook-form) and `app` (the rest of what the first screen needs: Mantine's core
        // and the components /login renders, the shells, the login form). Few large chunks
        // compress far better than many small ones (docs/decisions/0006, `npm run test:size`),
        // and `vendor` rarely changes between app releases, so
        // it stays cached. Everything else (other screens, the Mantine components only they
        // use, zod) is split automatically into lazy chunks that /login never fetches.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][\w-]+|react-hook-form)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            {
              name: 'app',
              tags: ['$initial'],
              // The entry (index.html and main.tsx) keeps its own small chunk.
              test: (id) => !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
            },
          ],
        },
      },
    },
  },
});
