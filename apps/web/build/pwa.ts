import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The page's ground (index.html's body) and its browser bar (index.html's theme-color). */
export const PWA_COLOURS = { background: '#080f24', theme: '#0b1430' } as const;

/**
 * What a service worker may never answer from its cache, nor answer a navigation to with the
 * app's page: the API (members' data, tokens, signed file links), the chat's socket and the back
 * office, which is a page of its own and no part of the installable member app.
 */
export const NEVER_FROM_THE_CACHE = [
  /^\/api(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/backoffice(\/|\.html|$)/,
];

/**
 * The member app as an installable app (docs/architecture.md, The web app): its manifest and a
 * service worker that keeps the app's own files (index.html and the hashed assets the member
 * build wrote; the back office's build comes after it, into the same dist/, and is never seen)
 * so the app opens without a network. Nothing is cached at run time: no runtime route, so every
 * other request goes to the network as if there were no worker. The page registers the worker
 * itself, after its first screen (src/app/service-worker.ts), and asks its member before a new
 * version takes over (`prompt`). The server writes the operator's site name into the manifest
 * (apps/server/src/plugins/web-app.ts); the name here is what it says without one.
 */
export function memberPwa(): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    scope: '/',
    // The manifest is fetched from the server, which names the operator in it, and never from
    // the worker's cache; nor do the icons need to work offline.
    includeManifestIcons: false,
    integration: {
      beforeBuildServiceWorker(options) {
        options.workbox.additionalManifestEntries =
          options.workbox.additionalManifestEntries?.filter(
            (entry) => (typeof entry === 'string' ? entry : entry.url) !== options.manifestFilename,
          );
      },
    },
    manifest: {
      id: '/',
      name: 'Member Wallet',
      short_name: 'Member Wallet',
      description:
        'กระเป๋าเงินสมาชิก: ฝาก ถอน และโอนเงินระหว่างกระเป๋าและบัญชีเกม · Member wallet: deposit, withdraw and move money between your wallet and game accounts.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'th',
      background_color: PWA_COLOURS.background,
      theme_color: PWA_COLOURS.theme,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'maskable',
        },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
      globIgnores: ['backoffice.html'],
      // A page opened offline is the app's page, which shows its offline screen.
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NEVER_FROM_THE_CACHE,
      // A member's first visit is served by the network; the worker then serves the pages that
      // visit goes on to open, so its lazy screens come from the same version.
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // One file, /sw.js: nothing else for the server to serve without a long cache.
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
}
