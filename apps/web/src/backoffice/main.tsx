// The member app's stylesheets (Mantine's global styles and those of every component it renders,
// the app's own), then those of what only the back office renders: one stylesheet in its build.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '../styles/mantine';
import '../app/styles.css';
import './backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadBackofficeTranslations } from '../features/backoffice/backoffice-translations';
import { initI18n } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { useSessionStore } from '../lib/session-store';
import { BackofficeProviders } from './providers';
import { createBackofficeRouter } from './router';

/**
 * The operator's back office: its own page (backoffice.html) and build
 * (vite.backoffice.config.ts), none of it in what a member downloads. The server sends this page
 * for every /backoffice address.
 */

// As in the member app (main.tsx): the CSP (script-src 'self') forbids the eval zod probes for.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const ready = initI18n(useSessionStore.getState().locale).then(loadBackofficeTranslations);
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
