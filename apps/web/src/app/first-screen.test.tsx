import { screen } from '@testing-library/react';
import {
  createMemoryRouter,
  type NonIndexRouteObject,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

/**
 * The work that waits for the page to settle (the toast host, the member's chat socket) waits
 * for the first screen to be shown; a screen that starts no lookup must still count as one.
 * Each test loads the router and next-paint afresh: the first screen is once per page.
 */
async function freshApp() {
  vi.resetModules();
  const [{ routes }, { firstScreenShown }] = await Promise.all([
    import('./router'),
    import('../lib/next-paint'),
  ]);
  return { routes, firstScreenShown };
}

/** Whether `promise` has settled within `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first screen', () => {
  it('is shown once the first navigation has drawn a screen that asks nothing (the 404)', async () => {
    // Whatever the page asks is refused: the 404 page asks nothing.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    const { routes, firstScreenShown } = await freshApp();
    const router = createMemoryRouter(routes, { initialEntries: ['/no-such-page'] });
    expect(await settledWithin(firstScreenShown(), 300)).toBe(false);

    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('404', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(await settledWithin(firstScreenShown(), 300)).toBe(true);
  });

  it('is shown when the first navigation ends on the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { routes, firstScreenShown } = await freshApp();
    // The app's root route (its layout and error page), over one child whose guard fails.
    const root = routes[0] as NonIndexRouteObject;
    const failing: RouteObject[] = [
      {
        ...root,
        children: [
          {
            path: '/',
            element: <p>never drawn</p>,
            loader: () => {
              throw new Error('the guard failed');
            },
          },
        ],
      },
    ];
    const router = createMemoryRouter(failing, { initialEntries: ['/'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('button', { name: 'Reload' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await settledWithin(firstScreenShown(), 300)).toBe(true);
  });
});
