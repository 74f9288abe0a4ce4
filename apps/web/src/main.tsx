// Mantine's global styles; each component's own arrive with it (vite.config.ts,
// mantineStylesPerComponent), all in the `mantine` layer beneath the app's styles.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { dropEarlyCalls } from './lib/early-calls';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { useSessionStore } from './lib/session-store';

// zod, which arrives later with the first form, probes for eval to compile faster parsers; the
// CSP (script-src 'self') forbids eval, so the probe is a violation report in every console.
// zod takes its configuration from this global when it loads: its eval-free parsers, then.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// The words load while the router starts the first screen's guards and chunks (nothing paints
// before both). The API client (outside React) navigates through the router too. The router
// starts in a task of its own: evaluating the entry's modules is already one long task on a
// phone, and the router's first navigation (its loaders, the lazy routes' imports) would make it
// longer still (docs/performance.md).
const translationsLoaded = initI18n(useSessionStore.getState().locale);
await new Promise((resolve) => setTimeout(resolve, 0));
const router = createAppRouter();
setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
// The answers index.html asked for early serve the first screen only (lib/early-calls.ts).
const stopWatching = router.subscribe(({ initialized, navigation }) => {
  if (!initialized || navigation.state !== 'idle') return;
  dropEarlyCalls();
  stopWatching();
});
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
