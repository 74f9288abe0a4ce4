import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Adjustment } from '@wallet/contract/desk';
import type { MemberActivity, MemberDetail } from '@wallet/contract/staff-members';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { jsonResponse } from '../../../../test/render';
import { deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();
const at = (minute: number) => new Date(Date.UTC(2024, 0, 5, 3, minute)).toISOString();

const somchai: MemberDetail = {
  member: {
    id: 12,
    username: '0812345678',
    name: 'Somchai Jaidee',
    active: true,
    bankCode: 'KTB',
    bankAccountNo: '1234567890',
    currency: 'BAHT',
    createdAt: at(0),
    bankAccountName: 'SOMCHAI JAIDEE',
    sourceCode: 'facebook',
    inviterId: 3,
    coin: 7,
    tags: ['vip'],
  },
  balances: [
    { kind: 'cash', providerCode: '', balance: 1250.5 },
    { kind: 'game', providerCode: 'PG', balance: 300 },
  ],
  ledger: [
    {
      id: 103,
      type: 'transfer',
      status: 'processing',
      from: 'WALLET',
      to: 'PG',
      amount: 300,
      createdAt: at(30),
    },
    {
      id: 102,
      type: 'withdraw',
      status: 'failed',
      from: 'WALLET',
      to: 'KTB',
      amount: 200,
      createdAt: at(20),
    },
    {
      id: 101,
      type: 'deposit',
      status: 'success',
      from: 'SCB',
      to: 'WALLET',
      amount: 1000,
      createdAt: at(10),
    },
  ],
  sessions: [
    { createdAt: at(5), expiresAt: at(50), active: true, ip: '203.0.113.9', userAgent: 'Firefox' },
  ],
  signIns: [
    { at: at(5), outcome: 'signed-in', ip: '203.0.113.9', userAgent: 'Firefox' },
    { at: at(4), outcome: 'wrong-password', ip: '198.51.100.7', userAgent: 'Chrome' },
  ],
  flags: [
    { kind: 'same-device', members: [{ id: 31, username: '0899999999' }] },
    { kind: 'failed-sign-ins', count: 6, since: at(0) },
  ],
  notes: [{ id: 1, at: at(35), staff: 'finance', body: 'Called about a late deposit.' }],
  history: [
    {
      id: 9,
      at: at(40),
      staff: 'support',
      action: 'member.bank-account-name',
      target: 'member:12',
      reason: 'The bank spells it so',
      ip: '10.0.0.1',
      before: { bankAccountName: 'SOMCHAI J' },
      after: { bankAccountName: 'SOMCHAI JAIDEE' },
    },
  ],
};

const adjustment: Adjustment = {
  id: 7,
  status: 'approved',
  kind: 'adjustment',
  bankReference: null,
  slipId: null,
  memberId: 12,
  amount: -50,
  currency: 'BAHT',
  reason: 'Duplicate bonus',
  requestedBy: 'finance',
  decidedBy: 'admin',
  decisionReason: null,
  createdAt: at(45),
  decidedAt: at(46),
};

const memberRoutes = {
  'GET /api/backoffice/members/12': () => jsonResponse(somchai),
  'GET /api/backoffice/members': () =>
    jsonResponse({ members: [{ ...somchai.member, bankAccountName: undefined }], total: 1 }),
};

describe("a member's page", { timeout: 30_000 }, () => {
  it('opens from a row of the search and shows the profile, balances and movements', async () => {
    const user = userEvent.setup();
    desk.serve('viewer', memberRoutes);
    const router = renderDesk('/backoffice/members?q=0812');

    const row = await screen.findByRole('row', { name: /0812345678/ }, lazyScreen);
    await user.click(within(row).getByText('KTB 123-456-7890'));

    expect(
      await screen.findByRole('heading', { name: 'Somchai Jaidee' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/members/12');
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('SOMCHAI JAIDEE');
    expect(profile).toHaveTextContent('PR12');
    expect(within(profile).getByRole('link', { name: '#3' })).toHaveAttribute(
      'href',
      '/backoffice/members/3',
    );
    expect(screen.getByTestId('balance-cash')).toHaveTextContent('1,250.50 baht');
    expect(screen.getByText('Game: PG')).toBeInTheDocument();
    expect(screen.getByTestId('balance-game-PG')).toHaveTextContent('300.00 baht');

    const movements = screen.getByRole('table', { name: 'Movements' });
    expect(within(movements).getAllByRole('row')).toHaveLength(4);
    expect(within(movements).getByRole('row', { name: /Deposit/ })).toHaveTextContent(
      '1,000.00 baht',
    );
    // One kind of movement at a time: the withdrawals.
    await user.click(screen.getByRole('radio', { name: 'Withdrawal' }));
    expect(within(movements).getAllByRole('row')).toHaveLength(2);
    expect(within(movements).getByRole('row', { name: /Withdrawal/ })).toHaveTextContent('Failed');

    // A viewer only reads: no action is offered.
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Adjustments' })).toBeNull();
  });

  it('shows the status history with who changed what and why, and the sessions', async () => {
    const user = userEvent.setup();
    desk.serve('viewer', memberRoutes);
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('tab', { name: /Status history/ }, lazyScreen));
    const history = screen.getByRole('table', { name: 'Status history' });
    expect(
      within(history).getByRole('row', { name: /member\.bank-account-name/ }),
    ).toHaveTextContent('The bank spells it so');
    await user.click(screen.getByRole('tab', { name: /Sessions/ }));
    expect(screen.getByRole('table', { name: 'Sessions' })).toHaveTextContent('Signed in');
  });

  it('lets support correct the bank account name, showing the bank’s Latin-only rule in words', async () => {
    const user = userEvent.setup();
    desk.serve('support', {
      ...memberRoutes,
      'POST /api/backoffice/members/12/bank-account-name': () =>
        jsonResponse(
          {
            code: 'BANK_ACCOUNT_NAME_ENG',
            message: 'Bank account name must be in English only.',
            field: 'bankAccountName',
          },
          400,
        ),
    });
    renderDesk('/backoffice/members/12');

    // Support changes members' status and names, but asks for no money.
    await screen.findByRole('button', { name: 'Deactivate' }, lazyScreen);
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Correct bank account name' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Correct the bank account name of Somchai Jaidee',
    });
    const name = within(dialog).getByLabelText('Bank account name');
    expect(name).toHaveValue('SOMCHAI JAIDEE');
    await user.clear(name);
    await user.type(name, 'สมชาย ใจดี');
    await user.type(within(dialog).getByLabelText('Reason'), 'Payout refused for the name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Bank account name must be in English only.'),
    ).toBeInTheDocument();
    expect(desk.sent().at(-1)).toEqual({
      call: 'POST /api/backoffice/members/12/bank-account-name',
      body: { bankAccountName: 'สมชาย ใจดี', reason: 'Payout refused for the name' },
    });
    expect(dialog).toBeInTheDocument();
  });

  it('lets support deactivate the member with a reason, and reads the member again', async () => {
    const user = userEvent.setup();
    let active = true;
    desk.serve('support', {
      ...memberRoutes,
      'GET /api/backoffice/members/12': () =>
        jsonResponse({ ...somchai, member: { ...somchai.member, active } }),
      'POST /api/backoffice/members/12/deactivate': () => {
        active = false;
        return jsonResponse({ success: true });
      },
    });
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Somchai Jaidee?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Shared account');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Somchai Jaidee is deactivated.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/members/12/deactivate',
      body: { reason: 'Shared account' },
    });
  });

  it('lets finance ask for a balance adjustment and read the member’s adjustments', async () => {
    const user = userEvent.setup();
    desk.serve('finance', {
      ...memberRoutes,
      'GET /api/backoffice/adjustments': () =>
        jsonResponse({ adjustments: [adjustment], total: 1 }),
      'POST /api/backoffice/adjustments': () => jsonResponse({ id: 8, status: 'pending' }),
    });
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }, lazyScreen));
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    const dialog = await screen.findByRole('dialog', {
      name: 'Adjust the balance of Somchai Jaidee',
    });
    await user.type(within(dialog).getByLabelText('Amount (BAHT)'), '-50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('The adjustment was sent for approval.')).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/adjustments',
      body: { memberId: 12, amount: -50, reason: 'Duplicate bonus' },
    });

    await user.click(screen.getByRole('tab', { name: 'Adjustments' }));
    const adjustments = await screen.findByRole('table', { name: 'Adjustments' });
    await waitFor(() =>
      expect(within(adjustments).getByRole('row', { name: /Duplicate bonus/ })).toHaveTextContent(
        '-50.00 baht',
      ),
    );
    // The server pages the member's adjustments: the first page, newest first.
    expect(desk.sent().map(({ call }) => call)).toContain(
      'GET /api/backoffice/adjustments?memberId=12&page=1&limit=25&sort=createdAt&order=desc',
    );
  });
});

