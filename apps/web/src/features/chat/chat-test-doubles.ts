import type { ChatMessage, ChatSendRequest } from '@wallet/contract/chat';
import type { Mock } from 'vitest';
import { jsonResponse } from '../../test/render';

/**
 * Stand-ins for the chat's network boundary in unit tests: the socket.io client, the upload's
 * XMLHttpRequest and the chat calls behind fetch. The code under test is the real one.
 */

type Handler = (...args: unknown[]) => void;

/** A socket.io client socket that connects at once and answers `join` with `joinAnswer`. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  static joinAnswer: unknown = { ok: true };
  connected = false;
  active = true;
  readonly joins: unknown[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.serverConnects());
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  connect(): this {
    this.active = true;
    queueMicrotask(() => this.serverConnects());
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, request: unknown) => {
        if (event === 'join') this.joins.push(request);
        return FakeSocket.joinAnswer;
      },
    };
  }

  /** The server sends `event` to this socket. */
  fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  private serverConnects(): void {
    if (!this.active) return;
    this.connected = true;
    this.fire('connect');
  }
}

/** An XMLHttpRequest the test answers by hand. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  responseText = '';
  body: unknown = null;
  readonly headers = new Map<string, string>();
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static latest(): FakeXhr {
    const xhr = FakeXhr.all.at(-1);
    if (!xhr) throw new Error('nothing was uploaded');
    return xhr;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.all.push(this);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  failNetwork(): void {
    this.onerror?.();
  }
}

let nextId = 100;

/** A message as the server stores and emits it. */
export function chatMessage(
  fields: Partial<Omit<ChatMessage, 'message'>> & {
    type?: ChatMessage['message']['message_type'];
    payload?: ChatMessage['message']['payload'];
    deliverId?: string;
  } = {},
): ChatMessage {
  const { type = 'text', payload = { message: 'Hello' }, deliverId, ...rest } = fields;
  const id = rest.id ?? nextId++;
  return {
    id,
    sender: 'agent',
    createdAt: '2026-11-25T10:00:00.000Z',
    session_id: 's1',
    userId: '3',
    guestId: null,
    username: '0811111111',
    name: 'Malee',
    deviceToken: null,
    ...rest,
    message: {
      message_type: type,
      payload,
      deliver: { id: deliverId ?? `d${id}`, status: 'succeed' },
    },
  };
}

const pathOf = (url: unknown) => new URL(String(url), 'http://localhost').pathname;

/**
 * The chat calls of the server over one conversation: history pages out of `conversation`
 * (`skip` counted back from the newest), sends recorded (answered by `answerSend`), read
 * receipts counted.
 */
export function serveChat(fetchMock: Mock<typeof fetch>, options: { enabled?: boolean } = {}) {
  const server = {
    conversation: [] as ChatMessage[],
    sends: [] as ChatSendRequest[],
    histories: [] as { limit: number; skip: number }[],
    reads: 0,
    answerSend: async (): Promise<Response> =>
      jsonResponse({ createdAt: '2026-11-25T10:00:01.000Z' }),
  };
  fetchMock.mockImplementation(async (url, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    switch (pathOf(url)) {
      case '/api/lookup/enableChatWidget':
        return jsonResponse({ isActive: options.enabled ?? true });
      case '/api/chat/config':
        return jsonResponse({ PREFIX: 'wallet' });
      case '/api/chat/history': {
        server.histories.push({ limit: body.limit, skip: body.skip });
        const all = server.conversation;
        const end = Math.max(0, all.length - body.skip);
        const messages = all.slice(Math.max(0, end - body.limit), end);
        return jsonResponse({ total: all.length, messages });
      }
      case '/api/chat/send-message':
        server.sends.push(body);
        return server.answerSend();
      case '/api/chat/read-customer/':
        server.reads += 1;
        return jsonResponse({ success: true });
      default:
        return jsonResponse({ code: 'NO_DATA', message: 'none' }, 404);
    }
  });
  return server;
}
