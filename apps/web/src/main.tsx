// Mantine's global styles and those of the components the entry renders; each first screen's
// and the later screens' come with them (styles/), all in the `mantine` layer beneath the app's.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/mantine-entry';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { useSessionStore } from './lib/session-store';

// zod, which arrives later with the first form, probes for eval to compile faster parsers; the
// CSP (script-src 'self') forbids eval, so the probe is a violation report in every console.
// zod takes its configuration from this global when it loads: its eval-free parsers, then.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// The router starts the first screen's guards, loaders and chunks as it is created, and the
// words load beside them (nothing paints before both). The API client (outside React) navigates
// through the router too. Then the page yields a task: evaluating the entry's modules is already
// one long task on a phone, and rendering right after would make it longer still.
const translationsLoaded = initI18n(useSessionStore.getState().locale);
const router = createAppRouter();
setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
await new Promise((resolve) => setTimeout(resolve, 0));
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
      </AppProviders>
    </StrictMode>,
  );
});
