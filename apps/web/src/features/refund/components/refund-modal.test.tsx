import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundCheckResponse } from '@wallet/contract/refund';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { callsTo, type Routes, servePaths } from '../../../test/serve';
import { RefundModal } from './refund-modal';

const fetchMock = vi.fn<typeof fetch>();

function check(overrides: Partial<RefundCheckResponse> = {}): RefundCheckResponse {
  return {
    result: true,
    bonus: false,
    info: '<p>Refunds of rounds played before today.</p>',
    refundAmount: 12.5,
    refundSuccess: 0.5,
    refundFail: 5,
    received: 7.5,
    ...overrides,
  };
}

const serve = (routes: Routes) => servePaths(fetchMock, routes);
const calls = (path: string) => callsTo(fetchMock, path);

function routes(answer: RefundCheckResponse, extra: Routes = {}): Routes {
  return {
    '/api/refund/check': () => jsonResponse(answer),
    '/api/refund': () =>
      jsonResponse({
        total: 1,
        refunds: [{ refundAmount: 7.25, createdAt: '2026-03-01T00:00:00Z' }],
      }),
    ...extra,
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  notifications.clean();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the refund modal', () => {
  it('shows the refund ready, its rates, the operator info and the log; receive is on', async () => {
    serve(routes(check()));
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    expect(await screen.findByTestId('refund-amount')).toHaveTextContent('12.50 baht');
    expect(screen.getByTestId('refund-success')).toHaveTextContent('0.5%');
    expect(screen.getByTestId('refund-fail')).toHaveTextContent('5%');
    expect(screen.getByText('Refunds of rounds played before today.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Receive refund' })).toBeEnabled();
    const log = await screen.findByRole('table', { name: 'Refund log' });
    expect(within(log).getByText('7.25 baht')).toBeInTheDocument();
  });

  it("says 'not found' with no refund, and receiving is off", async () => {
    serve(routes(check({ result: false, refundAmount: 0 })));
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    expect(await screen.findByText('No refund found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  });

  it('turns receiving off with the condition text while a bonus runs', async () => {
    serve(routes(check({ bonus: true })));
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    expect(await screen.findByTestId('refund-blocked')).toHaveTextContent(
      'A refund cannot be received while a bonus is running.',
    );
    expect(screen.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  });

  it('shows a receive error and checks the refund state again', async () => {
    const user = userEvent.setup();
    serve(
      routes(check(), {
        '/api/refund/receive': () =>
          jsonResponse({ code: 'REFUND_CONDITION', message: 'bonus running' }, 409),
      }),
    );
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Receive refund' }));
    expect(
      await screen.findByText('A refund cannot be received while a bonus is active.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/refund/check')).toBe(2));
  });

  it('receives the refund into the log with a success toast', async () => {
    const user = userEvent.setup();
    serve(
      routes(check(), { '/api/refund/receive': () => jsonResponse({ message: 'REFUND_SUCCESS' }) }),
    );
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Receive refund' }));
    expect(await screen.findByText('The refund has been received.')).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/refund')).toBe(2));
  });

  it('offers no refund to wallet while nothing received waits for it', async () => {
    serve(routes(check({ received: 0 })));
    renderWithProviders(<RefundModal opened onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Refund to wallet' })).toBeDisabled();
  });

  it('asks before the refund goes to the wallet, showing the rates, then closes', async () => {
    const user = userEvent.setup();
    const wallet = { amount: 112.5, cash: 112.5, bonus: 0 };
    serve(
      routes(check(), {
        '/api/refund/addWallet': () => jsonResponse({ success: true, amount: 12.5, wallet }),
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<RefundModal opened onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Refund to wallet' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Move your refunds to your wallet?',
    });
    expect(confirm).toHaveTextContent('Refund rates: success 0.5%, fail 5%.');
    expect(calls('/api/refund/addWallet')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Move to wallet' }));
    expect(await screen.findByText('12.50 baht refund moved to your wallet.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the refund-to-wallet error and stays open', async () => {
    const user = userEvent.setup();
    serve(
      routes(check(), {
        '/api/refund/addWallet': () => jsonResponse({ code: 'NO_REFUND', message: 'none' }, 400),
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<RefundModal opened onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Refund to wallet' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Move your refunds to your wallet?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Move to wallet' }));
    expect(await screen.findByText('There is no refund to receive.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
