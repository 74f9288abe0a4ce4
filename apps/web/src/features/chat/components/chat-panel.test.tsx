import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatLimits } from '@wallet/contract/constants';
import { toUserInfo, type UserInfo } from '@wallet/contract/wallet';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { memberProfile } from '../../../test/fixtures';
import { jsonResponse } from '../../../test/render';
import { chatMessage, FakeSocket } from '../chat-test-doubles';
import {
  type ChatServer,
  fetchMock,
  openChat,
  UUID,
  withChatPanelStubs,
} from './chat-panel.harness';

vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../chat-test-doubles');
  return {
    io: (url: string, options: Record<string, unknown>) => new FakeSocket(url, options),
  };
});

let server: ChatServer;
withChatPanelStubs((served) => {
  server = served;
});

describe('the chat text box', { timeout: 20_000 }, () => {
  it('sends the trimmed text with Enter, as the member, under a fresh deliver id', async () => {
    const user = userEvent.setup();
    const { box, log } = await openChat();
    await user.type(box, '   Where is my deposit?  {Enter}');
    await waitFor(() => expect(server.sends).toHaveLength(1));
    const [sent] = server.sends;
    expect(sent).toMatchObject({
      userId: '3',
      username: '0811111111',
      name: 'Malee',
      message: { message_type: 'text', payload: { message: 'Where is my deposit?' } },
    });
    expect(sent?.message.deliver.id).toMatch(UUID);
    expect(box).toHaveValue('');
    expect(within(log).getByText('Where is my deposit?')).toBeInTheDocument();
  });

  it.each([
    ['Shift', '{Shift>}{Enter}{/Shift}'],
    ['Ctrl', '{Control>}{Enter}{/Control}'],
    ['Alt', '{Alt>}{Enter}{/Alt}'],
    ['Meta', '{Meta>}{Enter}{/Meta}'],
  ])('starts a new line with %s+Enter and sends nothing', async (_key, chord) => {
    const user = userEvent.setup();
    const { box } = await openChat();
    await user.type(box, `first${chord}second`);
    expect(box).toHaveValue('first\nsecond');
    expect(server.sends).toHaveLength(0);
  });

  it('sends nothing that is blank once trimmed', async () => {
    const user = userEvent.setup();
    const { box } = await openChat();
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.sends).toHaveLength(0);
  });

  it('holds back a text over 2000 characters and says so, and sends one of 2000', async () => {
    const user = userEvent.setup();
    const { box } = await openChat();
    await user.click(box);
    await user.paste('x'.repeat(chatLimits.textMax + 1));
    expect(screen.getByText('A message can be at most 2000 characters.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(server.sends).toHaveLength(0);

    await user.keyboard('{Backspace}');
    expect(screen.queryByText('A message can be at most 2000 characters.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.sends[0]?.message.payload).toEqual({ message: 'x'.repeat(2000) });
  });
});

describe('the messages of the conversation', { timeout: 20_000 }, () => {
  it('renders every message type, text as text, and a divider where a session ends', async () => {
    const user = userEvent.setup();
    server.conversation = [
      chatMessage({ id: 1, session_id: 'old', payload: { message: '<b>not bold</b>' } }),
      chatMessage({
        id: 2,
        session_id: 'old',
        sender: 'system',
        type: 'unknown',
        payload: { title: 'session_end' },
      }),
      chatMessage({
        id: 3,
        session_id: 'new',
        sender: 'bot',
        type: 'buttons',
        payload: {
          message: 'How can we help?',
          buttons: [
            { type: 'web', title: 'Open the promotions', payload: 'https://example.com/promo' },
            { type: 'call', title: 'Call us', payload: '+66 2 123 4567' },
            { type: 'postback', title: 'Talk to an agent', payload: 'AGENT' },
          ],
        },
      }),
      chatMessage({
        id: 4,
        session_id: 'new',
        sender: 'bot',
        type: 'generic',
        payload: {
          elements: [
            {
              image_url: '/banners/slot.png',
              title: 'Slot week',
              subtitle: 'Ten free spins',
              buttons: [{ type: 'postback', title: 'Tell me more', payload: 'SLOT_WEEK' }],
            },
          ],
        },
      }),
      chatMessage({
        id: 5,
        session_id: 'new',
        type: 'media',
        payload: { fileType: 'image', filePath: '/api/chat/files/a.png', name: 'slip.png' },
      }),
      chatMessage({
        id: 6,
        session_id: 'new',
        type: 'media',
        payload: { fileType: 'video', filePath: '/api/chat/files/b.mp4', name: 'how-to.mp4' },
      }),
      chatMessage({ id: 7, session_id: 'new', type: 'unknown', payload: {} }),
      chatMessage({
        id: 8,
        session_id: 'new',
        sender: 'bot',
        type: 'quick_replies',
        payload: {
          message: 'Did that help?',
          buttons: [
            { type: 'postback', title: 'Yes', payload: 'YES' },
            { type: 'postback', title: 'No', payload: 'NO' },
          ],
        },
      }),
    ];
    const { log } = await openChat();

    expect(within(log).getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    // One divider for the session_end message and the session change together.
    expect(within(log).getAllByRole('separator')).toHaveLength(1);
    expect(within(log).getByText('End Conversation')).toBeInTheDocument();

    const web = within(log).getByRole('link', { name: 'Open the promotions' });
    expect(web).toHaveAttribute('href', 'https://example.com/promo');
    expect(web).toHaveAttribute('target', '_blank');
    expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(log).getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      'tel:+6621234567',
    );

    const cards = within(log).getByRole('list', { name: 'Options' });
    expect(within(cards).getByRole('img', { name: 'Slot week' })).toHaveAttribute(
      'src',
      '/banners/slot.png',
    );
    expect(within(cards).getByText('Ten free spins')).toBeInTheDocument();

    expect(log.querySelector('video')).toHaveAttribute('src', '/api/chat/files/b.mp4');
    expect(log.querySelector('video')).toHaveAttribute('controls');
    expect(within(log).getByText('Unsupported message')).toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: 'Open picture slip.png' }));
    const zoomed = await screen.findByRole('dialog', { name: 'slip.png' });
    expect(within(zoomed).getByRole('img', { name: 'slip.png' })).toHaveAttribute(
      'src',
      '/api/chat/files/a.png',
    );
    await user.click(within(zoomed).getByRole('button', { name: 'Close picture' }));

    await user.click(within(log).getByRole('button', { name: 'Talk to an agent' }));
    await waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.sends[0]?.message).toMatchObject({
      message_type: 'postback',
      payload: { title: 'Talk to an agent', message: 'AGENT' },
    });
    // The quick replies answer the newest question only: gone once the customer has answered.
    expect(within(log).queryByRole('group', { name: 'Quick replies' })).toBeNull();
  });

  it('sends a quick reply as a postback and shows its title as the answer', async () => {
    const user = userEvent.setup();
    server.conversation = [
      chatMessage({
        id: 1,
        sender: 'bot',
        type: 'quick_replies',
        payload: {
          message: 'Did that help?',
          buttons: [
            { type: 'postback', title: 'Yes', payload: 'YES' },
            { type: 'postback', title: 'No', payload: 'NO' },
          ],
        },
      }),
    ];
    const { log } = await openChat();
    const chips = within(log).getByRole('group', { name: 'Quick replies' });
    await user.click(within(chips).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.sends[0]?.message).toMatchObject({
      message_type: 'postback',
      payload: { title: 'No', message: 'NO' },
    });
    expect(within(log).getByText('No')).toBeInTheDocument();
  });

  it('shows its own message once when the echo comes back, even before the send answers', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    server.answerSend = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const { box, log } = await openChat();
    await user.type(box, 'Is the bonus still on?{Enter}');
    await waitFor(() => expect(server.sends).toHaveLength(1));
    const deliverId = server.sends[0]?.message.deliver.id ?? '';
    expect(within(log).getByText('Sending…')).toBeInTheDocument();

    const echo = chatMessage({
      id: 40,
      sender: 'customer',
      payload: { message: 'Is the bonus still on?' },
      deliverId,
    });
    act(() => FakeSocket.latest().fire('messaging', echo));
    act(() => FakeSocket.latest().fire('messaging', echo));
    act(() => answer(jsonResponse({ createdAt: '2026-11-25T10:00:01.000Z' })));

    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('Is the bonus still on?')).toHaveLength(1);
  });

  it('joins the conversation’s room, and says so when it cannot', async () => {
    FakeSocket.joinAnswer = { ok: false, code: 'UNAUTHORIZED' };
    await openChat();
    expect(FakeSocket.latest().joins).toEqual([{ room: 'wallet-3' }]);
    expect(await screen.findByText('Cannot start chatting')).toBeInTheDocument();
  });

  it('puts the wallet of a wallet event into the balance on screen', async () => {
    const [slot] = [
      {
        code: 'PG' as const,
        name: 'PG Soft',
        logo: '/logos/pg.png',
        amount: 20,
        isActive: true,
        category: 'slot' as const,
        maintenance: false,
      },
    ];
    const info = toUserInfo(
      {
        ...memberProfile,
        wallet: { amount: 100, cash: 100, bonus: 0 },
        invite: { amount: 0, success: 0, fail: 0 },
        slots: [slot],
      },
      new Date(),
    );
    queryClient.setQueryData(queryKeys.wallet.summary(), info);
    await openChat();
    act(() =>
      FakeSocket.latest().fire('wallet', {
        wallet: { amount: 350.5, cash: 300.5, bonus: 50 },
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      }),
    );
    const updated = queryClient.getQueryData<UserInfo>(queryKeys.wallet.summary());
    expect(updated?.wallet.amount).toBe(350.5);
    expect(updated?.total).toBe(370.5);
  });
});

