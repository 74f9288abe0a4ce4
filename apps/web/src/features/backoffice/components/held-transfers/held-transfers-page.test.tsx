import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeldTransfer } from '@wallet/contract/desk';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const held = (id: number, amount: number, currency: string): HeldTransfer => ({
  id,
  memberId: 12,
  from: 'WALLET',
  to: 'PG',
  providerCode: 'PG',
  amount,
  currency,
  createdAt: new Date(Date.now() - 95 * 60_000).toISOString(),
});

describe('the held game transfers', { timeout: 30_000 }, () => {
  it('list what is held, per currency, and say when the provider still does not answer', async () => {
    const user = userEvent.setup();
    desk.serve('support', {
      'GET /api/backoffice/transfers/held': () =>
        jsonResponse({ transfers: [held(41, 300, 'BAHT'), held(42, 50_000, 'LAK')] }),
      'POST /api/backoffice/transfers/41/retry': () =>
        jsonResponse({ id: 41, status: 'processing' }),
    });
    renderDesk('/backoffice/held-transfers');

    const row = await screen.findByRole('row', { name: /^41/ }, lazyScreen);
    expect(row).toHaveTextContent('300.00 baht');
    expect(screen.getByTestId('held-transfers-count')).toHaveTextContent('2');
    const summary = screen.getByLabelText('Summary');
    expect(summary).toHaveTextContent('300.00 baht');
    expect(summary).toHaveTextContent('50,000.00 kip');
    expect(summary).toHaveTextContent('1 h 35 min');

    await user.click(
      within(row).getByRole('button', { name: 'Ask the provider again about transfer 41' }),
    );
    expect(
      await screen.findByText('The provider still does not answer: transfer #41 stays held.'),
    ).toBeInTheDocument();
  });

  it('settle one as the provider answers, and read the list again', async () => {
    const user = userEvent.setup();
    let transfers = [held(41, 300, 'BAHT')];
    desk.serve('finance', {
      'GET /api/backoffice/transfers/held': () => jsonResponse({ transfers }),
      'POST /api/backoffice/transfers/41/retry': () => {
        transfers = [];
        return jsonResponse({ id: 41, status: 'failed' });
      },
    });
    renderDesk('/backoffice/held-transfers');

    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Ask the provider again about transfer 41' },
        lazyScreen,
      ),
    );
    expect(
      await screen.findByText("Transfer #41 failed: the money is back in the member's wallet."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /^41/ })).toBeNull());
    expect(desk.sent().map(({ call }) => call)).toEqual([
      'GET /api/backoffice/transfers/held',
      'POST /api/backoffice/transfers/41/retry',
      'GET /api/backoffice/transfers/held',
    ]);
  });

  it('show a viewer the list without asking the provider', async () => {
    desk.serve('viewer', {
      'GET /api/backoffice/transfers/held': () =>
        jsonResponse({ transfers: [held(41, 300, 'BAHT')] }),
    });
    renderDesk('/backoffice/held-transfers');

    await screen.findByRole('row', { name: /^41/ }, lazyScreen);
    expect(screen.queryByRole('button', { name: /Ask the provider again/ })).toBeNull();
  });
});
