import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

// The API server of `npm run dev` (CONTRACT.md default port); API_TARGET points elsewhere.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), appVariant()],
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
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Named vendor chunks: stable file names across app releases (better caching) and a
        // readable bundle-size report. Mantine is left to automatic splitting so screens
        // that use rare components do not drag them into /login.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
