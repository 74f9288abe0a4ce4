import type { Plugin } from 'vite';

/** The back office's addresses, as the server has them (apps/server/src/plugins/web-app.ts). */
export const isBackofficePath = (path: string) =>
  path === '/backoffice' || path.startsWith('/backoffice/');

/**
 * In dev, a page under /backoffice is the back office's page (backoffice.html), as the server
 * sends it in production; Vite's own history fallback would answer index.html.
 */
export function backofficePage(): Plugin {
  return {
    name: 'wallet-backoffice-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const wantsPage = req.headers.accept?.includes('text/html') ?? false;
        if (req.method === 'GET' && wantsPage && isBackofficePath(path))
          req.url = '/backoffice.html';
        next();
      });
    },
  };
}
