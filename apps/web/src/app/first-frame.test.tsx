import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render';
import { routes } from './router';

/**
 * In a file of its own: the router module's first-frame promise is settled once per module
 * instance, by the first router rendered.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first navigation', () => {
  it('ends no sooner than the app has shown its first frame, so no answer is lost', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ terminated: false })),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    // /login's guard has its answer at once, but nothing has rendered the router yet: had the
    // navigation ended here, a RouterProvider rendering now might never hear of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.initialized).toBe(false);

    renderWithProviders(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.initialized).toBe(true);
  });
});
