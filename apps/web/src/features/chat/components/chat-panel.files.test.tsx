import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatLimits, timings } from '@wallet/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { chatMessage, FakeSocket, FakeXhr } from '../chat-test-doubles';
import {
  type ChatServer,
  fileInput,
  MB,
  openChat,
  sized,
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
