import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeServer } from '../lib/connectivity';
import { queryClient } from '../lib/query-client';
import { jsonResponse, renderWithProviders } from '../test/render';
import { OfflineScreen } from './offline-screen';

const fetchMock = vi.fn<typeof fetch>();
const serverAnswers = () => fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
const serverGone = () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  // Back to a reachable server for the next test (the connectivity state is the page's).
  serverAnswers();
  await act(async () => {
    window.dispatchEvent(new Event('online'));
    await probeServer();
  });
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const title = () => screen.queryByRole('heading', { name: 'No connection' });

/** A screen's query that fails while the server is away and succeeds once it is back. */
function Balance({ ask }: { ask: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['balance-test'], queryFn: ask, retry: false });
  return <p>{data ?? 'no balance'}</p>;
}

describe('the offline screen', () => {
  it('is not there while the server can be reached', () => {
    renderWithProviders(<OfflineScreen />);
    expect(title()).not.toBeInTheDocument();
  });

  it('covers the page while the browser is offline, and goes once it is back and the server answers', async () => {
    renderWithProviders(
      <>
        <p>the screen under it</p>
        <OfflineScreen />
      </>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(title()).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'No connection' })).toHaveAttribute('open');
    // The screen under it is kept, with whatever its member had typed.
    expect(screen.getByText('the screen under it')).toBeInTheDocument();

    serverAnswers();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(title()).not.toBeInTheDocument();
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
  });

  it('says so when Try again still cannot reach the server, and closes and asks again what failed once it can', async () => {
    serverGone();
    const ask = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('no answer'));
    renderWithProviders(
      <>
        <Balance ask={ask} />
        <OfflineScreen />
      </>,
    );
    await act(async () => {
      await probeServer();
    });
    expect(title()).toBeInTheDocument();
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Still no connection. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(title()).toBeInTheDocument();

    serverAnswers();
    ask.mockResolvedValue('1,000.00');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(title()).not.toBeInTheDocument());
    expect(await screen.findByText('1,000.00')).toBeInTheDocument();
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('cannot be closed with Escape while the server is out of reach', async () => {
    serverGone();
    renderWithProviders(<OfflineScreen />);
    await act(async () => {
      await probeServer();
    });
    const dialog = screen.getByRole('dialog', { name: 'No connection' });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
  });
});
