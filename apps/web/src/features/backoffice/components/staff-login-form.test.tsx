import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { callsTo, type Routes, servePaths } from '../../../test/serve';
import { prepareBackofficeTests } from '../test-fixtures';
import { StaffLoginForm } from './staff-login-form';

const fetchMock = vi.fn<typeof fetch>();

const LOGIN = '/api/backoffice/login';
const TOTP = '/api/backoffice/login/totp';
const nok = { id: 1, username: 'support', name: 'Nok', role: 'support' } as const;
const session = { token: 'staff-session-token', role: 'support', staff: nok };
const enrol = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Wallet:support?secret=JBSWY3DPEHPK3PXP&issuer=Wallet',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const recoveryCodes = [
  'ab3cd-ef4gh',
  'jk5mn-pq6rs',
  'tu7vw-xy8za',
  'bc9de-fg2hj',
  'km3np-qr4st',
  'uv5wx-yz6ab',
  'cd7ef-gh8jk',
  'mn9pq-rs2tu',
];

const wrongCode = () =>
  jsonResponse({ code: 'OTP_CODE_INVALID', message: 'The verification code is incorrect.' }, 401);

function serve(routes: Routes) {
  servePaths(fetchMock, { [LOGIN]: () => jsonResponse({ challenge: 'challenge-1' }), ...routes });
}

/** The JSON bodies sent to `path`, in order. */
function bodiesTo(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** Every value the page left in the browser's storage. */
function storedValues(): string {
  const values: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++)
      values.push(storage.getItem(storage.key(i) ?? '') ?? '');
  }
  return values.join('\n');
}

type User = ReturnType<typeof userEvent.setup>;