describe("a member's page, what to look at and staff's notes", { timeout: 30_000 }, () => {
  it('shows the flags, with the other members they name, and the sign-ins with address', async () => {
    const user = userEvent.setup();
    desk.serve('viewer', memberRoutes);
    renderDesk('/backoffice/members/12');

    const flags = await screen.findByRole('region', { name: 'Look into' }, lazyScreen);
    expect(flags).toHaveTextContent('Used a device another member used:');
    expect(within(flags).getByRole('link', { name: '#31 0899999999' })).toHaveAttribute(
      'href',
      '/backoffice/members/31',
    );
    expect(flags).toHaveTextContent('6 wrong passwords since');
    expect(screen.getByText('vip')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Sign-ins/ }));
    const signIns = screen.getByRole('table', { name: 'Sign-ins' });
    expect(within(signIns).getByRole('row', { name: /Wrong password/ })).toHaveTextContent(
      '198.51.100.7',
    );
    // A viewer reads notes but writes none, nor tags.
    await user.click(screen.getByRole('tab', { name: /Notes/ }));
    expect(screen.getByText('Called about a late deposit.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit tags' })).toBeNull();
  });

  it('lets finance write a note and set the tags, as the server keeps them', async () => {
    const user = userEvent.setup();
    desk.serve('finance', {
      ...memberRoutes,
      'POST /api/backoffice/members/12/notes': () => jsonResponse({ success: true }),
      'PUT /api/backoffice/members/12/tags': (body) => jsonResponse(body),
    });
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('tab', { name: /Notes/ }, lazyScreen));
    await user.type(screen.getByLabelText('New note'), 'Asked for a limit raise.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('The note was added.')).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of Somchai Jaidee' });
    const tags = within(dialog).getByLabelText('Tags');
    expect(tags).toHaveValue('vip');
    await user.clear(tags);
    await user.type(tags, 'Bad Tag!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Up to ten tags of lower-case letters, digits and dashes, such as vip or watch.',
      ),
    ).toBeInTheDocument();
    await user.clear(tags);
    await user.type(tags, 'vip, Watch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tags were saved.')).toBeInTheDocument();

    expect(desk.sent().filter(({ call }) => call.startsWith('P'))).toEqual([
      {
        call: 'POST /api/backoffice/members/12/notes',
        body: { body: 'Asked for a limit raise.' },
      },
      { call: 'PUT /api/backoffice/members/12/tags', body: { tags: ['vip', 'watch'] } },
    ]);
  });

  it('lets support reset the password, saying so when the SMS could not be sent', async () => {
    const user = userEvent.setup();
    desk.serve('support', {
      ...memberRoutes,
      'POST /api/backoffice/members/12/password-reset': () =>
        jsonResponse({ code: 'SMS_SEND_FAIL', message: 'x' }, 502),
    });
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('button', { name: 'More actions' }, lazyScreen));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the password of Somchai Jaidee?',
    });
    expect(dialog).toHaveTextContent('0812345678');
    await user.type(within(dialog).getByLabelText('Reason'), 'Forgot it, called from the phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(i18n.t('errors.SMS_SEND_FAIL'))).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(desk.sent()).toContainEqual({
      call: 'POST /api/backoffice/members/12/password-reset',
      body: { reason: 'Forgot it, called from the phone' },
    });
  });
});

