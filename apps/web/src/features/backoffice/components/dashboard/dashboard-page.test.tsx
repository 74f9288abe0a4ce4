import { screen, within } from '@testing-library/react';
import type { Dashboard } from '@wallet/contract/desk';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const busyDay: Dashboard = {
  day: '2024-01-05',
  currencies: [
    {
      currency: 'BAHT',
      deposits: [
        { channel: 'bank', count: 3, amount: 1500.1 },
        { channel: 'qr', count: 1, amount: 100.2 },
      ],
      withdrawals: { count: 2, amount: 800 },
      paid: { count: 1, amount: 300 },
    },
    {
      currency: 'LAK',
      deposits: [{ channel: 'bank', count: 1, amount: 250_000 }],
      withdrawals: { count: 0, amount: 0 },
      paid: { count: 0, amount: 0 },
    },
  ],
  members: { registered: 4, firstDeposits: 2 },
  waiting: [
    { what: 'withdrawals', count: 2, oldest: minutesAgo(125) },
    { what: 'adjustments', count: 1, oldest: minutesAgo(10) },
    { what: 'bank-transfers', count: 3, oldest: minutesAgo(30) },
    { what: 'held-transfers', count: 0, oldest: null },
    { what: 'slips', count: 1, oldest: minutesAgo(8) },
    { what: 'chats', count: 5, oldest: minutesAgo(3) },
  ],
};

describe('the dashboard', { timeout: 30_000 }, () => {
  it('is where signing in lands, with each currency’s day apart: baht and kip never added', async () => {
    desk.serve('finance', { '/api/backoffice/dashboard': () => jsonResponse(busyDay) });
    const router = renderDesk('/backoffice');

    const baht = await screen.findByRole('region', { name: 'Thai baht (BAHT)' }, lazyScreen);
    expect(router.state.location.pathname).toBe('/backoffice/dashboard');
    expect(
      screen.getByText('Today, 2024-01-05 (Bangkok and Vientiane time). Read again every minute.'),
    ).toBeInTheDocument();
    // 1,500.10 + 100.20 in minor units: 1,600.30, not 1,600.3000000000002.
    expect(within(baht).getByTestId('deposits-BAHT')).toHaveTextContent('1,600.30 baht');
    expect(within(baht).getByText('4 deposits')).toBeInTheDocument();
    expect(within(baht).getByTestId('withdrawals-BAHT')).toHaveTextContent('800.00 baht');
    expect(within(baht).getByTestId('paid-BAHT')).toHaveTextContent('300.00 baht');
    const channels = within(baht).getByRole('table', {
      name: 'Deposits in Thai baht (BAHT) by channel',
    });
    expect(
      within(channels).getByRole('row', { name: /Bank transfer and slips/ }),
    ).toHaveTextContent('1,500.10 baht');

    const kip = screen.getByRole('region', { name: 'Lao kip (LAK)' });
    expect(within(kip).getByTestId('deposits-LAK')).toHaveTextContent('250,000.00 kip');
    expect(within(kip).getByText('1 deposit')).toBeInTheDocument();
    expect(screen.queryByText(/251,600/)).not.toBeInTheDocument();

    expect(screen.getByTestId('members-registered')).toHaveTextContent('4');
    expect(screen.getByTestId('members-first-deposits')).toHaveTextContent('2');
  });

  it('shows what waits with its oldest wait, each opening its queue for a role that may use it', async () => {
    desk.serve('support', { '/api/backoffice/dashboard': () => jsonResponse(busyDay) });
    renderDesk('/backoffice/dashboard');

    const waiting = await screen.findByRole('region', { name: 'Waiting for staff' }, lazyScreen);
    expect(within(waiting).getByTestId('waiting-withdrawals')).toHaveTextContent('2');
    expect(within(waiting).getByText('Oldest waits 2 h 5 min')).toBeInTheDocument();
    expect(within(waiting).getByText('Nothing waiting')).toBeInTheDocument();
    // Support answers chats and asks providers again; withdrawals and adjustments are not theirs.
    expect(
      within(waiting).getByRole('link', { name: /Chats with unread messages/ }),
    ).toHaveAttribute('href', '/backoffice/chat');
    expect(within(waiting).getByRole('link', { name: /Game transfers held/ })).toHaveAttribute(
      'href',
      '/backoffice/held-transfers',
    );
    expect(within(waiting).queryByRole('link', { name: /Withdrawals to approve/ })).toBeNull();
    expect(within(waiting).queryByRole('link', { name: /Adjustments to approve/ })).toBeNull();
    expect(
      within(waiting).queryByRole('link', { name: /Bank transfers nobody matched/ }),
    ).toBeNull();
  });

  it('says so on a day no money has moved yet', async () => {
    desk.serve('viewer', {
      '/api/backoffice/dashboard': () =>
        jsonResponse({ ...busyDay, currencies: [], members: { registered: 0, firstDeposits: 0 } }),
    });
    renderDesk('/backoffice/dashboard');
    expect(
      await screen.findByText('No money has moved today yet.', {}, lazyScreen),
    ).toBeInTheDocument();
  });

  it('says the dashboard could not be loaded when the server fails', async () => {
    desk.serve('viewer', {
      '/api/backoffice/dashboard': () => jsonResponse({ code: 'SERVER_ERROR', message: 'x' }, 500),
    });
    renderDesk('/backoffice/dashboard');
    expect(
      await screen.findByText('The dashboard could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
