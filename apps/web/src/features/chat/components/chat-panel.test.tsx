import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatLimits, timings } from '@wallet/contract/constants';
import { toUserInfo, type UserInfo } from '@wallet/contract/wallet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { memberProfile } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { endChatSession } from '../chat-session';
import { chatMessage, FakeSocket, FakeXhr, serveChat } from '../chat-test-doubles';
import { type ChatMember, ChatPanel } from './chat-panel';

vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../chat-test-doubles');
  return {
    io: (url: string, options: Record<string, unknown>) => new FakeSocket(url, options),
  };
});

const fetchMock = vi.fn<typeof fetch>();
const MB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const member: ChatMember = { userId: '3', username: '0811111111', name: 'Malee' };
let server: ReturnType<typeof serveChat>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  server = serveChat(fetchMock);
  FakeSocket.all = [];
  FakeSocket.joinAnswer = { ok: true };
  FakeXhr.all = [];
});

afterEach(() => {
  endChatSession();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

/** Opens the chat and waits for its first page; answers the text box. */
async function openChat(who: ChatMember | null = member) {
  renderWithProviders(<ChatPanel id="chat" opened onClose={() => {}} member={who} />);
  const log = screen.getByRole('log', { name: 'Chat messages' });
  await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(FakeSocket.latest().joins).toHaveLength(1));
  return { log, box: screen.getByRole('textbox', { name: 'Message' }) };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

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

describe('scrolling', { timeout: 20_000 }, () => {
  /** A laid-out log: 1000 px of messages in a 400 px view, scrolled to `top`. */
  function layOut(log: HTMLElement, top: number) {
    Object.defineProperties(log, {
      scrollHeight: { configurable: true, get: () => 1000 },
      clientHeight: { configurable: true, get: () => 400 },
      scrollTop: { configurable: true, writable: true, value: top },
    });
    fireEvent.scroll(log);
  }

  it('follows a new message within 60 px of the bottom, else offers a notice that scrolls down', async () => {
    const user = userEvent.setup();
    server.conversation = [chatMessage({ id: 1, payload: { message: 'Welcome' } })];
    const { log } = await openChat();
    const socket = FakeSocket.latest();

    layOut(log, 1000 - 400 - chatLimits.unreadThresholdPx);
    act(() => socket.fire('messaging', chatMessage({ id: 2, payload: { message: 'One' } })));
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();

    layOut(log, 1000 - 400 - chatLimits.unreadThresholdPx - 1);
    act(() => socket.fire('messaging', chatMessage({ id: 3, payload: { message: 'Two' } })));
    expect(log.scrollTop).toBe(1000 - 400 - chatLimits.unreadThresholdPx - 1);
    await user.click(await screen.findByRole('button', { name: 'New messages' }));
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('reads the ten messages before those held at the top, and keeps the first one in view', async () => {
    server.conversation = Array.from({ length: 25 }, (_, i) =>
      chatMessage({ id: i + 1, payload: { message: `Message ${i + 1}` } }),
    );
    // Each message 50 px tall, in the order shown.
    const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop');
    Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
      configurable: true,
      get(this: HTMLElement) {
        const shown = this.parentElement?.querySelectorAll('[data-message-id]') ?? [];
        return Math.max(0, [...shown].indexOf(this)) * 50;
      },
    });
    try {
      const { log } = await openChat();
      expect(within(log).getByText('Message 16')).toBeInTheDocument();
      expect(within(log).queryByText('Message 15')).toBeNull();
      // One more arrives by socket: the next page must skip it too.
      const latest = chatMessage({ id: 26, payload: { message: 'Message 26' } });
      server.conversation.push(latest);
      act(() => FakeSocket.latest().fire('messaging', latest));
      layOut(log, 0);
      expect(await within(log).findByText('Message 15')).toBeInTheDocument();
      // (Pages of skip 0 are the newest page: the first, and the one read after joining.)
      expect(server.histories.filter((page) => page.skip > 0)).toEqual([{ limit: 10, skip: 11 }]);
      expect(within(log).getByText('Message 6')).toBeInTheDocument();
      // Message 16 was at the top of the view; ten messages went above it.
      await waitFor(() => expect(log.scrollTop).toBe(500));
    } finally {
      if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
    }
  });
});

describe('attachments', { timeout: 20_000 }, () => {
  it('refuses a file of another type or too large, each message gone after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ applyAccept: false, advanceTimers: vi.advanceTimersByTime });
    await openChat();

    await user.upload(fileInput(), sized('statement.pdf', 'application/pdf', 1000));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is not supported');
    await act(() => vi.advanceTimersByTimeAsync(timings.alertMs));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.upload(fileInput(), sized('clip.mov', 'video/quicktime', 20 * MB + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large. Please select file no larger than 20 MB.',
    );
    await act(() => vi.advanceTimersByTimeAsync(timings.alertMs - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.upload(fileInput(), sized('photo.png', 'image/png', 10 * MB + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('no larger than 10 MB.');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('shows the upload’s progress, and a failed upload can be sent again', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { log } = await openChat();
    await user.upload(fileInput(), sized('slip.png', 'image/png', 2048));

    const first = FakeXhr.latest();
    expect(first.url).toBe('/api/chat/upload-image');
    expect(first.headers.get('x-wallet-user')).toBe('1');
    act(() => first.progress(512, 2048));
    expect(await within(log).findByText('Uploading… 25%')).toBeInTheDocument();
    act(() => first.failNetwork());
    expect(await within(log).findByText(/Not sent/)).toBeInTheDocument();
    expect(server.sends).toHaveLength(0);

    await user.click(within(log).getByRole('button', { name: 'Resend' }));
    const second = FakeXhr.latest();
    expect(second).not.toBe(first);
    act(() => second.respond(200, { path: '/api/chat/files/slip-1.png' }));
    await waitFor(() => expect(server.sends).toHaveLength(1));
    const sent = server.sends[0]?.message;
    expect(sent).toMatchObject({
      message_type: 'media',
      payload: { fileType: 'image', filePath: '/api/chat/files/slip-1.png', name: 'slip.png' },
    });

    act(() =>
      FakeSocket.latest().fire(
        'messaging',
        chatMessage({
          id: 60,
          sender: 'customer',
          type: 'media',
          payload: { fileType: 'image', filePath: '/api/chat/files/slip-1.png', name: 'slip.png' },
          deliverId: sent?.deliver.id,
        }),
      ),
    );
    expect(within(log).getAllByRole('img', { name: 'slip.png' })).toHaveLength(1);
    expect(within(log).queryByText(/Not sent/)).toBeNull();
  });

  it('removes a failed upload without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { log } = await openChat();
    await user.upload(fileInput(), sized('clip.mp4', 'video/mp4', 4096));
    const xhr = FakeXhr.latest();
    expect(xhr.url).toBe('/api/chat/upload-video');
    act(() => xhr.respond(413, { code: 'CHAT_FILE_TOO_LARGE', message: 'too large' }));
    expect(await within(log).findByText('Not sent: The file is too large.')).toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: 'Remove' }));
    expect(within(log).queryByText(/clip\.mp4/)).toBeNull();
    expect(within(log).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(server.sends).toHaveLength(0);
  });

  it('names a guest’s conversation in the form before the file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openChat(null);
    const guestId = localStorage.getItem('guest-id');
    expect(guestId).toMatch(UUID);
    expect(FakeSocket.latest().options.auth).toBeTypeOf('function');
    expect(FakeSocket.latest().joins).toEqual([{ room: `wallet-${guestId}` }]);

    await user.upload(fileInput(), sized('slip.gif', 'image/gif', 2048));
    const form = FakeXhr.latest().body as FormData;
    expect([...form.keys()]).toEqual(['guestId', 'file']);
    expect(form.get('guestId')).toBe(guestId);
    expect(server.histories[0]).toEqual({ limit: 10, skip: 0 });
  });
});