async function enterPassword(user: User, password = 'support-demo') {
  await user.type(screen.getByLabelText('Username'), 'support');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function enterCode(user: User, code: string) {
  await user.type(await screen.findByLabelText('Authenticator code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

beforeAll(prepareBackofficeTests);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
  useSessionStore.getState().clear();
});

describe('StaffLoginForm, the password step', { timeout: 20_000 }, () => {
  it('shows wrong credentials under the form, and clears them as staff types again', async () => {
    const user = userEvent.setup();
    serve({
      [LOGIN]: () =>
        jsonResponse(
          { code: 'WRONG_CREDENTIAL', message: 'The username or password is incorrect.' },
          400,
        ),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);

    await enterPassword(user, 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username or password is incorrect.',
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says so when there were too many tries', async () => {
    const user = userEvent.setup();
    serve({
      [LOGIN]: () =>
        jsonResponse(
          { code: 'REQUEST_LIMIT', message: 'Too many requests. Please slow down.' },
          429,
        ),
    });
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await enterPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please slow down.',
    );
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('StaffLoginForm, the code step', { timeout: 20_000 }, () => {
  it('signs in with the password then the authenticator’s code, and keeps no token in the browser', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn('member-token', true);
    serve({ [TOTP]: () => jsonResponse(session) });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);

    await enterPassword(user);
    // The demo staff have an authenticator already: nothing to set up.
    expect(await screen.findByLabelText('Authenticator code')).toHaveFocus();
    expect(screen.queryByRole('img')).toBeNull();
    await enterCode(user, '123456');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodiesTo(LOGIN)).toEqual([{ username: 'support', password: 'support-demo' }]);
    expect(bodiesTo(TOTP)).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
    for (const [, init] of fetchMock.mock.calls) {
      // Neither the member's token nor any other: the server answers with a cookie.
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
      expect(new Headers(init?.headers).get('X-Wallet-User')).toBe('1');
    }
    expect(storedValues()).not.toContain('staff-session-token');
    expect(localStorage.getItem('token')).toBe('member-token');
    // The back office's guard finds the profile without asking again.
    expect(queryClient.getQueryData(queryKeys.backoffice.me())).toEqual(nok);
  });

  it('shows a wrong code’s error and stays on the code step, emptied, for another try', async () => {
    const user = userEvent.setup();
    const answers = [wrongCode(), jsonResponse(session)];
    serve({ [TOTP]: () => answers.shift() ?? wrongCode() });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);

    await enterPassword(user);
    await enterCode(user, '111111');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification code is incorrect.',
    );
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('');
    expect(onSignedIn).not.toHaveBeenCalled();

    await enterCode(user, '222222');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodiesTo(TOTP)).toEqual([
      { challenge: 'challenge-1', code: '111111' },
      { challenge: 'challenge-1', code: '222222' },
    ]);
  });

  it('says how long to wait after too many wrong codes', async () => {
    const user = userEvent.setup();
    serve({
      [TOTP]: () =>
        jsonResponse({ code: 'REQUEST_LIMIT', message: 'Too many requests.' }, 429, {
          'Retry-After': '900',
        }),
    });
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await enterPassword(user);
    await enterCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 15 minutes.',
    );
    expect(screen.getByLabelText('Authenticator code')).toBeInTheDocument();
  });

  it('asks for 6 digits before calling the server', async () => {
    const user = userEvent.setup();
    serve({});
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await enterPassword(user);
    await enterCode(user, '12345');
    expect(
      await screen.findByText('Enter the 6 digits your authenticator app shows.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, TOTP)).toBe(0);
  });

  it('goes back to the password, the username kept, when the challenge has run out', async () => {
    const user = userEvent.setup();
    serve({
      [TOTP]: () => jsonResponse({ code: 'UNAUTHORIZED', message: 'Please sign in.' }, 401),
    });
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await enterPassword(user);
    await enterCode(user, '123456');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long. Please enter your password again.',
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveValue('support');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('takes a recovery code instead, in any case, and checks its form first', async () => {
    const user = userEvent.setup();
    serve({ [TOTP]: () => jsonResponse(session) });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);
    await enterPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    // The way back, for staff who found their phone after all.
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeInTheDocument();
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('A recovery code looks like ab3cd-ef4gh.')).toBeInTheDocument();
    expect(callsTo(fetchMock, TOTP)).toBe(0);

    await user.clear(field);
    await user.type(field, ' AB3CD-EF4GH ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodiesTo(TOTP)).toEqual([{ challenge: 'challenge-1', code: 'ab3cd-ef4gh' }]);
  });
});

describe('StaffLoginForm, setting up an authenticator', { timeout: 20_000 }, () => {
  it('shows the QR picture and the secret in groups of four to copy, and no recovery code yet', async () => {
    const user = userEvent.setup();
    serve({ [LOGIN]: () => jsonResponse({ challenge: 'challenge-1', enrol }) });
    renderWithProviders(<StaffLoginForm onSignedIn={vi.fn()} />);
    await enterPassword(user);

    expect(
      await screen.findByRole('heading', { name: 'Set up your authenticator' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      enrol.qr,
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP'),
    );
    expect(screen.getByLabelText('Authenticator code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  });

  it('shows the recovery codes once, before entering the back office, and keeps none of them', async () => {
    const user = userEvent.setup();
    serve({
      [LOGIN]: () => jsonResponse({ challenge: 'challenge-1', enrol }),
      [TOTP]: () => jsonResponse({ ...session, recoveryCodes }),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);
    await enterPassword(user);
    await enterCode(user, '123456');

    const list = await screen.findByRole('list', { name: 'Save your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(8);
    for (const code of recoveryCodes) expect(list).toHaveTextContent(code);
    expect(screen.getByText(/they are shown this once/)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(recoveryCodes.join('\n')),
    );
    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(storedValues()).not.toMatch(/ab3cd-ef4gh|staff-session-token/);
  });
});

describe('StaffLoginForm, a password that was handed over', { timeout: 20_000 }, () => {
  it('asks for a new password of 12 characters beside the code, and shows the server refusing the old one', async () => {
    const user = userEvent.setup();
    let answer = () =>
      jsonResponse(
        {
          code: 'PASSWORD_UNCHANGED',
          message: 'Choose a new password, not the one you were given.',
          field: 'newPassword',
        },
        400,
      );
    serve({
      [LOGIN]: () => jsonResponse({ challenge: 'challenge-1', enrol, changePassword: true }),
      [TOTP]: () => answer(),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<StaffLoginForm onSignedIn={onSignedIn} />);
    await enterPassword(user, 'handed-over-password');

    const newPassword = await screen.findByLabelText('Your own password');
    expect(newPassword).toHaveFocus();
    await user.type(newPassword, 'too short');
    await enterCode(user, '123456');
    expect(
      await screen.findByText('A staff password has 12 characters or more.'),
    ).toBeInTheDocument();
    expect(bodiesTo(TOTP)).toEqual([]);

    await user.clear(newPassword);
    await user.type(newPassword, 'handed-over-password');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Choose a new password, not the one you were given.'),
    ).toBeInTheDocument();
    // The code is kept: the server checked the password before spending it.
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('123456');

    answer = () => jsonResponse({ ...session, recoveryCodes });
    await user.clear(newPassword);
    await user.type(newPassword, 'a password of my own');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('list', { name: 'Save your recovery codes' });
    expect(bodiesTo(TOTP).at(-1)).toEqual({
      challenge: 'challenge-1',
      code: '123456',
      newPassword: 'a password of my own',
    });
  });
});
