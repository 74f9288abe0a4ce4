import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../lib/when-settled');
});

/**
 * The toast host loads once the page has settled; a toast shown before then, when the first
 * screen is still loading or never reports itself shown, must show all the same.
 */
describe('the toast host', () => {
  it('shows an error toast at once, long before the page has settled', async () => {
    vi.resetModules();
    // A page that never settles (lib/when-settled.ts fails open too, but later).
    vi.doMock('../lib/when-settled', () => ({ whenSettled: () => () => {} }));
    const [{ AppProviders }, { showErrorMessage }] = await Promise.all([
      import('./providers'),
      import('../lib/alerts'),
    ]);
    render(
      <AppProviders>
        <p>screen</p>
      </AppProviders>,
    );
    showErrorMessage('The server could not be reached.', 'An error occured');
    expect(
      await screen.findByText('The server could not be reached.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
