import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { endChatSession } from '../chat-session';
import { FakeSocket, FakeXhr, serveChat } from '../chat-test-doubles';
import { type ChatMember, ChatPanel } from './chat-panel';

/** What chat-panel*.test.tsx share: the fetch stub, the member, the opened panel. */
export const fetchMock = vi.fn<typeof fetch>();
export const MB = 1024 * 1024;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const member: ChatMember = { userId: '3', username: '0811111111', name: 'Malee' };

export type ChatServer = ReturnType<typeof serveChat>;

/**
 * Each test starts with a fake chat server behind fetch and XMLHttpRequest and no sockets, and
 * ends with the session closed and the cache empty. `serve` receives each test's server.
 * (socket.io-client is mocked by each test file itself: vi.mock is hoisted per file.)
 */
export function withChatPanelStubs(serve: (server: ChatServer) => void): void {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serve(serveChat(fetchMock));
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
}

/** Opens the chat and waits for its first page; answers the text box. */
export async function openChat(who: ChatMember | null = member) {
  renderWithProviders(<ChatPanel id="chat" opened onClose={() => {}} member={who} />);
  const log = screen.getByRole('log', { name: 'Chat messages' });
  await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(FakeSocket.latest().joins).toHaveLength(1));
  return { log, box: screen.getByRole('textbox', { name: 'Message' }) };
}

export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

export function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
