import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { decideWithdrawal } from './api/decide-withdrawal';
import { FreshCodeModal } from './components/fresh-code-modal';
import { FreshCodeCancelled, freshCodeCancelled } from './fresh-code';
import { prepareBackofficeTests } from './test-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const pathOf = (url: unknown) => new URL(String(url), 'http://localhost').pathname;
const calls = () => fetchMock.mock.calls.map(([url]) => pathOf(url));

const APPROVE = '/api/backoffice/withdrawals/5/approve';
const codeRequired = () =>
  jsonResponse({ code: 'STAFF_CODE_REQUIRED', message: 'A fresh code is required.' }, 403);

/** The server: approvals want a fresh code until one is given; `code` is the right one. */
function serve(code = '123456') {
  let fresh = false;
  fetchMock.mockImplementation(async (url, init) => {
    const path = pathOf(url);
    if (path === '/api/backoffice/totp') {
      const body = JSON.parse(String(init?.body));
      if (body.code !== code) {
        return jsonResponse({ code: 'OTP_CODE_INVALID', message: 'Wrong code' }, 401);
      }
      fresh = true;
      return jsonResponse({ freshUntil: new Date(Date.now() + 300_000).toISOString() });
    }
    if (path.endsWith('/approve')) {
      const id = Number(path.split('/')[4]);
      return fresh ? jsonResponse({ id, status: 'approved' }) : codeRequired();
    }
    return jsonResponse({ code: 'NO_DATA', message: 'none' }, 404);
  });
}

beforeAll(prepareBackofficeTests);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  // An action a test left waiting stops, and the dialog closes.
  freshCodeCancelled();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

async function enterCode(code: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Enter a fresh code' });
  await user.type(screen.getByLabelText('Authenticator code'), code);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return dialog;
}

describe('the fresh code before money moves', () => {
  it('asks for a code when the server wants a fresh one, then sends the action again', async () => {
    serve();
    renderWithProviders(<FreshCodeModal />);
    const approval = decideWithdrawal({ id: 5, approve: true });

    await enterCode('123456');

    await expect(approval).resolves.toEqual({ id: 5, status: 'approved' });
    expect(calls()).toEqual([APPROVE, '/api/backoffice/totp', APPROVE]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open on a wrong code, says why, and sends nothing again until it is right', async () => {
    serve('123456');
    renderWithProviders(<FreshCodeModal />);
    const approval = decideWithdrawal({ id: 5, approve: true });

    await enterCode('000000');
    expect(await screen.findByText(i18n.t('errors.OTP_CODE_INVALID'))).toBeInTheDocument();
    expect(calls()).toEqual([APPROVE, '/api/backoffice/totp']);

    await enterCode('123456');
    await expect(approval).resolves.toEqual({ id: 5, status: 'approved' });
    expect(calls().filter((path) => path === APPROVE)).toHaveLength(2);
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    serve();
    renderWithProviders(<FreshCodeModal />);
    const approval = decideWithdrawal({ id: 5, approve: true }).catch((error: unknown) => error);

    await enterCode('12ab');
    expect(
      await screen.findByText('Enter the 6 digits your authenticator app shows.'),
    ).toBeInTheDocument();
    expect(calls()).toEqual([APPROVE]);
    freshCodeCancelled();
    expect(await approval).toBeInstanceOf(FreshCodeCancelled);
  });

  it('asks once for every action that meets the refusal together', async () => {
    serve();
    renderWithProviders(<FreshCodeModal />);
    const first = decideWithdrawal({ id: 5, approve: true });
    const second = decideWithdrawal({ id: 6, approve: true });

    await enterCode('123456');

    await expect(first).resolves.toMatchObject({ id: 5, status: 'approved' });
    await expect(second).resolves.toMatchObject({ id: 6, status: 'approved' });
    expect(calls().filter((path) => path === '/api/backoffice/totp')).toHaveLength(1);
  });

  it('stops the action, quietly, when staff closes the dialog', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<FreshCodeModal />);
    const approval = decideWithdrawal({ id: 5, approve: true }).catch((error: unknown) => error);

    await screen.findByRole('dialog', { name: 'Enter a fresh code' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await approval).toBeInstanceOf(FreshCodeCancelled);
    expect(calls()).toEqual([APPROVE]);
  });

  it('passes any other refusal on as it is (MAKER_CHECKER)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'MAKER_CHECKER', message: 'Another staff member must decide it.' }, 403),
    );
    renderWithProviders(<FreshCodeModal />);
    await expect(decideWithdrawal({ id: 5, approve: true })).rejects.toMatchObject({
      code: 'MAKER_CHECKER',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
