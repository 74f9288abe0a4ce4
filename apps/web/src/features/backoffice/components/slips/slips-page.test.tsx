import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import type { UndecidedSlip } from '../../api/get-slips';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const slip: UndecidedSlip = {
  id: 4,
  memberId: 12,
  username: '0812345678',
  currency: 'BAHT',
  note: 'UNSTABLE_REFNO_ON_SLIP',
  createdAt: new Date(Date.UTC(2024, 0, 5, 3, 0)).toISOString(),
  link: '/api/slips/image/4?expires=1704430800&signature=abc',
  pending: null,
};

/** Slip 4 once finance asked to credit it: adjustment 9 waits for a second staff member. */
const asked: UndecidedSlip = {
  ...slip,
  pending: { adjustmentId: 9, requestedBy: 'finance', amount: 1500.25, reference: 'BBL0001234' },
};

const listing = (slips: UndecidedSlip[]) => () => jsonResponse({ slips });

const routes = {
  'GET /api/backoffice/slips': listing([slip]),
  'POST /api/backoffice/slips/4/credit': () => jsonResponse({ id: 9, status: 'pending' }),
  'POST /api/backoffice/slips/4/reject': () => jsonResponse({ success: true }),
};

describe('the slips to check', { timeout: 30_000 }, () => {
  it('show each slip’s picture through its signed link, and what the verifier said', async () => {
    desk.serve('finance', routes);
    renderDesk('/backoffice/slips');

    const row = await screen.findByRole('row', { name: /0812345678/ }, lazyScreen);
    const open = within(row).getByRole('link', { name: 'Open the picture of slip 4' });
    expect(open).toHaveAttribute('href', slip.link);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.querySelector('img')).toHaveAttribute('src', slip.link);
    expect(row).toHaveTextContent('unreadable reference (UNSTABLE_REFNO_ON_SLIP)');
    expect(within(row).getByRole('link', { name: '#12' })).toHaveAttribute(
      'href',
      '/backoffice/members/12',
    );
  });

  it('ask to credit a slip with the amount and reference read off it, refusing an empty amount', async () => {
    const user = userEvent.setup();
    desk.serve('finance', routes);
    renderDesk('/backoffice/slips');

    await user.click(await screen.findByRole('button', { name: 'Credit slip 4' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'Credit slip #4 of 0812345678' });
    await user.type(within(dialog).getByLabelText('Bank reference'), 'BBL0001234');
    await user.type(within(dialog).getByLabelText('Reason'), 'Amount and reference readable');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await within(dialog).findByText('Enter an amount above 0, with at most 2 decimals.'),
    ).toBeInTheDocument();
    expect(desk.sent().filter(({ call }) => call.startsWith('POST'))).toEqual([]);

    await user.type(within(dialog).getByLabelText('Amount (BAHT)'), '1500.25');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Slip #4 was sent for approval.')).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/slips/4/credit',
      body: { amount: 1500.25, reference: 'BBL0001234', reason: 'Amount and reference readable' },
    });
  });

  it('refuse a slip with a reason of the table the member reads, the verifier’s offered first', async () => {
    const user = userEvent.setup();
    desk.serve('admin', routes);
    renderDesk('/backoffice/slips');

    await user.click(await screen.findByRole('button', { name: 'Refuse slip 4' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse slip #4 of 0812345678' });
    const note = within(dialog).getAllByLabelText('Reason the member sees')[0] as HTMLElement;
    expect(note).toHaveValue('unreadable reference (UNSTABLE_REFNO_ON_SLIP)');
    await user.click(note);
    await user.click(await screen.findByRole('option', { name: 'expired slip (EXPIRED_SLIP)' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Transfer is from last month');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));

    expect(await screen.findByText('Slip #4 was refused.')).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/slips/4/reject',
      body: { note: 'EXPIRED_SLIP', reason: 'Transfer is from last month' },
    });
  });

  it('show that a credit waits for approval, who asked and for how much, and offer no second one', async () => {
    const user = userEvent.setup();
    let current = asked;
    desk.serve('admin', {
      ...routes,
      'GET /api/backoffice/slips': () => listing([current])(),
      'POST /api/backoffice/adjustments/9/reject': () => {
        current = slip;
        return jsonResponse({ id: 9, status: 'rejected' });
      },
    });
    renderDesk('/backoffice/slips');

    const row = await screen.findByRole('row', { name: /Waiting for approval/ }, lazyScreen);
    expect(row).toHaveTextContent('finance asked to credit 1,500.25 baht, reference BBL0001234');
    expect(within(row).queryByRole('button', { name: 'Credit slip 4' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Refuse slip 4' })).toBeNull();

    // Another staff member rejects the credit (read wrong): the slip can be credited again.
    await user.click(within(row).getByRole('button', { name: 'Reject adjustment 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject adjustment #9?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'The amount is 1,050.25');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Adjustment #9 rejected.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /0812345678/ })).toHaveTextContent('Not asked'),
    );
    expect(screen.getByRole('button', { name: 'Credit slip 4' })).toBeInTheDocument();
  });

  it('let finance, who asked for the credit, see it wait without deciding it themselves', async () => {
    desk.serve('finance', { ...routes, 'GET /api/backoffice/slips': listing([asked]) });
    renderDesk('/backoffice/slips');

    const row = await screen.findByRole('row', { name: /Waiting for approval/ }, lazyScreen);
    expect(within(row).getByRole('button', { name: 'Approve adjustment 9' })).toHaveAttribute(
      'title',
      'You asked for this one: another staff member must decide it.',
    );
  });
});