describe('the connection', { timeout: 20_000 }, () => {
  it('tells the server the staff’s messages were read, 1 s after they show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.conversation = [chatMessage({ id: 1, payload: { message: 'Hello, how can we help?' } })];
    await openChat();
    await act(() => vi.advanceTimersByTimeAsync(chatLimits.readReceiptDebounceMs));
    await waitFor(() => expect(server.reads).toBe(1));
    const [, init] =
      fetchMock.mock.calls.find(([url]) => String(url) === '/api/chat/read-customer/') ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: '3' });

    // The customer's own message is nothing to read; a new one of the staff's is.
    const socket = FakeSocket.latest();
    act(() => socket.fire('messaging', chatMessage({ id: 2, sender: 'customer' })));
    await act(() => vi.advanceTimersByTimeAsync(chatLimits.readReceiptDebounceMs * 2));
    expect(server.reads).toBe(1);
    act(() => socket.fire('messaging', chatMessage({ id: 3, payload: { message: 'Done.' } })));
    await act(() => vi.advanceTimersByTimeAsync(chatLimits.readReceiptDebounceMs));
    await waitFor(() => expect(server.reads).toBe(2));
  });

  it('rejoins the room within 5 s after the server dropped the socket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openChat();
    const socket = FakeSocket.latest();
    act(() => {
      socket.connected = false;
      socket.active = false;
      socket.fire('disconnect', 'io server disconnect');
    });
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(chatLimits.socketCheckMs));
    await waitFor(() => expect(socket.joins).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Connecting…')).toBeNull());
  });
});
