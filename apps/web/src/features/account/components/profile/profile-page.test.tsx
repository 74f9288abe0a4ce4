import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { ProfilePage } from './profile-page';

const fetchMock = vi.fn<typeof fetch>();

/** user-event installs its own clipboard stub; the test reads back what the page wrote. */
function setup() {
  return { user: userEvent.setup() };
}

const clipboardText = () => navigator.clipboard.readText();

function profileAnswer(bankAccountName: string, bankCode = 'KTB') {
  const bank = { code: bankCode, nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' };
  return {
    profile: {
      _id: 7,
      name: 'Somchai Jaidee',
      username: '0812345678',
      coin: 0,
      createdAt: '2024-03-01T08:00:00.000Z',
      bankCode,
      bankAccountName,
      bankAccountNo: '1234567890',
      bank,
      currency: 'BAHT',
      inviteCode: 'PR7',
    },
    bankAccount: { bankAccountName, bankAccountNo: '1234567890', bank },
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('ProfilePage', () => {
  it('shows the account number as 3-3-rest and the bank in the reader’s language', async () => {
    fetchMock.mockResolvedValue(jsonResponse(profileAnswer('SOMCHAI JAIDEE')));
    renderWithProviders(<ProfilePage />);

    expect(await screen.findByText('123-456-7890')).toBeInTheDocument();
    expect(screen.getByText('Krungthai Bank')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('0812345678');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
  });

  it('copies the account number of a member whose name is already in Latin letters', async () => {
    const { user } = setup();
    fetchMock.mockResolvedValue(jsonResponse(profileAnswer('SOMCHAI JAIDEE')));
    renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));

    await waitFor(async () => expect(await clipboardText()).toBe('1234567890'));
    expect(await screen.findByText('Copied: 1234567890')).toBeInTheDocument();
  });

  it('asks a KTB member with a Thai account name for the English name, then copies', async () => {
    const { user } = setup();
    await navigator.clipboard.writeText('nothing yet');
    let name = 'สมชาย ใจดี';
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/account/bankAccountName' && init?.method === 'PUT') {
        name = JSON.parse(String(init.body)).bankAccountName;
        return jsonResponse({ success: true });
      }
      return jsonResponse(profileAnswer(name));
    });
    renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));
    const field = await screen.findByLabelText('Account holder name (English)');
    expect(await clipboardText()).toBe('nothing yet');

    await user.type(field, 'somchai jaidee');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    expect(await screen.findByText('SOMCHAI JAIDEE')).toBeInTheDocument();
    await waitFor(async () => expect(await clipboardText()).toBe('1234567890'), { timeout: 2000 });
  });

  it('refuses a non-Latin name in the edit-name form', async () => {
    const { user } = setup();
    fetchMock.mockResolvedValue(jsonResponse(profileAnswer('สมชาย ใจดี')));
    renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));
    await user.type(await screen.findByLabelText('Account holder name (English)'), 'สมชาย');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Bank account name must be in English only.'),
    ).toBeInTheDocument();
  });

  it('opens the change-password form from the lock button and checks the confirmation', async () => {
    const { user } = setup();
    fetchMock.mockResolvedValue(jsonResponse(profileAnswer('SOMCHAI JAIDEE')));
    renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('changepwd'))).toBe(false);
  });
});
