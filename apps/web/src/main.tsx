// Mantine's global styles and those of every component the app renders (styles/mantine.ts), in
// the `mantine` layer beneath the app's.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/mantine';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { OfflineScreen } from './app/offline-screen';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { useSessionStore } from './lib/session-store';
import { whenSettled } from './lib/when-settled';

// zod, which arrives later with the first form, probes for eval to compile faster parsers; the
// CSP (script-src 'self') forbids eval, so the probe is a violation report in every console.
// zod takes its configuration from this global when it loads: its eval-free parsers, then.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// Evaluating the entry's modules is one long task on a phone, and creating the router (which
// starts the first screen's guards, loaders and chunks) costs a phone as much again the first
// time its code runs: each gets a task of its own, and rendering a third. The words load beside
// the first screen's calls (nothing paints before both). The API client (outside React)
// navigates through the router too.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
const translationsLoaded = initI18n(useSessionStore.getState().locale);
const router = createAppRouter();
setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
await nextTask();
await translationsLoaded;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Rendered as a transition, so React yields to the browser every few milliseconds while it
// builds the first screen instead of holding the main thread for the whole tree (the router's
// own updates are transitions too). Nothing is on screen to keep responsive yet but the
// splash; the phone's main thread is what it frees (docs/performance.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
        <OfflineScreen />
      </AppProviders>
    </StrictMode>,
  );
});

// The service worker that lets the app open offline (app/service-worker.tsx): in production
// builds only (Vite's dev server has none), and once the page has settled, so neither its code
// nor the app files it then downloads compete with the first screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenSettled(() => {
    void import('./app/service-worker').then((module) => module.registerServiceWorker());
  });
}
