import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationSummary } from '@wallet/contract/backoffice';
import type { ChatMessage } from '@wallet/contract/chat';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { io } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backofficeRoutes } from '../../../backoffice/router';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { callsTo, servePaths } from '../../../test/serve';
import { clearOutbox } from '../outbox';
import { chatMessage, conversationSummary, prepareBackofficeTests } from '../test-fixtures';

/** The socket boundary: a socket.io client whose server side the test plays. */
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  const handlers = new Map<string, Handler[]>();
  const socket = {
    active: true,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    emit(event: string, _payload: unknown, ack?: (answer: unknown) => void) {
      if (event === 'join') ack?.({ ok: true });
      return socket;
    },
    disconnect() {
      handlers.clear();
      return socket;
    },
  };
  return {
    socket,
    handlers,
    io: (..._args: unknown[]) => socket,
    /** The server emits an event (or socket.io reports one) to every listener. */
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: vi.fn(fake.io) }));

const fetchMock = vi.fn<typeof fetch>();
const lazyScreen = { timeout: 15_000 };

const malee = conversationSummary(1, {
  name: 'Malee',
  username: '0811111111',
  lastMessage: chatMessage(12, { message: { payload: { message: 'Thank you!' } } }),
});
const guest = conversationSummary(2, {
  name: null,
  username: null,
  userId: null,
  guestId: '5f0c1d2e-0000-4000-8000-000000000000',
  lastMessage: chatMessage(7, { message: { payload: { message: 'Hello?' } } }),
});

/** The first screen after signing in: a quiet day. */
const dashboard = {
  day: '2024-01-05',
  currencies: [],
  members: { registered: 0, firstDeposits: 0 },
  waiting: [],
};

let conversations: ConversationSummary[];
let history: ChatMessage[];
/** Whether the session cookie holds, as the server sees it. */
let signedIn: boolean;

const nok = { id: 1, username: 'support', name: 'Nok', role: 'support' };
const unauthorized = () => jsonResponse({ code: 'UNAUTHORIZED', message: 'Please sign in.' }, 401);
const me = () => (signedIn ? jsonResponse(nok) : unauthorized());

function text(id: number, message: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  const base = chatMessage(id, overrides);
  return { ...base, message: { ...base.message, payload: { message } } };
}

