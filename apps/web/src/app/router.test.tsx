import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { useSessionStore } from '../lib/session-store';
import { memberProfile, walletAnswer } from '../test/fixtures';
import { jsonResponse, renderWithProviders } from '../test/render';
import { callsTo } from '../test/serve';
import { routes } from './router';

const fetchMock = vi.fn<typeof fetch>();
/**
 * Screens are lazy routes: the first time a test file reaches one, Vite compiles its module
 * graph, which can take seconds on a busy two-core machine.
 */
const lazyScreen = { timeout: 15_000 };
let terminated = false;

function answer(url: string): Response {
  if (url === '/api/lookup/active') return jsonResponse({ terminated });
  if (url === '/api/lookup/info')
    return jsonResponse({ name: 'Lucky Wallet', website: 'lucky.example' });
  if (url === '/api/lookup/contact') {
    return jsonResponse({ contactText: 'Call us', lineLink: '', lineName: '@lucky', lineQR: '' });
  }
  if (url === '/api/account/profile') return jsonResponse(memberProfile);
  if (url === '/api/bonus') return jsonResponse({ bonuses: [], running: null });
  return jsonResponse({ success: true });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** What the router's loaders asked for before the first screen could show. */
function callsBeforeFirstScreen(router: ReturnType<typeof renderAt>): Promise<string[]> {
  return new Promise((resolve) => {
    const stop = router.subscribe(({ initialized, navigation }) => {
      if (!initialized || navigation.state !== 'idle') return;
      stop();
      resolve(fetchMock.mock.calls.map(([url]) => String(url)).sort());
    });
  });
}

beforeEach(() => {
  terminated = false;
  fetchMock.mockImplementation(async (url) => answer(String(url)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('routes', { timeout: 20_000 }, () => {
  it('sends / to the login page when nobody is signed in', async () => {
    const router = renderAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("starts the visitor's sign-in screen with the one call its guard waits for", async () => {
    const waitedFor = await callsBeforeFirstScreen(renderAt('/login'));
    expect(waitedFor).toEqual(['/api/lookup/active']);
  });

  it('opens the member home for a stored token', async () => {
    useSessionStore.getState().signIn('token', false);
    const router = renderAt('/user');
    expect(await screen.findByText('Total balance', {}, lazyScreen)).toBeInTheDocument();
    expect(await screen.findByText('Malee')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/home');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Language/ })).toBeInTheDocument();
  });

  it('goes to the closed-service page when the service is terminated', async () => {
    terminated = true;
    const router = renderAt('/login');
    expect(
      await screen.findByRole('heading', { name: 'Service closed' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terminated');
  });

  it('shows Page Not Found for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(
      await screen.findByRole('heading', { name: 'Page Not Found' }, lazyScreen),
    ).toBeInTheDocument();
  });

  it('opens the bonus page at /user/bonus', async () => {
    useSessionStore.getState().signIn('token', false);
    renderAt('/user/bonus');
    expect(await screen.findByRole('heading', { name: 'Bonus' }, lazyScreen)).toBeInTheDocument();
    expect(await screen.findByText('No bonuses are offered right now.')).toBeInTheDocument();
  });

  it('drops a stored token when the public shell opens', async () => {
    useSessionStore.getState().signIn('left-over', true);
    renderAt('/contact');
    expect(
      await screen.findByRole('heading', { name: 'Contact us' }, lazyScreen),
    ).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/logout')).toBe(true);
  });
});

describe('the member’s first screen', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    // The shell's and the home's chunks compiled beforehand: what the test waits for is data.
    await import('./member-first-screen');
    useSessionStore.getState().signIn('token', false);
  });

  afterEach(() => {
    // Unmounted before the cache is emptied, or a screen still shown fills it again.
    cleanup();
    queryClient.clear();
  });

  /** /api/wallet held until `release()`; every other call answered at once. */
  function holdWallet() {
    let release = () => {};
    const came = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (url) => {
      if (String(url) !== '/api/wallet') return answer(String(url));
      await came;
      return jsonResponse(walletAnswer);
    });
    return () => release();
  }

  it('shows the home once, with the balance, when the wallet has answered', async () => {
    const errors = vi.spyOn(console, 'error');
    const release = holdWallet();
    renderAt('/user/home');
    await waitFor(() => expect(callsTo(fetchMock, '/api/wallet')).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Total balance')).toBeNull();

    release();
    expect(await screen.findByText('Total balance', {}, lazyScreen)).toBeInTheDocument();
    // At the home's first appearance, not after a second render.
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('150.35');
    // No component's store changed under another's render (the site credit's lookup did).
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/Cannot update a component/);
    errors.mockRestore();
  });

  it('does not wait for a balance it holds: it shows it and asks again behind the screen', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/wallet' ? jsonResponse(walletAnswer) : answer(String(url)),
    );
    const router = renderAt('/user/home');
    expect(await screen.findByTestId('wallet-total', {}, lazyScreen)).toHaveTextContent('150.35');
    await act(() => router.navigate('/user/bonus'));
    expect(await screen.findByRole('heading', { name: 'Bonus' }, lazyScreen)).toBeInTheDocument();

    holdWallet(); // never released
    await queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all, refetchType: 'none' });
    const asked = callsTo(fetchMock, '/api/wallet');
    await act(() => router.navigate('/user/home'));
    expect(await screen.findByTestId('wallet-total')).toHaveTextContent('150.35');
    await waitFor(() => expect(callsTo(fetchMock, '/api/wallet')).toBeGreaterThan(asked));
  });

  it("starts a member's first screen with the calls it paints from, before it shows", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/wallet' ? jsonResponse(walletAnswer) : answer(String(url)),
    );
    const expected: Record<string, string[]> = {
      '/user': ['/api/account/profile', '/api/wallet'],
      '/user/home': ['/api/account/profile', '/api/wallet'],
      '/user/profile': ['/api/account/profile'],
    };
    for (const [path, calls] of Object.entries(expected)) {
      fetchMock.mockClear();
      const waitedFor = await callsBeforeFirstScreen(renderAt(path));
      expect(waitedFor).toEqual(calls);
      cleanup();
      queryClient.clear();
    }
  });

  it('shows the home when the wallet call fails, without waiting for its retry', async () => {
    let walletCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (String(url) !== '/api/wallet') return answer(String(url));
      walletCalls += 1;
      // The first call fails; the retries the card makes behind the screen never answer.
      if (walletCalls === 1) {
        return jsonResponse({ code: 'INTERNAL_SERVER_ERROR', message: 'down' }, 500);
      }
      return new Promise<Response>(() => {});
    });
    renderAt('/user/home');
    expect(await screen.findByText('Total balance', {}, lazyScreen)).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-total')).toBeNull();
  });
});
