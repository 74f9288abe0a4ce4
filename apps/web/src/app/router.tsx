import {
  type ComponentType,
  lazy,
  Suspense,
  startTransition,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  type Location,
  matchRoutes,
  type NavigationType,
  type RouteObject,
  Router,
  renderMatches,
  type UNSAFE_createBrowserHistory,
} from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { paths } from '../lib/navigation';
import { checkServiceActive, enterPublicShell, requireToken } from './guards';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error-page';
import { PublicShell } from './shells/public-shell';

/**
 * Declarative React Router (`<Router>`, `matchRoutes`, `renderMatches`) rather than the data
 * router: the data router's loader/action engine weighs about 17 KB gzip, more than /login can
 * afford (bundle budget, apps/web/scripts/check-bundle-size.mjs). What the app used of it lives
 * here, small: guards that run before a screen shows (loaders), a thin bar while the next
 * screen loads (useNavigation), the error page (ErrorBoundary) and scroll restoration.
 */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** A route's `handle.guard` runs when the route is entered; a path it answers redirects. */
type Guard = () => string | null | Promise<string | null>;
type RouteHandle = { guard: Guard };

const redirectTo = (path: string): RouteHandle => ({ guard: () => path });

/** A screen in its own chunk, fetched the first time a route shows it. */
const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const RegisterPage = page(
  () => import('../features/account/components/register/register-page'),
  (m) => m.RegisterPage,
);
const HowtoPage = page(
  () => import('../features/lookup/components/howto-page'),
  (m) => m.HowtoPage,
);
const ContactPage = page(
  () => import('../features/lookup/components/contact-page'),
  (m) => m.ContactPage,
);
const TerminatedPage = page(
  () => import('./pages/terminated-page'),
  (m) => m.TerminatedPage,
);
const UserShell = page(
  () => import('./shells/user-shell'),
  (m) => m.UserShell,
);
const HomePage = page(
  () => import('../features/wallet/components/home-page'),
  (m) => m.HomePage,
);
const ProfilePage = page(
  () => import('../features/account/components/profile/profile-page'),
  (m) => m.ProfilePage,
);
const StatementPage = page(
  () => import('../features/statement/components/statement-page'),
  (m) => m.StatementPage,
);
const NotFoundPage = page(
  () => import('./pages/not-found-page'),
  (m) => m.NotFoundPage,
);

/**
 * /login needs the public shell and the login form anyway, so they sit in the entry chunk;
 * every other screen is a lazy chunk that /login never downloads. /user/bonus and /user/spin
 * arrive with their own issues; until then they are unknown paths (404).
 */
export const routes: RouteObject[] = [
  { path: '/', handle: redirectTo(paths.user) },
  {
    id: 'public-shell',
    handle: { guard: enterPublicShell } satisfies RouteHandle,
    element: <PublicShell />,
    children: [
      {
        path: paths.login,
        handle: { guard: checkServiceActive } satisfies RouteHandle,
        element: <LoginPage />,
      },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.howto, element: <HowtoPage /> },
      { path: paths.contact, element: <ContactPage /> },
    ],
  },
  { path: paths.terminated, element: <TerminatedPage /> },
  {
    id: 'user-shell',
    path: paths.user,
    handle: { guard: requireToken } satisfies RouteHandle,
    element: <UserShell />,
    children: [
      { index: true, handle: redirectTo(paths.home) },
      { path: paths.home, element: <HomePage /> },
      { path: paths.profile, element: <ProfilePage /> },
      { path: paths.statement, element: <StatementPage /> },
      { path: paths.userContact, element: <ContactPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

function routesAt(location: Location): RouteObject[] {
  return (matchRoutes(routes, location) ?? []).map((match) => match.route);
}

/**
 * The guards of a navigation, with the data router's loader rules: a route's guard runs when
 * the route is entered, and every matched route's guard runs again when the navigation stays
 * on the same URL or changes the query. All start at once; the first redirect, outermost
 * route first, wins.
 */
async function runGuards(from: Location | null, to: Location): Promise<string | null> {
  const before = from ? routesAt(from) : [];
  const again = from !== null && (from.pathname === to.pathname || from.search !== to.search);
  const started = routesAt(to)
    .filter((route) => again || !before.includes(route))
    .map((route) => (route.handle as RouteHandle | undefined)?.guard());
  for (const result of started) {
    const redirect = await result;
    if (redirect) return redirect;
  }
  return null;
}

/** Scroll positions by history entry, kept across reloads like React Router's own. */
const scrollKey = 'wallet-scroll-positions';
let scrollPositions: Record<string, number> = {};

function loadScrollPositions(): void {
  try {
    scrollPositions = JSON.parse(sessionStorage.getItem(scrollKey) ?? '{}');
  } catch {
    scrollPositions = {};
  }
}

function saveScrollPositions(): void {
  try {
    sessionStorage.setItem(scrollKey, JSON.stringify(scrollPositions));
  } catch {
    // Storage may be full or disabled: positions are a nicety.
  }
}

function restoreScroll(location: Location): void {
  const saved = scrollPositions[location.key];
  if (saved !== undefined) {
    window.scrollTo(0, saved);
    return;
  }
  const target =
    location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * `useRoutes(routes)` without its nested-routes and location-override handling, which this
 * top-level route table never needs: the screens of the matched routes, outermost first.
 */
function AppRoutes({ location }: { location: Location }) {
  const matches = useMemo(() => matchRoutes(routes, location), [location]);
  return renderMatches(matches);
}

type View = { location: Location; action: NavigationType; error?: unknown };

/**
 * The app's router: runs the guards of each navigation before it shows (the next screen waits,
 * with a thin gold bar on top, as for a lazy screen), then renders the routes.
 */
export function AppRouter({ history }: { history: AppHistory }) {
  const [view, setView] = useState<View | null>(null);
  const [navigating, setNavigating] = useState(false);

  useLayoutEffect(() => {
    let shown: Location | null = null;
    let latest = 0;
    const go = async (action: NavigationType, location: Location) => {
      const id = ++latest;
      setNavigating(true);
      let redirect: string | null = null;
      let error: unknown;
      try {
        redirect = await runGuards(shown, location);
      } catch (caught) {
        error = caught;
      }
      // A newer navigation started meanwhile: it decides what shows.
      if (id !== latest) return;
      if (redirect) {
        history.replace(redirect);
        return;
      }
      if (shown) scrollPositions[shown.key] = window.scrollY;
      shown = location;
      startTransition(() => {
        setView({ action, location, error });
        setNavigating(false);
      });
    };
    loadScrollPositions();
    const manual = 'scrollRestoration' in window.history;
    if (manual) window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      if (shown) scrollPositions[shown.key] = window.scrollY;
      saveScrollPositions();
      if (manual) window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    const stop = history.listen(({ action, location }) => void go(action, location));
    void go(history.action, history.location);
    return () => {
      latest++;
      stop();
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [history]);

  useLayoutEffect(() => {
    if (view) restoreScroll(view.location);
  }, [view]);

  // Before the first screen's guards answer, the loader shows (the data router's fallback).
  if (!view) return <PageLoader />;
  return (
    <Router location={view.location} navigationType={view.action} navigator={history}>
      {navigating && <div className="wallet-route-progress" aria-hidden />}
      <RouteErrorBoundary location={view.location} error={view.error}>
        <Suspense fallback={<PageLoader />}>
          <AppRoutes location={view.location} />
        </Suspense>
      </RouteErrorBoundary>
    </Router>
  );
}
