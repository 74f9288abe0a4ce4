import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Adjustment } from '@wallet/contract/desk';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const adjustment = (id: number): Adjustment => ({
  id,
  status: 'pending',
  kind: 'adjustment',
  bankReference: null,
  slipId: null,
  memberId: 12,
  amount: id,
  currency: 'BAHT',
  reason: `Goodwill ${id}`,
  requestedBy: 'finance',
  decidedBy: null,
  decisionReason: null,
  createdAt: new Date(Date.UTC(2024, 0, 5, 3, id)).toISOString(),
  decidedAt: null,
});

const asked = () =>
  desk
    .sent()
    .map(({ call }) => call)
    .filter((call) => call.startsWith('GET /api/backoffice/adjustments'));

describe('the adjustments queue', { timeout: 30_000 }, () => {
  it('asks the server for one page at a time, in the order chosen, and says where it is', async () => {
    const user = userEvent.setup();
    desk.serve('admin', {
      'GET /api/backoffice/adjustments': () =>
        jsonResponse({
          adjustments: Array.from({ length: 25 }, (_, i) => adjustment(i + 1)),
          total: 30,
        }),
    });
    renderDesk('/backoffice/adjustments');

    await screen.findByRole('row', { name: /Goodwill 25/ }, lazyScreen);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(asked().at(-1)).toBe(
        'GET /api/backoffice/adjustments?status=pending&page=2&limit=25&sort=createdAt&order=desc',
      ),
    );
    // Another order starts from the first page again (a new column keeps the direction).
    await user.click(
      within(screen.getByRole('table', { name: 'Adjustments' })).getByText('Amount'),
    );
    await waitFor(() =>
      expect(asked().at(-1)).toBe(
        'GET /api/backoffice/adjustments?status=pending&page=1&limit=25&sort=amount&order=desc',
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    await waitFor(() =>
      expect(asked().at(-1)).toBe(
        'GET /api/backoffice/adjustments?status=approved&page=1&limit=25&sort=amount&order=desc',
      ),
    );
  });

  it('says before the click that one’s own request goes to another staff member', async () => {
    desk.serve('finance', {
      'GET /api/backoffice/adjustments': () =>
        jsonResponse({ adjustments: [adjustment(7)], total: 1 }),
    });
    renderDesk('/backoffice/adjustments');

    const row = await screen.findByRole('row', { name: /Goodwill 7/ }, lazyScreen);
    expect(within(row).getByRole('button', { name: 'Approve adjustment 7' })).toHaveAttribute(
      'title',
      'You asked for this one: another staff member must decide it.',
    );
  });
});
