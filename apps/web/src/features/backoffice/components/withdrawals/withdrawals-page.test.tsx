import { screen, within } from '@testing-library/react';
import type { WithdrawalReview } from '@wallet/contract/desk';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const kanya: WithdrawalReview = {
  id: 5,
  memberId: 12,
  username: '0812345678',
  name: 'Kanya',
  amount: 6000,
  currency: 'BAHT',
  bankCode: 'KTB',
  bankAccountNo: '1234567890',
  createdAt: new Date(Date.now() - 65 * 60_000).toISOString(),
  status: 'waiting',
  decidedBy: null,
  reason: null,
  memberSince: new Date(Date.UTC(2024, 0, 5)).toISOString(),
  depositsToday: 7000,
  withdrawalsToday: 0,
  bonusRunning: true,
  bonus: null,
  flags: [
    {
      kind: 'bonus-then-withdrawal',
      bonusAt: '2024-01-05T03:00:00Z',
      withdrawalAt: '2024-01-05T04:00:00Z',
      amount: 6000,
    },
    { kind: 'same-device', members: [{ id: 31, username: '0899999999' }] },
  ],
};

describe('the withdrawals queue', { timeout: 30_000 }, () => {
  it('heads the queue with the whole state’s figures the server counts, and shows what decides inline', async () => {
    desk.serve('viewer', {
      'GET /api/backoffice/withdrawals': () =>
        jsonResponse({
          withdrawals: [kanya],
          total: 61,
          summary: {
            totals: [
              { currency: 'BAHT', count: 60, amount: 360_000 },
              { currency: 'LAK', count: 1, amount: 3_500_000 },
            ],
            oldestAt: kanya.createdAt,
          },
        }),
    });
    renderDesk('/backoffice/withdrawals');

    const row = await screen.findByRole('row', { name: /Kanya/ }, lazyScreen);
    expect(screen.getByTestId('withdrawals-count')).toHaveTextContent('61');
    const summary = screen.getByLabelText('Summary');
    expect(summary).toHaveTextContent('360,000.00 baht');
    expect(summary).toHaveTextContent('3,500,000.00 kip');
    expect(summary).toHaveTextContent('1 h 5 min');

    expect(row).toHaveTextContent('Right after a bonus');
    expect(row).toHaveTextContent('Shared device');
    expect(row).toHaveTextContent('Bonus running');
    // A viewer reads the queue but decides nothing.
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();
  });
});