describe("a member's deposits and rewards", { timeout: 30_000 }, () => {
  it('shows each channel’s own records when the tab opens, the slip’s picture behind its link', async () => {
    const user = userEvent.setup();
    const activity: MemberActivity = {
      currency: 'BAHT',
      bankTransfers: [
        {
          reference: 'SCB-1',
          bankCode: 'SCB',
          accountNo: '1112223333',
          amount: 1000,
          receivedAt: at(10),
          transactionId: 101,
          refundedAt: null,
          refundNote: null,
        },
      ],
      qrCodes: [],
      giftLinks: [],
      slips: [
        {
          _id: '4',
          createdAt: at(12),
          amount: 500,
          status: 'failed',
          note: 'EXPIRED_SLIP',
          link: '/api/statement/slip/image/4?expires=1&signature=x',
          reference: 'BBL-9',
        },
      ],
      bonuses: [],
      refunds: [],
      inviteRewards: [],
      invited: [{ id: 31, username: '0899999999', createdAt: at(20) }],
      spins: [],
    };
    desk.serve('viewer', {
      ...memberRoutes,
      'GET /api/backoffice/members/12/activity': () => jsonResponse(activity),
    });
    renderDesk('/backoffice/members/12');

    await user.click(await screen.findByRole('tab', { name: 'Deposits and rewards' }, lazyScreen));
    const transfers = await screen.findByRole('table', { name: 'Bank transfers' });
    expect(within(transfers).getByRole('row', { name: /SCB-1/ })).toHaveTextContent(
      'Credited (transaction #101)',
    );
    const slips = screen.getByRole('table', { name: 'Slips' });
    expect(within(slips).getByRole('row', { name: /BBL-9/ })).toHaveTextContent(
      'expired slip (EXPIRED_SLIP)',
    );
    expect(within(slips).getByRole('link', { name: 'View picture' })).toHaveAttribute(
      'href',
      '/api/statement/slip/image/4?expires=1&signature=x',
    );
    const invited = screen.getByRole('table', { name: 'Friends invited' });
    expect(within(invited).getByRole('link', { name: '#31 0899999999' })).toHaveAttribute(
      'href',
      '/backoffice/members/31',
    );
    expect(screen.getByRole('region', { name: 'QR payments' })).toHaveTextContent('None yet.');
  });
});