function renderAt(path: string) {
  const router = createMemoryRouter(backofficeRoutes, { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The socket connects and joins; the list is read again then, and that answer comes first. */
async function connectSocket() {
  const before = callsTo(fetchMock, '/api/backoffice/chat/conversations');
  act(() => fake.fire('connect'));
  await waitFor(() =>
    expect(callsTo(fetchMock, '/api/backoffice/chat/conversations')).toBe(before + 1),
  );
  expect(await screen.findByText('Live')).toBeInTheDocument();
}

function listLinks() {
  const nav = screen.getByRole('navigation', { name: 'Conversations' });
  return within(nav).getAllByRole('link');
}

function linkAt(index: number): HTMLElement {
  const link = listLinks()[index];
  if (!link) throw new Error(`No conversation at ${index}`);
  return link;
}

beforeAll(prepareBackofficeTests);

beforeEach(() => {
  conversations = [malee, guest];
  history = [
    text(10, 'Hi, my deposit is missing', { session_id: 'session-0' }),
    text(11, 'We are checking it now.', { sender: 'agent', session_id: 'session-1' }),
    text(12, 'Thank you!'),
  ];
  signedIn = true;
  servePaths(fetchMock, {
    '/api/backoffice/me': me,
    '/api/backoffice/chat/conversations': () => jsonResponse({ conversations, nextCursor: null }),
    '/api/backoffice/chat/history': () =>
      jsonResponse({ total: history.length, messages: history }),
    '/api/backoffice/chat/read': () => jsonResponse({ success: true }),
    '/api/backoffice/chat/send': () => jsonResponse({ createdAt: new Date().toISOString() }),
    '/api/backoffice/logout': () => {
      signedIn = false;
      return jsonResponse({ success: true });
    },
    '/api/backoffice/dashboard': () => jsonResponse(dashboard),
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  fake.handlers.clear();
  queryClient.clear();
  clearOutbox();
  useSessionStore.getState().clear();
});

describe('the back office routes', { timeout: 20_000 }, () => {
  it('send /backoffice/chat to the staff login without a staff session, even for a member', async () => {
    signedIn = false;
    useSessionStore.getState().signIn('member-token', true);
    const router = renderAt('/backoffice/chat');
    expect(
      await screen.findByRole('heading', { name: 'Back office' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/login');
    // Only the server knows the session (an httpOnly cookie); the member's token is no use.
    const asked = fetchMock.mock.calls.map(([url, init]) => [String(url), init] as const);
    expect(asked.map(([url]) => url)).toEqual(['/api/backoffice/me', '/api/backoffice/me']);
    for (const [, init] of asked) {
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    }
  });

  it("take signed-in staff from the login to their role's first section, the dashboard", async () => {
    const router = renderAt('/backoffice/login');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/dashboard');
  });

  it('sign staff in through both steps and open the back office, storing nothing of the session', async () => {
    const user = userEvent.setup();
    signedIn = false;
    servePaths(fetchMock, {
      '/api/backoffice/me': me,
      '/api/backoffice/login': () => jsonResponse({ challenge: 'challenge-1' }),
      '/api/backoffice/login/totp': () => {
        signedIn = true;
        return jsonResponse({ token: 'staff-session-token', role: 'support', staff: nok });
      },
      '/api/backoffice/chat/conversations': () => jsonResponse({ conversations, nextCursor: null }),
      '/api/backoffice/dashboard': () => jsonResponse(dashboard),
    });
    const router = renderAt('/backoffice/login');
    await user.type(await screen.findByLabelText('Username', {}, lazyScreen), 'support');
    await user.type(screen.getByLabelText('Password'), 'support-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, lazyScreen),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/dashboard');
    expect(screen.getByText('Nok')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(
      'staff-session-token',
    );
  });

  it('sign staff out to the login when a call answers 401', async () => {
    servePaths(fetchMock, {
      '/api/backoffice/me': me,
      '/api/backoffice/chat/conversations': () => {
        signedIn = false;
        return unauthorized();
      },
    });
    useSessionStore.getState().signIn('member-token', true);
    const router = renderAt('/backoffice/chat');
    // The login's own field: the shell's heading reads "Back office" too.
    expect(await screen.findByLabelText('Username', {}, lazyScreen)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/login');
    // What the session left is forgotten, and nothing asks the server again meanwhile.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.backoffice.me())).toBeUndefined(),
    );
    expect(callsTo(fetchMock, '/api/backoffice/chat/conversations')).toBe(1);
    // The member's session on the same browser is not touched.
    expect(localStorage.getItem('token')).toBe('member-token');
  });

  it('sign out through the server, which ends the session, then show the login', async () => {
    const user = userEvent.setup();
    const router = renderAt('/backoffice/chat');
    await screen.findByRole('heading', { name: 'Support chat' }, lazyScreen);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByLabelText('Username', {}, lazyScreen)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/login');
    expect(callsTo(fetchMock, '/api/backoffice/logout')).toBe(1);
  });

  it('stay signed in, and say so, when signing out fails', async () => {
    const user = userEvent.setup();
    const serve = fetchMock.getMockImplementation();
    const router = renderAt('/backoffice/chat');
    await screen.findByRole('heading', { name: 'Support chat' }, lazyScreen);
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/backoffice/logout'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : (serve?.(input, init) as never),
    );

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByText('Cannot reach the server. Check your internet connection.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/chat');
  });
});

describe('the support chat screen', { timeout: 20_000 }, () => {
  it('lists conversations with the member’s name, or Guest and a short id, and the last message', async () => {
    renderAt('/backoffice/chat');
    await screen.findByRole('heading', { name: 'Support chat' }, lazyScreen);
    await waitFor(() => expect(listLinks()).toHaveLength(2));
    const [first, second] = listLinks();
    expect(first).toHaveTextContent('Malee');
    expect(first).toHaveTextContent('Thank you!');
    expect(second).toHaveTextContent('Guest 5f0c1d2e');
    expect(second).toHaveTextContent('Hello?');
    expect(screen.getByText('Nok')).toBeInTheDocument();
    // The socket's handshake carries the session cookie by itself: no token in its auth.
    expect(vi.mocked(io).mock.calls.at(-1)?.[1]).not.toHaveProperty('auth');
  });

  it('pages the list, and shows members or guests only when asked, with guests’ messages left out of the members’ list', async () => {
    const user = userEvent.setup();
    const older = conversationSummary(3, { name: 'Somchai' });
    const asked: string[] = [];
    const serve = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/backoffice/chat/conversations')
        return serve?.(input, init) as never;
      asked.push(url.search);
      const party = url.searchParams.get('party');
      if (party === 'members') return jsonResponse({ conversations: [malee], nextCursor: null });
      if (url.searchParams.get('cursor') === '7_3') {
        return jsonResponse({ conversations: [older], nextCursor: null });
      }
      return jsonResponse({ conversations: [malee, guest], nextCursor: '7_3' });
    });
    const router = renderAt('/backoffice/chat');
    await screen.findByRole('heading', { name: 'Support chat' }, lazyScreen);
    await waitFor(() => expect(listLinks()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await waitFor(() => expect(listLinks()).toHaveLength(3));
    expect(linkAt(2)).toHaveTextContent('Somchai');
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull();
    expect(asked).toEqual(['?party=all', '?party=all&cursor=7_3']);

    await user.click(screen.getByRole('radio', { name: 'Members' }));
    await waitFor(() => expect(listLinks()).toHaveLength(1));
    expect(router.state.location.search).toBe('?show=members');
    expect(linkAt(0)).toHaveTextContent('Malee');
    expect(linkAt(0)).toHaveAttribute('href', '/backoffice/chat?show=members&c=1');
    expect(asked.at(-1)).toBe('?party=members');

    await connectSocket();
    const before = asked.length;
    act(() =>
      fake.fire('staff:messaging', {
        conversationId: 9,
        message: text(20, 'spam', { guestId: guest.guestId, userId: null }),
      }),
    );
    act(() =>
      fake.fire('staff:messaging', { conversationId: 1, message: text(21, 'Still waiting') }),
    );
    await waitFor(() => expect(linkAt(0)).toHaveTextContent('Still waiting'));
    expect(listLinks()).toHaveLength(1);
    // The guest's new conversation made only the all list read again, not the members' list.
    expect(asked.slice(before).filter((q) => q.includes('members'))).toEqual([]);
  });

  it('moves a conversation to the top with one more unread when its customer writes', async () => {
    renderAt('/backoffice/chat');
    await screen.findByRole('heading', { name: 'Support chat' }, lazyScreen);
    await waitFor(() => expect(listLinks()).toHaveLength(2));
    await connectSocket();

    act(() =>
      fake.fire('staff:messaging', {
        conversationId: 2,
        message: text(8, 'Is anyone there?', { guestId: guest.guestId, userId: null }),
      }),
    );

    await waitFor(() => expect(listLinks()[0]).toHaveTextContent('Guest 5f0c1d2e'));
    const [top, next] = listLinks();
    expect(top).toHaveTextContent('Is anyone there?');
    expect(within(linkAt(0)).getByLabelText('1 unread')).toHaveTextContent('1');
    expect(next).toHaveTextContent('Malee');

    act(() => fake.fire('staff:messaging', { conversationId: 2, message: text(9, 'Hello??') }));
    await waitFor(() => expect(within(linkAt(0)).getByLabelText('2 unread')).toBeInTheDocument());
  });

  it('shows the open conversation with its session divider, and marks new messages read', async () => {
    renderAt('/backoffice/chat?c=1');
    const log = await screen.findByRole('log', { name: 'Messages' }, lazyScreen);
    expect(await within(log).findByText('Thank you!')).toBeInTheDocument();
    expect(within(log).getByText('End Conversation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toBeInTheDocument();
    await connectSocket();

    act(() =>
      fake.fire('staff:messaging', { conversationId: 1, message: text(13, 'One more thing') }),
    );

    expect(await within(log).findByText('One more thing')).toBeInTheDocument();
    // Open: nothing counts as unread, and staff's read is reported within about a second.
    expect(within(linkAt(0)).queryByLabelText(/unread/)).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, '/api/backoffice/chat/read')).toBe(1), {
      timeout: 3000,
    });
  });

  it('marks a conversation opened with unread messages read, even when staff answers at once', async () => {
    const user = userEvent.setup();
    conversations = [malee, { ...guest, unread: 2 }];
    renderAt('/backoffice/chat?c=2');
    const log = await screen.findByRole('log', { name: 'Messages' }, lazyScreen);
    await within(log).findByText('Thank you!');
    await connectSocket();
    expect(within(linkAt(1)).getByLabelText('2 unread')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello!{Enter}');
    const echo = text(13, 'Hello!', { sender: 'agent' });
    act(() => fake.fire('staff:messaging', { conversationId: 2, message: echo }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/backoffice/chat/read')).toBe(1), {
      timeout: 3000,
    });
    await waitFor(() => expect(within(linkAt(0)).queryByLabelText(/unread/)).toBeNull());
  });

  it('shows Seen under the last staff message once the customer has read it', async () => {
    renderAt('/backoffice/chat?c=1');
    const log = await screen.findByRole('log', { name: 'Messages' }, lazyScreen);
    await within(log).findByText('We are checking it now.');
    await connectSocket();
    expect(within(log).queryByText('Seen')).toBeNull();

    act(() => fake.fire('staff:read', { conversationId: 1 }));

    expect(await within(log).findByText('Seen')).toBeInTheDocument();
  });

  it('sends a reply once, showing it until its echo arrives with the same delivery id', async () => {
    const user = userEvent.setup();
    renderAt('/backoffice/chat?c=1');
    const log = await screen.findByRole('log', { name: 'Messages' }, lazyScreen);
    await within(log).findByText('Thank you!');
    await connectSocket();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'You are welcome{Enter}');

    expect(await within(log).findByText('You are welcome')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/backoffice/chat/send')).toBe(1));
    const sendCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/chat/send'));
    const body = JSON.parse(String(sendCall?.[1]?.body));
    expect(body).toMatchObject({
      conversationId: 1,
      message: { message_type: 'text', payload: { message: 'You are welcome' } },
    });
    expect(await within(log).findByText('Sent')).toBeInTheDocument();

    const echo = text(13, 'You are welcome', { sender: 'agent' });
    echo.message.deliver = { id: body.deliverId, status: 'succeed' };
    act(() => fake.fire('staff:messaging', { conversationId: 1, message: echo }));

    await waitFor(() => expect(within(log).queryByText('Sent')).toBeNull());
    expect(within(log).getAllByText('You are welcome')).toHaveLength(1);
  });

  it('offers a failed reply again under the same delivery id, or removes it', async () => {
    const user = userEvent.setup();
    let failSends = 1;
    servePaths(fetchMock, {
      '/api/backoffice/me': me,
      '/api/backoffice/chat/conversations': () => jsonResponse({ conversations, nextCursor: null }),
      '/api/backoffice/chat/history': () =>
        jsonResponse({ total: history.length, messages: history }),
      '/api/backoffice/chat/read': () => jsonResponse({ success: true }),
      '/api/backoffice/chat/send': () =>
        failSends-- > 0
          ? jsonResponse({ code: 'NO_DATA', message: 'none' }, 404)
          : jsonResponse({ createdAt: new Date().toISOString() }),
    });
    renderAt('/backoffice/chat?c=1');
    const log = await screen.findByRole('log', { name: 'Messages' }, lazyScreen);
    await within(log).findByText('Thank you!');
    await connectSocket();
    const box = screen.getByRole('textbox', { name: 'Message' });

    await user.type(box, 'First try{Enter}');
    await user.click(await within(log).findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/backoffice/chat/send')).toBe(2));
    const [first, second] = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/chat/send'))
      .map(([, init]) => JSON.parse(String(init?.body)).deliverId);
    expect(second).toBe(first);
    expect(await within(log).findByText('Sent')).toBeInTheDocument();

    failSends = 1;
    await user.type(box, 'Second try{Enter}');
    await user.click(await within(log).findByRole('button', { name: 'Remove' }));
    expect(within(log).queryByText('Second try')).toBeNull();
    expect(within(log).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
