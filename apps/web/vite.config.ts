import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
// The contract's source itself: the config's bundler leaves workspace packages to Node, which
// cannot load TypeScript.
import { clientHeaders, locales, storageKeys } from '../../packages/contract/src/constants';
import { earlyPages } from './src/app/early-plan';
import { fontFamily } from './src/app/font-family';
import { EARLY_GLOBAL, type EarlyPlan, startEarly } from './src/lib/early-calls';

/**
 * The server writes the variant into index.html at serve time (the API contract); in dev this
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
 * Mantine's `useId` (every input, checkbox, tab and modal) starts from React's `useId`, then in a
 * layout effect swaps it for a random one: a relic of React < 18, which had no `useId`. That swap
 * is a state change inside React's commit, so every screen's first commit rendered each of those
 * components a second time, synchronously, and flushed the passive effects early with it. React
 * 19's `useId` is stable and unique within the app's one root, so the hook returns it and nothing
 * more. With reactHookFormReadyOnDemand, /login's commit at 4x CPU slowdown went from 98-185 ms
 * to 37-52 ms (docs/performance.md).
 */
function mantineStableId(): Plugin {
  return {
    name: 'wallet-mantine-stable-id',
    enforce: 'pre',
    load: {
      filter: { id: /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/ },
      handler() {
        return [
          "import { useId as useReactId } from 'react';",
          'export function useId(staticId) {',
          '  const reactId = useReactId();',
          "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');",
          '}',
        ].join('\n');
      },
    },
  };
}

/**
 * react-hook-form's `useForm` marks the form ready in a layout effect with a state change, so
 * every form rendered twice on mount, the second time synchronously inside React's commit. The
 * change exists for a render that reads `formState.isReady` (the form's proxy records such reads
 * in `_proxyFormState`); the app never does, so the state changes only when a render has read it.
 * If a release reshapes that code, the build stops here to be looked at again.
 */
