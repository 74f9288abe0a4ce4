import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  OperatorDepositAccount,
  OperatorGameProvider,
  OperatorTruemoneyAccount,
} from '@wallet/contract/operator-accounts';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { type DeskRoutes, deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const scb: OperatorDepositAccount = {
  id: 1,
  bankCode: 'SCB',
  bankType: 'BANK',
  mode: 'AUTO',
  nameTH: 'ธนาคารไทยพาณิชย์',
  nameEN: 'Siam Commercial Bank',
  accountName: 'Member Wallet Co., Ltd.',
  accountNo: '4071234567',
  currency: 'BAHT',
  active: true,
  sortOrder: 0,
};
const ww: OperatorDepositAccount = {
  ...scb,
  id: 2,
  bankCode: 'WW',
  bankType: 'PAYMENT',
  nameTH: 'WW เพย์',
  nameEN: 'WW Pay',
  accountNo: 'WW-000111',
  sortOrder: 1,
};
const wallet: OperatorTruemoneyAccount = {
  id: 1,
  mode: 'GIFT_LINK',
  phone: '0898765432',
  active: true,
  sortOrder: 0,
};
const pg: OperatorGameProvider = {
  code: 'PG',
  name: 'PG Soft',
  category: 'slot',
  logo: 'data:image/svg+xml;base64,PHN2Zy8+',
  web: null,
  android: null,
  ios: null,
  active: true,
  maintenance: false,
  sortOrder: 0,
};
const joker: OperatorGameProvider = { ...pg, code: 'JOKER', name: 'Joker Gaming', sortOrder: 1 };

/** The settings server of these tabs: what a PUT or POST sends is kept and answered. */
function accountsServer(): DeskRoutes {
  let providers = [pg, joker];
  return {
    'GET /api/backoffice/settings/switches': () =>
      jsonResponse({
        registerOTP: true,
        enableChatWidget: true,
        manualDeposit: true,
        terminated: false,
      }),
    'GET /api/backoffice/settings/deposit-accounts': () => jsonResponse({ accounts: [scb, ww] }),
    'GET /api/backoffice/settings/truemoney-accounts': () => jsonResponse({ accounts: [wallet] }),
    'PUT /api/backoffice/settings/deposit-accounts/order': () => jsonResponse({ success: true }),
    'PUT /api/backoffice/settings/deposit-accounts/1': (body) =>
      jsonResponse({ ...scb, ...(body as { account: object }).account }),
    'POST /api/backoffice/settings/deposit-accounts': (body) => {
      const { account } = body as { account: { accountNo: string } };
      return account.accountNo === '4071234567'
        ? jsonResponse({ code: 'EXISTING_BANK', message: 'x', field: 'account.accountNo' }, 409)
        : jsonResponse({ ...scb, ...account, id: 3, sortOrder: 2 });
    },
    'GET /api/backoffice/settings/game-providers': () => jsonResponse({ providers }),
    'PUT /api/backoffice/settings/game-providers/PG': (body) => {
      const { reason: _, ...change } = body as Record<string, unknown>;
      const changed = { ...pg, ...change };
      providers = [changed, joker];
      return jsonResponse(changed);
    },
    'GET /api/backoffice/settings/qr-secrets': () =>
      jsonResponse({
        secrets: [
          { provider: 'KBANK', rotatedAt: null, previousUntil: null },
          { provider: 'WW', rotatedAt: null, previousUntil: null },
        ],
        graceSeconds: 86_400,
      }),
    'POST /api/backoffice/settings/qr-secrets/WW/rotate': () =>
      jsonResponse({
        provider: 'WW',
        secret: 'f'.repeat(64),
        previousUntil: '2026-11-29T10:00:00.000Z',
      }),
  };
}

const changes = () => desk.sent().filter(({ call }) => !call.startsWith('GET'));
const tab = (name: string) => screen.findByRole('tab', { name }, lazyScreen);

/** Gives the open reason dialog a reason and confirms it with `verb`. */
async function because(reason: string, verb: string, dialogName: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await user.type(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: verb }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('the deposit accounts', { timeout: 30_000 }, () => {
  it('let finance add a bank account checked by the contract, the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    desk.serve('finance', accountsServer());
    renderDesk('/backoffice/settings?tab=deposits');

    const table = await screen.findByRole(
      'table',
      { name: 'Bank and QR provider accounts' },
      lazyScreen,
    );
    expect(await within(table).findByText('4071234567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a deposit account' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(changes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name in Thai'), 'ไทยพาณิชย์ 2');
    await user.type(within(dialog).getByLabelText('Name in English'), 'SCB 2');
    await user.type(within(dialog).getByLabelText('Account name'), 'Member Wallet Co., Ltd.');
    await user.type(within(dialog).getByLabelText('Account number or merchant id'), '4071234567');
    await user.type(within(dialog).getByLabelText('Reason'), 'Second account for the evening');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This bank account is already registered.'),
    ).toBeInTheDocument();

    const number = within(dialog).getByLabelText('Account number or merchant id');
    await user.clear(number);
    await user.type(number, '4079998887');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“SCB 4079998887” is added.')).toBeInTheDocument();
    expect(changes().at(-1)).toEqual({
      call: 'POST /api/backoffice/settings/deposit-accounts',
      body: {
        account: {
          bankCode: 'SCB',
          mode: 'AUTO',
          nameTH: 'ไทยพาณิชย์ 2',
          nameEN: 'SCB 2',
          accountName: 'Member Wallet Co., Ltd.',
          accountNo: '4079998887',
          currency: 'BAHT',
          active: true,
        },
        reason: 'Second account for the evening',
      },
    });
  });

  it('turn an account off and move one down, each with a reason', async () => {
    const user = userEvent.setup();
    desk.serve('admin', accountsServer());
    renderDesk('/backoffice/settings?tab=deposits');

    const on = await screen.findByRole(
      'switch',
      { name: 'SCB 4071234567 shown to members' },
      lazyScreen,
    );
    await user.click(on);
    await because('Bank froze the account', 'Turn off', 'Hide SCB 4071234567 from members?');
    await user.click(screen.getByRole('button', { name: 'Move SCB 4071234567 down' }));
    await because('WW first this week', 'Move', 'Change the order members see?');
    expect(screen.getByRole('button', { name: 'Move SCB 4071234567 up' })).toBeDisabled();

    expect(changes()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/deposit-accounts/1',
        body: {
          account: {
            bankCode: 'SCB',
            mode: 'AUTO',
            nameTH: scb.nameTH,
            nameEN: scb.nameEN,
            accountName: scb.accountName,
            accountNo: scb.accountNo,
            currency: 'BAHT',
            active: false,
          },
          reason: 'Bank froze the account',
        },
      },
      {
        call: 'PUT /api/backoffice/settings/deposit-accounts/order',
        body: { ids: [2, 1], reason: 'WW first this week' },
      },
    ]);
    expect(screen.getByRole('table', { name: 'TrueMoney wallets' })).toHaveTextContent(
      '0898765432',
    );
  });

  it('leave finance reading the game providers only', async () => {
    desk.serve('finance', accountsServer());
    renderDesk('/backoffice/settings?tab=games');
    const on = await screen.findByRole('switch', { name: 'PG Soft shown to members' }, lazyScreen);
    expect(on).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'PG Soft in maintenance' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit PG Soft' })).toBeNull();
    expect(
      screen.getByText('You can read the game providers; only an admin changes them.'),
    ).toBeInTheDocument();
  });
});

describe('the game providers', { timeout: 30_000 }, () => {
  it('let an admin put one into maintenance with a reason, shown as such', async () => {
    const user = userEvent.setup();
    desk.serve('admin', accountsServer());
    renderDesk('/backoffice/settings');
    await user.click(await tab('Game providers'));

    await user.click(await screen.findByRole('switch', { name: 'PG Soft in maintenance' }));
    await because(
      'Provider upgrade until 14:00',
      'Start maintenance',
      'Put PG Soft into maintenance?',
    );
    expect(await screen.findByText('“PG Soft” is in maintenance.')).toBeInTheDocument();
    expect(changes()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/game-providers/PG',
        body: { maintenance: true, reason: 'Provider upgrade until 14:00' },
      },
    ]);
    const table = screen.getByRole('table', { name: 'Game providers' });
    await waitFor(() =>
      expect(within(table).getByText('Maintenance', { selector: 'span' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('switch', { name: 'PG Soft in maintenance' })).toBeChecked();
  });

  it('refuse a link that is not https in words, and send the ones given', async () => {
    const user = userEvent.setup();
    desk.serve('admin', accountsServer());
    renderDesk('/backoffice/settings?tab=games');
    await user.click(await screen.findByRole('button', { name: 'Edit PG Soft' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'Logo and links of PG Soft' });
    expect(
      within(dialog).getByText(
        'The provider shows the picture drawn at setup until you give an address.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Website'), 'http://pg.example/play');
    await user.type(within(dialog).getByLabelText('Reason'), 'New lobby address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter an address starting with https://.'),
    ).toBeInTheDocument();
    expect(changes()).toEqual([]);

    const web = within(dialog).getByLabelText('Website');
    await user.clear(web);
    await user.type(web, 'https://pg.example/play');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“PG Soft” is saved.')).toBeInTheDocument();
    expect(changes()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/game-providers/PG',
        body: {
          web: 'https://pg.example/play',
          android: null,
          ios: null,
          reason: 'New lobby address',
        },
      },
    ]);
  });
});

