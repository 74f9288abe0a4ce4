import {
  type ChatClientToServerEvents,
  type ChatMessage,
  ChatMessageSchema,
  type ChatServerToClientEvents,
  chatRoom,
  chatSocketEvents,
  JoinAckSchema,
  WalletEventSchema,
} from '@wallet/contract/chat';
import { chatLimits, paging } from '@wallet/contract/constants';
import { signInAgainCodes } from '@wallet/contract/errors';
import { io, type Socket } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { isStaffMessage, mergeMessages } from '../../components/chat/chat-messages';
import { revokePreview, withoutEchoed } from '../../components/chat/message-outbox';
import { debounce } from '../../lib/debounce';
import { getToken } from '../../lib/session-store';
import { getProfile } from '../account/api/get-profile';
import { applyWalletEvent } from '../wallet/api/wallet-event';
import { getChatPrefix } from './api/get-chat-config';
import { getChatHistory } from './api/get-chat-history';
import { markChatRead } from './api/mark-chat-read';
import { type ChatState, initialChatState } from './chat-conversation';
import { type ChatIdentity, callerOf, conversationId } from './chat-identity';
import { ChatOutbox } from './chat-outbox';

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** How long a `join` waits for its acknowledgement before it counts as failed. */
const JOIN_TIMEOUT_MS = 10_000;

function identityKey(identity: ChatIdentity): string {
  return `${identity.kind}:${conversationId(identity)}`;
}

/** A handshake refused with a sign-in-again code, or because the service is closed. */
function endsSession(error: Error): boolean {
  const code: unknown = (error as Error & { data?: { code?: unknown } }).data?.code;
  return (
    typeof code === 'string' &&
    (code === 'TERMINATED' || (signInAgainCodes as readonly string[]).includes(code))
  );
}

function newestStaffId(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && isStaffMessage(message)) return message.id;
  }
  return 0;
}

/**
 * One conversation (the spec's screens, states and calls; the API contract, chat socket): its socket and
 * room, its history pages, the customer's messages from their first show to their echo, and
 * the read receipts. The panel renders `store`; for a member the socket also carries `wallet`
 * events, so it connects once the shell has settled, whether or not the panel is ever opened.
 */
export class ChatSession {
  readonly store = createStore<ChatState>(() => ({ ...initialChatState }));
  identity: ChatIdentity;
  private socket: ChatSocket | null = null;
  private joined = false;
  private joining = false;
  private check: ReturnType<typeof setInterval> | null = null;
  private firstPage: Promise<void> | null = null;
  private viewing = false;
  private lastReadId = 0;
  private disposed = false;
  /** The customer's messages on their way. */
  readonly outbox = new ChatOutbox(
    () => this.store.getState(),
    (update) => this.set(update),
    () => this.identity,
  );
  private readonly read = debounce(() => void this.sendRead(), chatLimits.readReceiptDebounceMs);

  constructor(identity: ChatIdentity) {
    this.identity = identity;
  }

  get key(): string {
    return identityKey(this.identity);
  }

  private set(partial: Partial<ChatState> | ((state: ChatState) => Partial<ChatState>)): void {
    if (!this.disposed) this.store.setState(partial);
  }

  // The socket.

