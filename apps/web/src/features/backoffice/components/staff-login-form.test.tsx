import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { useStaffSession } from '../staff-session';
import { prepareBackofficeTests } from '../test-fixtures';
import { StaffLoginForm } from './staff-login-form';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(prepareBackofficeTests);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useStaffSession.getState().signOut();
  useSessionStore.getState().clear();
});

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'support-demo') {
  await user.type(screen.getByLabelText('Username'), 'support');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('StaffLoginForm', { timeout: 20_000 }, () => {
  it('shows wrong credentials under the form, and clears them as staff types again', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'WRONG_CREDENTIAL', message: 'The username or password is incorrect.' },
        400,
      ),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);

    await signIn(user, 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username or password is incorrect.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(useStaffSession.getState().token).toBeNull();
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there were too many tries', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'REQUEST_LIMIT', message: 'Too many requests. Please slow down.' }, 429),
    );
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please slow down.',
    );
  });

  it('keeps the staff token under its own key, never as the member token', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn('member-token', true);
    fetchMock.mockResolvedValue(
      jsonResponse({ token: 'staff-token', staff: { id: 1, username: 'support', name: 'Nok' } }),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);

    await signIn(user);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('staffToken')).toBe('staff-token');
    expect(localStorage.getItem('token')).toBe('member-token');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/backoffice/login');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'support',
      password: 'support-demo',
    });
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
