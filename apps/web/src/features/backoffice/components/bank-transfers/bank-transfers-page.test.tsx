import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KeptTransfer } from '@wallet/contract/desk';
import type { MemberSummary } from '@wallet/contract/staff-members';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();
const at = (minute: number) => new Date(Date.UTC(2024, 0, 5, 3, minute)).toISOString();

const kept: KeptTransfer = {
  reference: 'SCB-REF-1',
  bankCode: 'SCB',
  accountNo: '1112223333',
  amount: 500,
  currency: 'BAHT',
  toAccountNo: '4071234567',
  receivedAt: at(0),
  pending: null,
};

/** The same transfer once finance assigned it: adjustment 7 waits for a second staff member. */
const assigned: KeptTransfer = {
  ...kept,
  pending: { adjustmentId: 7, requestedBy: 'finance', memberId: 12 },
};

const member = (id: number, currency: string, name: string): MemberSummary => ({
  id,
  username: `08123456${id}`,
  name,
  active: true,
  bankCode: 'SCB',
  bankAccountNo: '9998887777',
  currency,
  createdAt: at(0),
});

describe('the kept bank transfers', { timeout: 30_000 }, () => {
  it('let finance assign one to a member of its currency, which then waits for approval', async () => {
    const user = userEvent.setup();
    let transfer = kept;
    desk.serve('finance', {
      'GET /api/backoffice/bank-transfers': () => jsonResponse({ transfers: [transfer] }),
      'GET /api/backoffice/members': () =>
        jsonResponse({
          members: [member(12, 'BAHT', 'Somchai'), member(13, 'LAK', 'Khamla')],
          total: 2,
        }),
      'POST /api/backoffice/bank-transfers/SCB-REF-1/assign': () => {
        transfer = assigned;
        return jsonResponse({ id: 7, status: 'pending' });
      },
    });
    renderDesk('/backoffice/bank-transfers');

    const row = await screen.findByRole('row', { name: /SCB-REF-1/ }, lazyScreen);
    expect(row).toHaveTextContent('SCB 111-222-3333');
    expect(row).toHaveTextContent('500.00 baht');
    expect(row).toHaveTextContent('Not assigned');
    await user.click(within(row).getByRole('button', { name: 'Assign transfer SCB-REF-1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign transfer SCB-REF-1' });
    expect(dialog).toHaveTextContent('500.00 baht from SCB 111-222-3333');
    // Nobody chosen yet: the form says so and sends nothing.
    await user.type(within(dialog).getByLabelText('Reason'), 'Sender named the member in the note');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await within(dialog).findByText('Choose the member the transfer belongs to.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Find the member'), '08123456{Enter}');
    await user.click(within(dialog).getAllByLabelText('Member')[0] as HTMLElement);
    // Only a wallet of the transfer's currency may take it.
    expect(await screen.findByRole('option', { name: /Khamla/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: /Somchai/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));

    expect(
      await screen.findByText('Transfer SCB-REF-1 was sent for approval.'),
    ).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/bank-transfers/SCB-REF-1/assign',
      body: { memberId: 12, reason: 'Sender named the member in the note' },
    });
    // The list read again says who it waits on; its maker cannot approve it (maker-checker).
    const waiting = await screen.findByRole('row', { name: /Waiting for approval/ });
    expect(waiting).toHaveTextContent('To member #12, assigned by finance (adjustment #7)');
    expect(within(waiting).getByRole('button', { name: 'Approve adjustment 7' })).toHaveAttribute(
      'title',
      'You asked for this one: another staff member must decide it.',
    );
    // The transfer's own `pending` says it: the adjustments queue is not read to match it up.
    expect(desk.sent().map(({ call }) => call)).not.toContainEqual(
      expect.stringMatching(/^GET \/api\/backoffice\/adjustments/),
    );
  });

  it('let another staff member approve the assignment, asking for a fresh code first', async () => {
    const user = userEvent.setup();
    let fresh = false;
    desk.serve('admin', {
      'GET /api/backoffice/bank-transfers': () => jsonResponse({ transfers: [assigned] }),
      'POST /api/backoffice/adjustments/7/approve': () =>
        fresh
          ? jsonResponse({ id: 7, status: 'approved' })
          : jsonResponse({ code: 'STAFF_CODE_REQUIRED', message: 'A fresh code.' }, 403),
      'POST /api/backoffice/totp': () => {
        fresh = true;
        return jsonResponse({ freshUntil: at(55) });
      },
    });
    renderDesk('/backoffice/bank-transfers');

    const row = await screen.findByRole('row', { name: /SCB-REF-1/ }, lazyScreen);
    await user.click(await within(row).findByRole('button', { name: 'Approve adjustment 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter a fresh code' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText("Adjustment #7 approved: the member's balance has moved."),
    ).toBeInTheDocument();
    expect(
      desk
        .sent()
        .map(({ call }) => call)
        .filter((call) => call.startsWith('POST')),
    ).toEqual([
      'POST /api/backoffice/adjustments/7/approve',
      'POST /api/backoffice/totp',
      'POST /api/backoffice/adjustments/7/approve',
    ]);
    // The list is read again: the credited transfer leaves it.
    await waitFor(() =>
      expect(
        desk.sent().filter(({ call }) => call === 'GET /api/backoffice/bank-transfers'),
      ).toHaveLength(2),
    );
  });

  it('let one sent back outside the system be marked so, with a note', async () => {
    const user = userEvent.setup();
    desk.serve('admin', {
      'GET /api/backoffice/bank-transfers': () => jsonResponse({ transfers: [kept] }),
      'POST /api/backoffice/bank-transfers/SCB-REF-1/refunded': () =>
        jsonResponse({ success: true }),
    });
    renderDesk('/backoffice/bank-transfers');

    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Mark transfer SCB-REF-1 as sent back' },
        lazyScreen,
      ),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark transfer SCB-REF-1 as sent back?',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Returned by the bank on 5 Jan');
    await user.click(within(dialog).getByRole('button', { name: 'Sent back' }));

    expect(
      await screen.findByText('Transfer SCB-REF-1 is marked as sent back.'),
    ).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/bank-transfers/SCB-REF-1/refunded',
      body: { reason: 'Returned by the bank on 5 Jan' },
    });
  });
});
