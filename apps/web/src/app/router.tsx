import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
  useNavigation,
} from 'react-router';
import { profileQueryOptions } from '../features/account/api/get-profile';
import { walletQueryOptions } from '../features/wallet/api/get-wallet';
import { loadMemberTranslations } from '../lib/i18n';
import { paths } from '../lib/navigation';
import { useFirstScreen } from '../lib/next-paint';
import { queryClient } from '../lib/query-client';
import { guarded, screen } from '../lib/routing';
import { checkServiceActive, enterPublicShell, requireToken } from './guards';
import { PageLoader } from './page-loader';
import { RouteErrorPage } from './route-error-page';
import { PublicShell } from './shells/public-shell';

/**
 * React Router's data router (decision 0006: with compressed assets it costs /login about
 * 15 KB of brotli and no Lighthouse point). Guards are loaders, screens are lazy routes: on a
 * navigation the router fetches every matched route's chunk and runs every guard at once, so
 * the member shell and its home screen arrive together instead of one after the other.
 */

/**
 * Starts a screen's first query from its route's loader, while the router loads the route's
 * chunks, rather than from the screen once rendered; the navigation does not wait for it (the
 * screen shows its own loading state, and its useQuery joins the query under way). Where the
 * query's module is imported on demand, the entry chunk does not carry it.
 */
const prefetch = (start: () => Promise<void>) => () => {
  void start().catch(() => undefined);
  return null;
};

/**
 * The data the member's first screen paints (the name in the shell, the balance on the home):
 * the navigation waits for it unless the cache holds it already (the screen's useQuery then
 * asks again behind it, as for any stale query), so the screen renders once, with its data,
 * instead of empty first and again when the answer lands. The two renders cost a phone more
 * main-thread time than the wait saves: Lighthouse's home 52 -> 55, 15 runs each
 * (docs/performance.md). A failed call neither stops the navigation nor holds it for a retry:
 * the screen shows its own loading or error state and retries behind it, and a refused token
 * goes to /login through the API client as ever. Both calls leave with the entry's code (their
 * schemas load while they are on their way).
 */
const withData = <T, K extends QueryKey>(options: EnsureQueryDataOptions<T, Error, T, K>) =>
  queryClient.ensureQueryData({ ...options, retry: false }).then(
    () => null,
    () => null,
  );

/**
 * The first navigation ends no sooner than the app's first frame has committed. RouterProvider
 * reads the router's state as it renders and subscribes only once committed, so a navigation
 * that ended in between would never reach the screen, which would keep showing the page loader.
 * The app renders as a transition (main.tsx), which can take a phone a while, and the first
 * screen's chunks and answers can land meanwhile. The root route's loader waits for the page
 * loader's effect: effects run after the commit's layout effects, where RouterProvider
 * subscribes.
 */
let markFirstFrame = () => {};
const firstFrame = new Promise<null>((resolve) => {
  markFirstFrame = () => resolve(null);
});

function FirstFrame() {
  useEffect(() => markFirstFrame(), []);
  return <PageLoader />;
}

/**
 * The layout of every route: the thin gold bar while the next screen loads, scroll restoration.
 * Its first commit is the page's first screen (`useFirstScreen`, lib/next-paint.ts).
 */
function RootLayout() {
  useFirstScreen();
  const loading = useNavigation().state !== 'idle';
  return (
    <>
      {loading && <div className="wallet-route-progress" aria-hidden />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Every screen is a lazy chunk, /login's too: the entry carries what every first screen needs,
 * and a member's home does not download the login form and its form library. The router starts
 * the first screen's chunks and its loaders' calls together, as soon as it is created (main.tsx).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    // The screens' last line of defence: a failed chunk or guard shows a way out.
    errorElement: <RouteErrorPage />,
    loader: () => firstFrame,
    shouldRevalidate: () => false,
    hydrateFallbackElement: <FirstFrame />,
    children: [
      { path: '/', loader: () => redirect(paths.user) },
      {
        id: 'public-shell',
        loader: guarded(enterPublicShell),
        element: <PublicShell />,
        children: [
          {
            path: paths.login,
            loader: guarded(checkServiceActive),
            lazy: screen(
              () => import('./login-screen'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: paths.register,
            lazy: screen(
              () => import('../features/account/components/register/register-page'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: paths.howto,
            lazy: screen(
              () => import('../features/lookup/components/howto-page'),
              (m) => m.HowtoPage,
            ),
          },
          {
            path: paths.contact,
            lazy: screen(
              () => import('./pages/contact-page'),
              (m) => m.ContactPage,
            ),
          },
        ],
      },
      {
        path: paths.terminated,
        lazy: screen(
          () => import('./pages/terminated-page'),
          (m) => m.TerminatedPage,
        ),
      },
      {
        id: 'user-shell',
        path: paths.user,
        loader: async () => {
          await guarded(requireToken)();
          // The member's name heads the shell.
          await Promise.all([withData(profileQueryOptions()), loadMemberTranslations()]);
          return null;
        },
        lazy: screen(
          () => import('./member-first-screen'),
          (m) => m.UserShell,
        ),
        children: [
          { index: true, loader: () => redirect(paths.home) },
          {
            path: paths.home,
            // The balance is the home's largest paint.
            loader: () => withData(walletQueryOptions()),
            lazy: screen(
              () => import('./member-first-screen'),
              (m) => m.HomePage,
            ),
          },
          {
            path: paths.profile,
            lazy: screen(
              () => import('../features/account/components/profile/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: paths.bonus,
            loader: prefetch(async () => {
              const { bonusesQueryOptions } = await import('../features/bonus/api/get-bonuses');
              await queryClient.prefetchQuery(bonusesQueryOptions());
            }),
            lazy: screen(
              () => import('../features/bonus/components/bonus-page'),
              (m) => m.BonusPage,
            ),
          },
          {
            path: paths.statement,
            lazy: screen(
              () => import('../features/statement/components/statement-page'),
              (m) => m.StatementPage,
            ),
          },
          {
            path: paths.spin,
            loader: prefetch(async () => {
              const { spinSetupQueryOptions } = await import('../features/spin/api/get-spin-setup');
              await queryClient.prefetchQuery(spinSetupQueryOptions());
            }),
            lazy: screen(
              () => import('../features/spin/components/spin-page'),
              (m) => m.SpinPage,
            ),
          },
          {
            path: paths.userContact,
            lazy: screen(
              () => import('./pages/contact-page'),
              (m) => m.ContactPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('./pages/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
