import { notifications } from '@mantine/notifications';
import type { StaffRole } from '@wallet/contract/staff';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, type Mock, vi } from 'vitest';
import { backofficeRoutes } from '../../backoffice/router';
import { setNavigator } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { freshCodeCancelled } from './fresh-code';
import { prepareBackofficeTests } from './test-fixtures';

/**
 * A back-office screen under test, through the app's own routes (guards, the shell, lazy
 * screens, the fresh-code dialog), as a staff member of the given role. The fake server answers
 * `"METHOD /path"` or `"/path"` (any method) from `routes`, each handler given the JSON body sent;
 * any other call is a 404 the screen must not need.
 */

export type DeskRoutes = Record<string, (body: unknown) => Response>;

/** A first render fetches the screen's chunk, which takes a while in a cold test run. */
export const lazyScreen = { timeout: 15_000 };

const pathOf = (url: unknown) => new URL(String(url), 'http://localhost').pathname;

export const staffOf = (role: StaffRole) => ({ id: 1, username: role, name: `Demo ${role}`, role });

export function serveDesk(fetchMock: Mock<typeof fetch>, role: StaffRole, routes: DeskRoutes) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = pathOf(url);
    const answer =
      routes[`${init?.method ?? 'GET'} ${path}`] ??
      routes[path] ??
      (path === '/api/backoffice/me' ? () => jsonResponse(staffOf(role)) : undefined);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    return answer ? answer(body) : jsonResponse({ code: 'NO_DATA', message: 'none' }, 404);
  });
}

/** The calls the screen made but the profile's: `"METHOD /path?query"` and the body sent. */
export function sentCalls(fetchMock: Mock<typeof fetch>) {
  return fetchMock.mock.calls
    .map(([url, init]) => ({
      call: `${init?.method ?? 'GET'} ${String(url)}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }))
    .filter(({ call }) => call !== 'GET /api/backoffice/me');
}

/**
 * mantine-datatable shows a column while its media query matches, and asks `matchMedia('')` for
 * a column without one; the test setup's matchMedia matches nothing, so the tables would render
 * rows without cells. Here the empty query matches, as in a browser.
 */
export function showTableColumns(): void {
  const setup = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...setup(query),
    matches: query === '',
  })) as typeof window.matchMedia;
}

/** Before a file's tests: the back office's words, and tables that show their cells. */
export function prepareDeskTests(): void {
  prepareBackofficeTests();
  showTableColumns();
  // A table's pager scrolls it back to its top; jsdom's elements do not scroll.
  Element.prototype.scrollTo = () => undefined;
}

/**
 * After each test: the fake server and the cache forgotten, an action left waiting for a fresh
 * code stopped, and the toasts gone (Mantine keeps them in a store of its own, and queues new
 * ones behind three still showing).
 */
export function resetDesk(fetchMock: Mock<typeof fetch>): void {
  freshCodeCancelled();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
  notifications.clean();
}

export function renderDesk(path: string) {
  const router = createMemoryRouter(backofficeRoutes, { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/**
 * A test file's fake server, set up around each test (the fetch stubbed, then everything
 * forgotten): `serve` answers as a staff member of the role, `sent` lists what the screen sent.
 */
export function deskTests() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeAll(prepareDeskTests);
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => resetDesk(fetchMock));
  return {
    serve: (role: StaffRole, routes: DeskRoutes) => serveDesk(fetchMock, role, routes),
    sent: () => sentCalls(fetchMock),
  };
}