function reactHookFormReadyOnDemand(): Plugin {
  const ready =
    /(reRenderRoot: true,\s*\}\);\s*)(updateFormState\(\(data\) => \(\{\s*\.\.\.data,\s*isReady: true,)/;
  return {
    name: 'wallet-react-hook-form-ready-on-demand',
    transform: {
      filter: { id: /react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/ },
      handler(code) {
        if (!ready.test(code)) {
          throw new Error('vite.config.ts: react-hook-form no longer marks isReady as expected');
        }
        // Same lines as before, so the package's source map still applies.
        return { code: code.replace(ready, '$1control._proxyFormState.isReady && $2'), map: null };
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

/**
 * The first paint comes from index.html itself: the brand mark, where the page loader (src/app/
 * page-loader.tsx) shows it, painted before any stylesheet or script has arrived
 * (stylesheetAfterSplash, docs/performance.md). React replaces it with the page loader, then the
 * screen.
 *
 * Beside the mark, out of sight and of the accessibility tree, a few Thai and Lao words in the
 * app's type and weights: the splash's layout then finds the fonts for those scripts (a fallback
 * search on most systems: the first faces of the stack have no Thai or Lao) and loads the Thai
 * line breaker while the scripts are still downloading, instead of in the first screen's layout
 * on a busy main thread. Lighthouse on /login, 15 runs each interleaved: TBT 373 -> 292 ms.
 */
function splash(): Plugin {
  const mark = readFileSync(join(import.meta.dirname, 'src/components/ui/brand-mark.svg'), 'utf8');
  const type = fontFamily.replaceAll('"', "'");
  const words = ['400', '600', '700']
    .map((weight) => `<span style="font-weight:${weight}">ยอดเงินทั้งหมด 0.00 บาท ຍອດເງິນ</span>`)
    .join(' ');
  const fontsFound =
    '<span aria-hidden="true" style="position:absolute;width:1px;height:1px;overflow:hidden;' +
    `clip-path:inset(50%);font-family:${type}">${words}</span>`;
  return {
    name: 'wallet-splash',
    transformIndexHtml(html) {
      // The page loader's layout: centred in 60 % of the viewport's height, the 56 px mark
      // above the loading dots (16 px apart, 36 px high).
      const markup =
        '<div style="min-height:60vh;display:flex;align-items:center;justify-content:center">' +
        '<div style="display:flex;flex-direction:column;align-items:center;gap:16px">' +
        `<span style="display:inline-flex;width:56px;height:56px">${mark.trim()}</span>` +
        `<span style="height:36px"></span>${fontsFound}</div></div>`;
      return html.replace('<!--wallet-splash-->', markup);
    },
  };
}

/**
 * The splash paints from the HTML alone: the page's ground is in index.html's own <style>, and
 * the stylesheets Vite writes into the head move to the end of the body, after the splash. A
 * stylesheet in the head holds every paint until it arrives; one after the splash holds only
 * what follows it, and still holds the module scripts (a parser-inserted stylesheet blocks
 * scripts until it has loaded), so no screen renders unstyled. A phone on a slow link shows the
 * brand mark one round trip sooner: /login's first paint at 150 ms latency, 1.6 Mbps and 4x CPU
 * went from 568-660 ms to 296-452 ms (docs/performance.md).
 */
function stylesheetAfterSplash(): Plugin {
  const stylesheet = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
  return {
    name: 'wallet-stylesheet-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheet) ?? [];
        if (links.length === 0) throw new Error('vite.config.ts: index.html has no stylesheet');
        const body = links.map((link) => `\n    ${link.trim()}`).join('');
        return html.replace(stylesheet, '').replace(/\s*<\/body>/, `${body}\n  </body>`);
      },
    },
  };
}

/** Every chunk reached from `starts` by following `next`. */
function reachableChunks(
  byFile: Map<string, Rolldown.OutputChunk>,
  starts: string[],
  next: (chunk: Rolldown.OutputChunk) => string[],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const chunk = byFile.get(file);
    if (!chunk || seen.has(file)) continue;
    seen.add(file);
    queue.push(...next(chunk));
  }
  return seen;
}

/**
 * The first screen starts from index.html (src/lib/early-calls.ts): an inline script,
 * `startEarly` with this build's plan, sends the calls a signed-in member's screen's loaders wait
 * for and fetches the chunks the screen imports, a member's or a visitor's (src/app/early-plan.ts:
 * each module, with the chunks it imports that the entry does not load already, and their
 * stylesheets). The server allows that one inline script by its hash (apps/server, web-app.ts).
 */
function earlyStart(): Plugin {
  let base = '/';
  return {
    name: 'wallet-early-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) throw new Error('vite.config.ts: earlyStart runs on a build only');
        const chunks = Object.values(bundle).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const initial = reachableChunks(byFile, [entry.fileName], (chunk) => chunk.imports);
        /** The chunk a lazily imported module becomes, and what it imports beyond the entry's. */
        const chunksOf = (module: string) => {
          const id = resolve(import.meta.dirname, module);
          const own = chunks.find((chunk) => chunk.facadeModuleId === id);
          if (!own) throw new Error(`vite.config.ts: ${module} is not a lazy chunk of its own`);
          const files = reachableChunks(byFile, [own.fileName], (chunk) => chunk.imports);
          return [...files].filter((file) => !initial.has(file));
        };
        const cssOf = (files: string[]) =>
          files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const url = (file: string) => base + file;
        const pages = earlyPages.map(({ modules, ...page }) => {
          const perLocale = modules.filter((module) => module.includes('{locale}'));
          const files = [
            ...new Set(modules.filter((module) => !perLocale.includes(module)).flatMap(chunksOf)),
          ];
          return {
            ...page,
            modules: files.map(url),
            styles: cssOf(files).map(url),
            localeModules: Object.fromEntries(
              locales.map((locale) => [
                locale,
                perLocale
                  .flatMap((module) => chunksOf(module.replace('{locale}', locale)))
                  .map(url),
              ]),
            ),
          };
        });
        const plan: EarlyPlan = {
          global: EARLY_GLOBAL,
          tokenKey: storageKeys.token,
          localeKey: storageKeys.locale,
          // As lib/variant.ts's defaultLocale (which reads the page, so cannot run here).
          defaultLocale: { laos: 'la', other: 'th' },
          headers: clientHeaders,
          pages,
        };
        const script = `<script>(${String(startEarly)})(${JSON.stringify(plan)});</script>`;
        return html.replace(/\s*<\/head>/, `\n    ${script}\n  </head>`);
      },
    },
  };
}

/**
 * What the first screens load before they paint (docs/performance.md). Rolldown's automatic
 * splitting cuts the user shell and the home page into some 45 small chunks (a Mantine component,
 * an icon, a hook each), and a phone fetches them six at a time over HTTP/1.1 before the home can
 * paint; the login page likewise. Which of them /login and the home share, and which /login loads
 * only later (its own lazy parts), shows only after tree-shaking, in the chunks themselves: so the
 * build first splits as usual without writing anything, reads that chunk graph, and gives the
 * real split four groups (each a set of modules):
 * - `app`: what the entry imports, and what /login's screen (src/features/auth/components/
 *   login-page.tsx) imports that the member's first screen (src/app/member-first-screen.ts) or
 *   every page once settled (the toast host) loads too.
 * - `login`: what the login screen imports besides (the login form, react-hook-form, the inputs).
 *   Other forms that share one of these modules load the group with it.
 * - `member`: what the member's first screen imports that /login never loads. Every `/user`
 *   screen renders inside the shell and has it already.
 * - `shared`: what the member's first screen imports that /login loads once it has settled (zod
 *   and the contract's schemas, for the site's name; Mantine's notification store, for the
 *   toasts). /login loads them in one request instead of several, and so does the home.
 */
const memberFirstScreen = 'src/app/member-first-screen.ts';
const loginScreen = 'src/features/auth/components/login-page.tsx';
const PLANNING = 'WALLET_CHUNK_PLANNING';

/** The modules the route table loads lazily (`import('…')` in router.tsx): screens, loaders. */
function routeModules(): Set<string> {
  const router = join(import.meta.dirname, 'src/app/router.tsx');
  const specifiers = readFileSync(router, 'utf8').matchAll(/\bimport\('(\.[^']+)'\)/g);
  return new Set(
    [...specifiers].flatMap(([, specifier = '']) =>
      ['.tsx', '.ts'].map((ext) =>
        relative(import.meta.dirname, join(dirname(router), specifier + ext)).replaceAll('\\', '/'),
      ),
    ),
  );
}

type ChunkPlan = {
  plugin: Plugin;
  /** Each group's modules, by the group's name. */
  app: (id: string) => boolean;
  login: (id: string) => boolean;
  member: (id: string) => boolean;
  shared: (id: string) => boolean;
};

function firstScreenChunks(): ChunkPlan {
  const groups = {
    app: new Set<string>(),
    login: new Set<string>(),
    member: new Set<string>(),
    shared: new Set<string>(),
  };
  const plugin: Plugin = {
    name: 'wallet-first-screen-chunks',
    apply: (_config, env) => env.command === 'build' && process.env[PLANNING] !== '1',
    async config(config, env) {
      process.env[PLANNING] = '1';
      const planned = await build({
        configFile: join(import.meta.dirname, 'vite.config.ts'),
        root: config.root,
        mode: env.mode,
        logLevel: 'silent',
        build: { write: false, minify: false },
      }).finally(() => {
        delete process.env[PLANNING];
      });
      const chunks = (Array.isArray(planned) ? planned : [planned as Rolldown.RolldownOutput])
        .flatMap((output) => output.output)
        .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const source = (file: string) => {
        const facade = byFile.get(file)?.facadeModuleId;
        return facade ? relative(import.meta.dirname, facade).replaceAll('\\', '/') : '';
      };
      const lazyChunk = (module: string) => {
        const chunk = chunks.find((each) => source(each.fileName) === module);
        if (!chunk) throw new Error(`vite.config.ts: ${module} is no longer a lazy chunk`);
        return chunk.fileName;
      };
      const routes = routeModules();
      const reachable = (starts: string[], next: (chunk: Rolldown.OutputChunk) => string[]) =>
        reachableChunks(byFile, starts, next);
      const statically = (chunk: Rolldown.OutputChunk) => chunk.imports;
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const login = lazyChunk(loginScreen);
      // What the entry loads before anything paints; what each first screen loads before it
      // paints besides; and every chunk /login can load: those and what they import lazily,
      // screens aside.
      const initial = reachable(entries, statically);
      const loginScreenFiles = reachable([login], statically);
      const memberScreenFiles = reachable([lazyChunk(memberFirstScreen)], statically);
      const withLazyParts = (chunk: Rolldown.OutputChunk) => [
        ...chunk.imports,
        ...chunk.dynamicImports.filter((next) => !routes.has(source(next))),
      ];
      // What every page loads once settled (the toast host, for one), and what /login can load.
      const everyPageCanLoad = reachable(entries, withLazyParts);
      const loginCanLoad = reachable([...entries, login], withLazyParts);
      const add = (group: Set<string>, file: string) => {
        for (const id of byFile.get(file)?.moduleIds ?? []) group.add(id);
      };
      for (const file of initial) add(groups.app, file);
      for (const file of loginScreenFiles) {
        if (initial.has(file)) continue;
        const everyone = memberScreenFiles.has(file) || everyPageCanLoad.has(file);
        add(everyone ? groups.app : groups.login, file);
      }
      for (const file of memberScreenFiles) {
        if (initial.has(file) || loginScreenFiles.has(file)) continue;
        add(loginCanLoad.has(file) ? groups.shared : groups.member, file);
      }
    },
  };
  const has = (group: Set<string>) => (id: string) => group.has(id);
  return {
    plugin,
    app: has(groups.app),
    login: has(groups.login),
    member: has(groups.member),
    shared: has(groups.shared),
  };
}

const chunkPlan = firstScreenChunks();

// The API server of `npm run dev` (the API contract default port); API_TARGET points elsewhere.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    appVariant(),
    splash(),
    stylesheetAfterSplash(),
    earlyStart(),
    reactRouterForProduction(),
    dropUnusedMantineParts(),
    mantineStylesPerComponent(),
    reactSyncExternalStoreShim(),
    mantineStableId(),
    reactHookFormReadyOnDemand(),
    chunkPlan.plugin,
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
  // The spec's constants and limits: a build setting may override the PAYTIMZ QR minimum (and its first quick
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
        // Besides the small entry (and Rolldown's runtime), every screen starts from two chunks:
        // `vendor` (the libraries every screen needs: React, React Router, i18next, TanStack
        // Query) and `app` (the rest of what every first screen needs: Mantine's core and the
        // components both /login and the home render, the shells). /login adds `login` (the
        // form, react-hook-form, the inputs), the member's first screen `member` and `shared`
        // (firstScreenChunks; /login loads `shared` once settled), and index.html fetches them
        // beside the entry's chunks (app/early-plan.ts). Few large chunks compress far better
        // than many small ones (docs/decisions/0006, `npm run test:size`), and `vendor` rarely
        // changes between app releases, so it stays cached. Everything else (other screens, the
        // Mantine components only they use, the rest of zod) is split automatically into lazy
        // chunks that neither first screen fetches.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][\w-]+)[\\/]/,
            },
            // The first screens (firstScreenChunks); what their modules import stays put. The
            // entry (index.html and main.tsx) keeps its own small chunk.
            {
              name: 'app',
              test: (id) => chunkPlan.app(id) && !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'login', test: chunkPlan.login, includeDependenciesRecursively: false },
            { name: 'member', test: chunkPlan.member, includeDependenciesRecursively: false },
            { name: 'shared', test: chunkPlan.shared, includeDependenciesRecursively: false },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
