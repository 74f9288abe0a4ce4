import type { Server as HttpServer, IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  STAFF_ROOM,
  type StaffMessagingEvent,
  type StaffReadEvent,
  type StaffServerToClientEvents,
  staffSocketEvents,
} from '@wallet/contract/backoffice';
import {
  type ChatClientToServerEvents,
  type ChatMessage,
  type ChatServerToClientEvents,
  ChatSocketAuthSchema,
  chatRoom,
  chatSocketEvents,
  JoinRequestSchema,
  type WalletEvent,
} from '@wallet/contract/chat';
import type { ErrorCode } from '@wallet/contract/errors';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { closeRedis, listenerOf } from '../../lib/redis';
import { requestIdOf } from '../../plugins/server-options';
import { STAFF_COOKIE } from '../../plugins/staff-auth';
import type { AuthService } from '../auth/auth.service';
import type { StaffService } from '../staff/staff.service';
import type { ChatHub } from './chat.service';

/** Who a socket is, from its handshake's `auth`. */
export type SocketIdentity =
  | { kind: 'member'; memberId: number; tokenHash: string }
  | { kind: 'guest'; guestId: string }
  | { kind: 'staff'; staffId: number; tokenHash: string };

type ServerEvents = ChatServerToClientEvents & StaffServerToClientEvents;
/** Between server processes: a member's wallet moved (each process pushes to its own sockets). */
type InterServerEvents = { walletMoved: (memberId: number) => void };
type ChatSocket = Socket<ChatClientToServerEvents, ServerEvents, InterServerEvents, SocketIdentity>;

export type ChatGatewayDeps = {
  auth: Pick<AuthService, 'authenticate' | 'liveTokens'>;
  staff: Pick<StaffService, 'authenticate' | 'liveTokens'>;
  /**
   * What every API request meets before its route, for a socket's handshake: the IP allow list
   * (INVALID_IP) and the service switch (TERMINATED). Throws a DomainError to refuse.
   */
  admit: (request: IncomingMessage) => Promise<void>;
  /** A staff socket's extra check (STAFF_IP_ALLOW_LIST), once it is known to be staff. */
  admitStaff: (request: IncomingMessage) => Promise<void>;
  /** How often the signed-in sockets' sessions are checked again (revoked, expired, inactive). */
  sessionCheckMs: number;
  prefix: string;
  redis: Redis | null;
  redisKeyPrefix: string;
  log: Log;
};

/**
 * socket.io on the API's own HTTP server (the API contract, chat socket; docs/decisions/0044). A
 * socket proves who it is in its handshake (a member's token, a guest id, a staff token) and
 * may join only its own room: `<PREFIX>-<its id>`, or `staff` for staff. With Redis, the
 * socket.io Redis adapter carries every emit to the sockets of the other server processes.
 */
export class ChatGateway implements ChatHub {
  readonly io: Server<ChatClientToServerEvents, ServerEvents, InterServerEvents, SocketIdentity>;
  private readonly redisClients: Redis[] = [];
  private readonly socketIds = new WeakMap<ChatSocket, string>();
  private walletListener: (memberId: number) => void = () => {};
  private readonly sessionCheck: NodeJS.Timeout;

