import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadBackofficeTranslations } from '../features/backoffice/backoffice-translations';
import { initI18n } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { useSessionStore } from '../lib/session-store';
import stylesheet from './backoffice.css?url';
import { BackofficeProviders } from './providers';
import { createBackofficeRouter } from './router';

/**
 * The operator's back office: its own page (backoffice.html) and bundle, none of it in what a
 * member downloads. The server sends this page for every /backoffice address.
 */

// As in the member app (main.tsx): the CSP (script-src 'self') forbids the eval zod probes for.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

/**
 * The back office's own stylesheet (backoffice.css: the tables', the shell's and its screens'),
 * a file beside the app's one stylesheet rather than in it: that one is the member app's too
 * (vite.config.ts, cssCodeSplit: false). The screens paint once it has arrived; a failure
 * leaves them unstyled rather than blank.
 */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

const ready = Promise.all([
  loadStylesheet(stylesheet),
  initI18n(useSessionStore.getState().locale).then(loadBackofficeTranslations),
]);
const router = createBackofficeRouter();
// The API client (outside React) sends staff whose session ended to the login through it.
setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
await ready;

const root = document.getElementById('root');
if (!root) throw new Error('backoffice.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <BackofficeProviders>
      <RouterProvider router={router} />
    </BackofficeProviders>
  </StrictMode>,
);