describe('the QR callback secrets', { timeout: 30_000 }, () => {
  it('show a rotated secret once, with a copy button, and forget it when closed', async () => {
    const user = userEvent.setup();
    desk.serve('admin', accountsServer());
    renderDesk('/backoffice/settings?tab=secrets');
    await user.click(
      await screen.findByRole('button', { name: 'Rotate the secret of WW' }, lazyScreen),
    );
    await because('Yearly rotation', 'Rotate', 'Rotate the callback secret of WW?');
    const shown = await screen.findByRole('dialog', { name: 'New secret of WW' });
    expect(within(shown).getByTestId('new-qr-secret')).toHaveTextContent('f'.repeat(64));
    expect(within(shown).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('f'.repeat(64))).toBeNull());
    expect(changes()).toEqual([
      {
        call: 'POST /api/backoffice/settings/qr-secrets/WW/rotate',
        body: { reason: 'Yearly rotation' },
      },
    ]);
  });

  it('let finance see when they were rotated, not rotate them', async () => {
    desk.serve('finance', accountsServer());
    renderDesk('/backoffice/settings?tab=secrets');
    const table = await screen.findByRole('table', { name: 'QR secrets' }, lazyScreen);
    expect(await within(table).findAllByText('Not yet (made at setup)')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
  });
});
