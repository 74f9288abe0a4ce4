import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import la from '../../../locales/la.json';
import th from '../../../locales/th.json';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();
type Words = { auth: { username: string; password: string; submit: string } };

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** Fills and sends the form by its labels in the language on screen (English unless told). */
async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, words: Words = en) {
  await user.type(screen.getByLabelText(words.auth.username), '0812345678');
  await user.type(screen.getByLabelText(words.auth.password), 'secret-pass');
  await user.click(screen.getByRole('button', { name: words.auth.submit }));
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

  it.each([
    ['en', en, 'Too many requests. Please wait 15 minutes.'],
    ['th', th, 'ทำรายการบ่อยเกินไป กรุณารอ 15 นาที'],
    ['la', la, 'ເຮັດລາຍການເລື້ອຍເກີນໄປ ກະລຸນາລໍຖ້າ 15 ນາທີ'],
  ] as const)(
    'says the real wait of a sign-in lock in %s, rounded up to whole minutes',
    async (locale, words, text) => {
      const user = userEvent.setup();
      i18n.addResourceBundle(locale, 'translation', words, true, true);
      await i18n.changeLanguage(locale);
      const refusal = {
        code: 'REQUEST_LIMIT_1MIN',
        message: 'Too many requests. Please wait 14 minutes 58 seconds.',
      };
      fetchMock.mockResolvedValue(jsonResponse(refusal, 429, { 'Retry-After': '898' }));
      renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);

      await fillAndSubmit(user, words);

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    },
  );

  it('keeps the usual words for a limit without a known wait', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'REQUEST_LIMIT_1MIN', message: 'Too many requests.' }, 429),
    );
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait about 1 minute.',
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
