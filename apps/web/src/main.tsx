import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { useSessionStore } from './lib/session-store';

setNavigator((to, options) => router.navigate(to, options));
await initI18n(useSessionStore.getState().locale);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
