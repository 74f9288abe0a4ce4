import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone number'), '0812345678');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('shows a refused sign-in under the form, translated', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'WRONG_CREDENTIAL', message: 'The username or password is incorrect.' },
        400,
      ),
    );
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username or password is incorrect.',
    );
  });

  it('clears the error as soon as the member types again', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse({ code: 'WRONG_CREDENTIAL', message: 'x' }, 400));
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await fillAndSubmit(user);
    await screen.findByRole('alert');

    await user.type(screen.getByLabelText('Password'), '!');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands over the token and the remember choice on success', async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    fetchMock.mockResolvedValue(jsonResponse({ token: 'new-token' }));
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit(user);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('new-token', true));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: '0812345678',
      password: 'secret-pass',
    });
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
