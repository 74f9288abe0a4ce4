import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { memberProfile } from '../test/fixtures';
import { jsonResponse, renderWithProviders } from '../test/render';
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

  it('opens the member home for a stored token', async () => {
    useSessionStore.getState().signIn('token', false);
    const router = renderAt('/user');
    expect(await screen.findByText('Total balance', {}, lazyScreen)).toBeInTheDocument();
    expect(await screen.findByText('Malee')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/home');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language' })).toBeInTheDocument();
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
