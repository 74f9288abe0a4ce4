import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';
import { memberProfile } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { callsTo } from '../../../test/serve';
import { endChatSession } from '../chat-session';
import { chatMessage, FakeSocket, serveChat } from '../chat-test-doubles';
import { ChatLauncher } from './chat-launcher';

vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../chat-test-doubles');
  return {
    io: (url: string, options: Record<string, unknown>) => new FakeSocket(url, options),
  };
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  FakeSocket.all = [];
  FakeSocket.joinAnswer = { ok: true };
});

afterEach(() => {
  endChatSession();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
  useSessionStore.getState().clear();
});

describe('the chat button', { timeout: 20_000 }, () => {
  it('is not there while enableChatWidget is off', async () => {
    serveChat(fetchMock, { enabled: false });
    renderWithProviders(<ChatLauncher as="guest" />);
    await waitFor(() => expect(callsTo(fetchMock, '/api/lookup/enableChatWidget')).toBe(1));
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('opens the chat for a guest and closes it again, focus back on the button', async () => {
    const user = userEvent.setup();
    serveChat(fetchMock);
    renderWithProviders(<ChatLauncher as="guest" />);
    const button = await screen.findByRole('button', { name: 'Chat' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // A guest's conversation starts only when the chat is opened.
    expect(FakeSocket.all).toHaveLength(0);

    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('log', { name: 'Chat messages' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Attach a photo or video' })).toBeVisible();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(FakeSocket.latest().options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });

    await user.click(within(panel).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat with us' })).toBeNull());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes with Escape, but a picture opened full size closes alone', async () => {
    const user = userEvent.setup();
    const server = serveChat(fetchMock);
    server.conversation = [
      chatMessage({
        id: 1,
        type: 'media',
        payload: { fileType: 'image', filePath: '/api/chat/files/a.png', name: 'promo.png' },
      }),
    ];
    renderWithProviders(<ChatLauncher as="guest" />);
    await user.click(await screen.findByRole('button', { name: 'Chat' }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });

    await user.click(await within(panel).findByRole('button', { name: 'Open picture promo.png' }));
    await screen.findByRole('dialog', { name: 'promo.png' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'promo.png' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('textbox', { name: 'Message' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat with us' })).toBeNull());
  });

  it('connects a member’s socket once the page has settled, and counts staff messages on the button', async () => {
    serveChat(fetchMock);
    useSessionStore.getState().signIn('member-token', false);
    queryClient.setQueryData(queryKeys.account.profile(), memberProfile);
    renderWithProviders(<ChatLauncher as="member" />);
    await screen.findByRole('button', { name: 'Chat' });

    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 3000 });
    const socket = FakeSocket.latest();
    const auth = socket.options.auth as (send: (value: unknown) => void) => void;
    const sent = vi.fn();
    auth(sent);
    expect(sent).toHaveBeenCalledWith({ token: 'member-token' });
    await waitFor(() => expect(socket.joins).toEqual([{ room: 'wallet-3' }]));
    expect(screen.queryByRole('dialog', { name: 'Chat with us' })).toBeNull();

    act(() => socket.fire('messaging', chatMessage({ id: 9, sender: 'agent' })));
    expect(await screen.findByText('1')).toBeInTheDocument();
  });

  describe('when the member’s session ends', () => {
    const navigate = vi.fn();

    /** A member signed in, their socket joined, and the profile call answering `profileStatus`. */
    async function joinedMember(profileStatus: number) {
      setNavigator(navigate);
      serveChat(fetchMock);
      const answerChat = fetchMock.getMockImplementation();
      fetchMock.mockImplementation(async (url, init) =>
        String(url).endsWith('/api/account/profile')
          ? profileStatus === 200
            ? jsonResponse(memberProfile)
            : jsonResponse({ code: 'INVALID_USER_2', message: 'Cannot verify identity.' }, 401)
          : (answerChat as typeof fetch)(url, init),
      );
      useSessionStore.getState().signIn('member-token', false);
      queryClient.setQueryData(queryKeys.account.profile(), memberProfile);
      renderWithProviders(<ChatLauncher as="member" />);
      await waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 3000 });
      const socket = FakeSocket.latest();
      await waitFor(() => expect(socket.joins).toHaveLength(1));
      return socket;
    }

    afterEach(() => navigate.mockReset());

    it('a socket the server closes sends the member to sign in once the API confirms it', async () => {
      const socket = await joinedMember(401);
      act(() => {
        socket.disconnect();
        socket.fire('disconnect', 'io server disconnect');
      });
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
      expect(useSessionStore.getState().token).toBeNull();
      expect(callsTo(fetchMock, '/api/account/profile')).toBe(1);
    });

    it('a handshake refused with a sign-in-again code does the same', async () => {
      const socket = await joinedMember(401);
      act(() => {
        socket.disconnect();
        socket.fire(
          'connect_error',
          Object.assign(new Error('INVALID_USER_2'), { data: { code: 'INVALID_USER_2' } }),
        );
      });
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
      expect(useSessionStore.getState().token).toBeNull();
    });

    it('a session the API still accepts stays, and a refusal for another reason asks nothing', async () => {
      const socket = await joinedMember(200);
      act(() => {
        socket.disconnect();
        socket.fire(
          'connect_error',
          Object.assign(new Error('INVALID_IP'), { data: { code: 'INVALID_IP' } }),
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(callsTo(fetchMock, '/api/account/profile')).toBe(0);

      act(() => socket.fire('disconnect', 'io server disconnect'));
      await waitFor(() => expect(callsTo(fetchMock, '/api/account/profile')).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(navigate).not.toHaveBeenCalled();
      expect(useSessionStore.getState().token).toBe('member-token');
    });
  });
});
