import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { paths } from '../lib/navigation';
import { checkServiceActive, enterPublicShell, requireToken } from './guards';
import { PageLoader } from './page-loader';
import { NotFoundPage } from './pages/not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { PublicShell } from './shells/public-shell';

/**
 * /login needs the public shell and the login form anyway, so they sit in the entry chunk;
 * every other screen is a lazy chunk that /login never downloads (bundle budget,
 * apps/web/scripts/check-bundle-size.mjs). /user/bonus, /user/statement and /user/spin arrive
 * with their own issues; until then they are unknown paths (404).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: '/', loader: () => redirect(paths.user) },
      {
        id: 'public-shell',
        loader: enterPublicShell,
        Component: PublicShell,
        children: [
          {
            path: paths.login,
            loader: checkServiceActive,
            Component: LoginPage,
          },
          {
            path: paths.register,
            lazy: async () => ({
              Component: (await import('../features/account/components/register/register-page'))
                .RegisterPage,
            }),
          },
          {
            path: paths.howto,
            lazy: async () => ({
              Component: (await import('../features/lookup/components/howto-page')).HowtoPage,
            }),
          },
          {
            path: paths.contact,
            lazy: async () => ({
              Component: (await import('../features/lookup/components/contact-page')).ContactPage,
            }),
          },
        ],
      },
      {
        path: paths.terminated,
        lazy: async () => ({ Component: (await import('./pages/terminated-page')).TerminatedPage }),
      },
      {
        id: 'user-shell',
        path: paths.user,
        loader: requireToken,
        lazy: async () => ({ Component: (await import('./shells/user-shell')).UserShell }),
        children: [
          { index: true, loader: () => redirect(paths.home) },
          {
            path: paths.home,
            lazy: async () => ({
              Component: (await import('../features/account/components/home-page')).HomePage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import('../features/account/components/profile/profile-page'))
                .ProfilePage,
            }),
          },
          {
            path: paths.userContact,
            lazy: async () => ({
              Component: (await import('../features/lookup/components/contact-page')).ContactPage,
            }),
          },
        ],
      },
      // The error page renders the 404 too, so it shares the entry chunk instead of a lazy one.
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
