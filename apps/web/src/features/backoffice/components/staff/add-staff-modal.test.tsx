import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { prepareBackofficeTests } from '../../test-fixtures';
import { AddStaffModal } from './add-staff-modal';

const fetchMock = vi.fn<typeof fetch>();
const PASSWORD = 'Tq7-one-time-9xZ';

function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <AddStaffModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

beforeAll(prepareBackofficeTests);
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === '/api/backoffice/staff' && init?.method === 'POST') {
      const { username } = JSON.parse(String(init.body));
      return jsonResponse({ username, password: PASSWORD });
    }
    return jsonResponse({ staff: [] });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('adding a staff account', () => {
  it('shows the one-time password once, and never again after the dialog closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });

    await user.type(screen.getByLabelText('Username'), 'Somsri.F');
    await user.type(screen.getByLabelText('Name'), 'Somsri Finance');
    await user.click(screen.getAllByLabelText('Role')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('one-time-password')).toHaveTextContent(PASSWORD);
    expect(dialog).toHaveTextContent('The account somsri.f is ready.');
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    // The contract's schema writes the username as the server keeps it: lowercase.
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'somsri.f',
      name: 'Somsri Finance',
      role: 'finance',
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(PASSWORD)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Add staff' });
    expect(screen.queryByText(PASSWORD)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(
      JSON.stringify(
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ),
    ).not.toContain(PASSWORD);
  });

  it('says why the server refused, and keeps what was typed', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'EXISTING_USER', message: 'This user already exists.' }, 400),
    );
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(await screen.findByLabelText('Username'), 'finance');
    await user.type(screen.getByLabelText('Name'), 'Another');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('finance');
    expect(screen.queryByTestId('one-time-password')).not.toBeInTheDocument();
  });
});
