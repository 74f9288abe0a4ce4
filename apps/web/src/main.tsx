import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { useSessionStore } from './lib/session-store';

// The browser history React Router's <BrowserRouter> would make, kept here so the API client
// (outside React) can navigate too.
const history = createBrowserHistory({ v5Compat: true });
setNavigator((to, options) => (options?.replace ? history.replace(to) : history.push(to)));
await initI18n(useSessionStore.getState().locale);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter history={history} />
    </AppProviders>
  </StrictMode>,
);