  /** Opens the socket and joins the room; a check every 5 s rejoins (the spec's states). */
  connect(): void {
    if (this.socket || this.disposed) return;
    this.set({ connection: 'connecting' });
    const socket: ChatSocket = io(window.location.origin, {
      path: '/socket.io',
      transports: ['websocket'],
      // Read at each (re)connection, so a reconnection carries the credentials of the moment.
      auth: (send) =>
        send(
          this.identity.kind === 'member'
            ? { token: getToken() ?? '' }
            : { guestId: this.identity.guestId },
        ),
      reconnectionDelay: chatLimits.socketReconnectDelayMs,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    socket.on('connect', () => void this.join());
    socket.on('disconnect', (reason) => {
      this.joined = false;
      this.set({ connection: 'connecting' });
      // The server closed it on purpose (the member's session ended): socket.io will not reconnect.
      if (reason === 'io server disconnect') this.checkSession();
    });
    socket.on('connect_error', (error) => {
      this.joined = false;
      this.set({ connection: 'failed' });
      // The server refused the handshake itself (socket.io stops retrying) for the session.
      if (!socket.active && endsSession(error)) this.checkSession();
    });
    socket.on(chatSocketEvents.messaging, (message: unknown) => this.onMessaging(message));
    socket.on(chatSocketEvents.wallet, (event: unknown) => this.onWallet(event));
    this.socket = socket;
    this.check = setInterval(() => this.checkConnection(), chatLimits.socketCheckMs);
  }

  /**
   * A socket the server will not have may mean the member's session has ended (signed out
   * elsewhere, password changed, expired, the account switched off, the service closed): one
   * API call asks, and the API client does what it does for any call so refused, sign-in or
   * /terminated (lib/api-client.ts), so the member is not left on a page whose calls all fail.
   */
  private checkSession(): void {
    if (this.identity.kind === 'member' && getToken()) void getProfile().catch(() => undefined);
  }

  private checkConnection(): void {
    const socket = this.socket;
    if (!socket) return;
    if (!socket.connected) {
      // socket.io retries by itself unless the server closed the connection on purpose.
      if (!socket.active) socket.connect();
      return;
    }
    if (!this.joined) void this.join();
  }

  private async join(): Promise<void> {
    const socket = this.socket;
    if (!socket?.connected || this.joining || this.joined) return;
    this.joining = true;
    try {
      const prefix = await getChatPrefix();
      const answer: unknown = await socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck(chatSocketEvents.join, {
          room: chatRoom(prefix, conversationId(this.identity)),
        });
      if (this.disposed || socket !== this.socket) return;
      const ack = JoinAckSchema.safeParse(answer);
      if (!ack.success || !ack.data.ok) {
        this.set({ connection: 'failed' });
        return;
      }
      this.joined = true;
      this.set({ connection: 'joined' });
      // Messages sent while the room was not joined never reach this socket: read them.
      if (this.firstPage || this.store.getState().loaded) void this.catchUp();
    } catch {
      this.set({ connection: 'failed' });
    } finally {
      this.joining = false;
    }
  }

  private onMessaging(raw: unknown): void {
    const parsed = ChatMessageSchema.safeParse(raw);
    if (!parsed.success) {
      console.error('Unexpected chat message', parsed.error);
      return;
    }
    const message = parsed.data;
    const added = this.addMessages([message]);
    if (added > 0 && isStaffMessage(message) && !this.viewing) {
      this.set((state) => ({ unseen: state.unseen + 1 }));
    }
  }

  private onWallet(raw: unknown): void {
    if (this.identity.kind !== 'member') return;
    const parsed = WalletEventSchema.safeParse(raw);
    if (parsed.success) applyWalletEvent(parsed.data);
    else console.error('Unexpected wallet event', parsed.error);
  }

  // The history.

  /** Adds messages, drops the pending messages they echo; answers how many were new. */
  private addMessages(incoming: readonly ChatMessage[], total?: number): number {
    const state = this.store.getState();
    const { messages, added } = mergeMessages(state.messages, incoming);
    const pending = withoutEchoed(state.pending, added);
    for (const gone of state.pending) if (!pending.includes(gone)) revokePreview(gone);
    const hasOlder = total === undefined ? state.hasOlder : messages.length < total;
    this.set({ messages, pending, hasOlder });
    return added.length;
  }

  /** The page ending where the held messages begin: skip is the number held (never overlapping). */
  private async readPage(): Promise<void> {
    const skip = this.store.getState().messages.length;
    const page = await getChatHistory({
      ...callerOf(this.identity),
      limit: paging.chatHistory,
      skip,
    });
    this.addMessages(page.messages, page.total);
  }

  /** The newest page, once; the panel calls it when it opens. */
  loadFirstPage(): Promise<void> {
    if (this.store.getState().loaded) return Promise.resolve();
    this.firstPage ??= this.readPage()
      .then(
        () => this.set({ loaded: true, historyFailed: false }),
        () => this.set({ historyFailed: true }),
      )
      .finally(() => {
        this.firstPage = null;
      });
    return this.firstPage;
  }

  /** Ten older messages (the spec's constants and limits), when the member scrolls to the top. */
  async loadOlder(): Promise<void> {
    const state = this.store.getState();
    if (!state.loaded || state.loadingOlder || !state.hasOlder) return;
    this.set({ loadingOlder: true });
    try {
      await this.readPage();
    } catch {
      // The spec's calls: a failed list read is ignored; scrolling up again retries it.
    } finally {
      this.set({ loadingOlder: false });
    }
  }

  /**
   * After a (re)join: the newest page. When it reaches back to what is held it simply merges;
   * when more was missed than a page holds, the conversation starts again from that page
   * (older pages then load by scrolling, as at first).
   */
  private async catchUp(): Promise<void> {
    await this.firstPage;
    if (!this.store.getState().loaded) return;
    try {
      const page = await getChatHistory({
        ...callerOf(this.identity),
        limit: paging.chatHistory,
        skip: 0,
      });
      const held = this.store.getState().messages;
      const oldest = page.messages[0];
      const newestHeld = held.at(-1)?.id ?? 0;
      const joins =
        held.length === 0 ||
        !oldest ||
        oldest.id <= newestHeld ||
        page.messages.length >= page.total;
      if (joins) {
        this.addMessages(page.messages, page.total);
        return;
      }
      const state = this.store.getState();
      const pending = withoutEchoed(state.pending, page.messages);
      this.set({
        messages: page.messages,
        pending,
        hasOlder: page.messages.length < page.total,
      });
    } catch {
      // The next join or page read brings the conversation up to date.
    }
  }

  // Read receipts.

  /** Whether the panel is open; opening it counts the unseen messages as seen. */
  setViewing(viewing: boolean): void {
    this.viewing = viewing;
    if (viewing) {
      this.set({ unseen: 0 });
      // The panel opens on its newest messages.
      this.noteSeen();
    } else {
      this.read.cancel();
    }
  }

  /** The panel shows the newest messages: a read receipt follows, debounced 1 s (the spec 4). */
  noteSeen(): void {
    if (!this.viewing) return;
    if (newestStaffId(this.store.getState().messages) > this.lastReadId) this.read.call();
  }

  private async sendRead(): Promise<void> {
    const newest = newestStaffId(this.store.getState().messages);
    if (this.disposed || !this.viewing || newest <= this.lastReadId) return;
    const before = this.lastReadId;
    this.lastReadId = newest;
    try {
      await markChatRead(callerOf(this.identity));
    } catch {
      this.lastReadId = before;
    }
  }

  /** Closes the socket and forgets the timers and uploads (the shell went away). */
  dispose(): void {
    this.disposed = true;
    this.read.cancel();
    if (this.check) clearInterval(this.check);
    this.outbox.dispose();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }
}

let current: ChatSession | null = null;

/**
 * The page's one conversation: the same session for the same member or guest (the member's
 * names refreshed), a new one, the old one closed, for anybody else.
 */
export function chatSessionFor(identity: ChatIdentity): ChatSession {
  if (current && current.key === identityKey(identity)) {
    current.identity = identity;
    return current;
  }
  current?.dispose();
  current = new ChatSession(identity);
  return current;
}

/** Ends the conversation of the page (its shell or contact page went away). */
export function endChatSession(): void {
  current?.dispose();
  current = null;
}