  constructor(
    server: HttpServer,
    private readonly deps: ChatGatewayDeps,
  ) {
    this.io = new Server(server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      // A handshake and its first packet; chat messages travel over HTTP, not the socket.
      maxHttpBufferSize: 16 * 1024,
    });
    if (deps.redis) {
      const pub = listenerOf(deps.redis, deps.log, 'redis (chat)');
      const sub = listenerOf(deps.redis, deps.log, 'redis (chat)');
      this.redisClients.push(pub, sub);
      this.io.adapter(createAdapter(pub, sub, { key: `${deps.redisKeyPrefix}socket.io` }));
    }
    this.io.use((socket, next) => {
      const reqId = this.requestId(socket);
      this.deps
        .admit(socket.request)
        .then(() => this.identify(socket.handshake.auth, socket.handshake.headers.cookie))
        .then(async (identity) => {
          if (identity.kind === 'staff') await this.deps.admitStaff(socket.request);
          return identity;
        })
        .then(
          (identity) => {
            socket.data = identity;
            next();
          },
          (error: unknown) => {
            const code = error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR';
            if (!(error instanceof DomainError)) {
              deps.log.error({ reqId, err: error }, 'socket handshake');
            }
            next(Object.assign(new Error(code), { data: { code } }));
          },
        );
    });
    this.io.on('connection', (socket) => this.connected(socket));
    this.io.on('walletMoved', (memberId) => this.walletListener(memberId));
    this.sessionCheck = setInterval(() => {
      this.closeEndedSessions().catch((error: unknown) =>
        deps.log.error({ err: error }, 'chat socket session check'),
      );
    }, deps.sessionCheckMs);
    this.sessionCheck.unref();
  }

  /**
   * Closes this process's sockets whose member or staff session no longer authenticates
   * (signed out, password changed, expired, account switched off): a query per kind and per
   * 5,000 sessions. Every process checks its own sockets. A closed socket's client cannot open
   * a new one with the same token.
   */
  async closeEndedSessions(): Promise<void> {
    const sockets = [...this.io.of('/').sockets.values()];
    const check = async (
      kind: 'member' | 'staff',
      liveTokens: (tokenHashes: string[]) => Promise<Set<string>>,
    ) => {
      const signedIn = sockets.flatMap(({ data }) =>
        'tokenHash' in data && data.kind === kind ? [data.tokenHash] : [],
      );
      const unique = [...new Set(signedIn)];
      const live = new Set<string>();
      for (let i = 0; i < unique.length; i += 5000) {
        for (const hash of await liveTokens(unique.slice(i, i + 5000))) live.add(hash);
      }
      for (const socket of sockets) {
        const { data } = socket;
        if ('tokenHash' in data && data.kind === kind && !live.has(data.tokenHash)) {
          socket.disconnect(true);
        }
      }
    };
    await check('member', (hashes) => this.deps.auth.liveTokens(hashes));
    await check('staff', (hashes) => this.deps.staff.liveTokens(hashes));
  }

  /** The room a socket may join, from who it is. */
  private ownRoom(identity: SocketIdentity): string {
    switch (identity.kind) {
      case 'member':
        return chatRoom(this.deps.prefix, identity.memberId);
      case 'guest':
        return chatRoom(this.deps.prefix, identity.guestId);
      case 'staff':
        return STAFF_ROOM;
    }
  }

  /**
   * A member's token, a guest id or a staff token in the handshake's `auth`; with none of them,
   * the browser back office's session cookie (sent only by pages of this site: SameSite).
   */
  private async identify(auth: unknown, cookieHeader: string | undefined): Promise<SocketIdentity> {
    const staffCookie = cookieHeader ? fastifyCookie.parse(cookieHeader)[STAFF_COOKIE] : undefined;
    const empty =
      auth === undefined ||
      (typeof auth === 'object' && auth !== null && Object.keys(auth).length === 0);
    if (empty && staffCookie) auth = { staffToken: staffCookie };
    const parsed = ChatSocketAuthSchema.safeParse(auth);
    if (!parsed.success) throw new DomainError('UNAUTHORIZED');
    const given = parsed.data;
    if ('token' in given) {
      const member = await this.deps.auth.authenticate(`Bearer ${given.token}`);
      return { kind: 'member', memberId: member.memberId, tokenHash: member.tokenHash };
    }
    if ('guestId' in given) return { kind: 'guest', guestId: given.guestId };
    const staff = await this.deps.staff.authenticate(given.staffToken);
    return { kind: 'staff', staffId: staff.id, tokenHash: staff.tokenHash };
  }

  /**
   * The id every log line about a socket carries, as a request's: the proxy's X-Request-Id of
   * its handshake, or a new one.
   */
  private requestId(socket: ChatSocket): string {
    let id = this.socketIds.get(socket);
    if (id === undefined) {
      id = requestIdOf(socket.request);
      this.socketIds.set(socket, id);
    }
    return id;
  }

  private connected(socket: ChatSocket): void {
    const reqId = this.requestId(socket);
    const { kind } = socket.data;
    this.deps.log.info({ reqId, kind }, 'socket connected');
    socket.on('disconnect', (reason) => {
      this.deps.log.info({ reqId, kind, reason }, 'socket disconnected');
    });
    socket.on(chatSocketEvents.join, (request, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = JoinRequestSchema.safeParse(request);
      const code: ErrorCode | null = !parsed.success
        ? 'KEY_INVALID'
        : parsed.data.room === this.ownRoom(socket.data)
          ? null
          : 'UNAUTHORIZED';
      if (code !== null || !parsed.success) {
        ack({ ok: false, code: code ?? 'KEY_INVALID' });
        return;
      }
      void socket.join(parsed.data.room);
      ack({ ok: true });
    });
  }

  toConversation(room: string, message: ChatMessage): void {
    this.io.to(room).emit(chatSocketEvents.messaging, message);
  }

  toStaff(event: StaffMessagingEvent): void {
    this.io.to(STAFF_ROOM).emit(staffSocketEvents.messaging, event);
  }

  readByCustomer(event: StaffReadEvent): void {
    this.io.to(STAFF_ROOM).emit(staffSocketEvents.read, event);
  }

  // The wallet push (wallet-events.ts).

  /** Tells the other processes that a member's wallet moved; `listener` hears theirs. */
  announceWalletMoved(memberId: number): void {
    if (this.deps.redis) this.io.serverSideEmit('walletMoved', memberId);
  }

  onWalletMoved(listener: (memberId: number) => void): void {
    this.walletListener = listener;
  }

  /** Whether a socket of this process is in the member's room. */
  memberHere(memberId: number): boolean {
    return (this.io.of('/').adapter.rooms.get(chatRoom(this.deps.prefix, memberId))?.size ?? 0) > 0;
  }

  /** A `wallet` event to the member's sockets on this process (every process sends its own). */
  walletHere(memberId: number, event: WalletEvent): void {
    this.io.local.to(chatRoom(this.deps.prefix, memberId)).emit(chatSocketEvents.wallet, event);
  }

  async close(): Promise<void> {
    clearInterval(this.sessionCheck);
    await this.io.close();
    await Promise.all(this.redisClients.map(closeRedis));
  }
}
