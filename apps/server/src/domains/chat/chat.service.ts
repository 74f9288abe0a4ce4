import type {
  ConversationListQuery,
  ConversationListResponse,
  EndConversationResponse,
  StaffHistoryRequest,
  StaffMessagingEvent,
  StaffReadEvent,
  StaffSendRequest,
} from '@wallet/contract/backoffice';
import {
  type ChatConfigResponse,
  type ChatHistoryResponse,
  type ChatMessage,
  type ChatSendRequest,
  type ChatSendResponse,
  type ChatUploadResponse,
  chatRoom,
} from '@wallet/contract/chat';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { DomainError } from '../../lib/domain-error';
import type { FileStorage } from '../../lib/file-storage';
import type { Log } from '../../lib/log';
import type { MultipartForm } from '../../lib/multipart-form';
import type { SignedLinks } from '../../lib/signed-links';
import type { AuthContext } from '../auth/auth.service';
import type { StaffContext } from '../staff/staff.service';
import {
  type ChatParty,
  type ConversationRow,
  findConversation,
  findConversationById,
  findFile,
  insertMessage,
  isGuestParty,
  type MessageRow,
  markRead,
  memberNames,
  messagePage,
  type NewMessage,
  openConversation,
  openConversations,
  startSession,
} from './chat.repository';
import { type ChatFileKind, checkFile, checkStorageQuota, storeFile } from './chat-files';
import { mediaPayload, toChatMessage } from './chat-messages';

/** Where a message goes once it is stored: its room, and the staff screen (chat.gateway.ts). */
export interface ChatHub {
  toConversation(room: string, message: ChatMessage): void;
  toStaff(event: StaffMessagingEvent): void;
  readByCustomer(event: StaffReadEvent): void;
}

export type ChatServiceDeps = {
  db: Db;
  storage: FileStorage;
  links: SignedLinks;
  counters: CounterStore;
  hub: ChatHub;
  prefix: string;
  limits: ChatLimits;
  log: Log;
};

/**
 * How much one caller may do (docs/decisions/0056-chat-abuse-limits.md). A guest id is chosen
 * by the client, so a fresh one costs nothing: what a guest may do is also counted per address
 * (the request's IP under TRUST_PROXY), with room for the many players behind one carrier NAT.
 */
export type ChatLimits = {
  /** Messages per member or guest per minute. */
  messagesPerMinute: number;
  /** Uploads per member or guest per hour. */
  uploadsPerHour: number;
  /** Guest messages per address per minute, all guest ids together. */
  guestMessagesPerIpPerMinute: number;
  /** New guest conversations per address per hour. */
  guestConversationsPerIpPerHour: number;
  /** Uploads per address per hour, counted apart for guests and for members. */
  uploadsPerIpPerHour: number;
  /** All chat files together, in bytes; an upload past it is refused (CHAT_STORAGE_FULL). */
  storageQuotaBytes: number;
};

const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * The support chat (docs/decisions/0044-chat.md). A conversation belongs to a member or a
 * guest; every message is stored once per (sender side, deliver id), then sent to the
 * conversation's room and to the staff screen. A caller reaches only its own conversation,
 * and files only through links given to the conversation's parties.
 */
export class ChatService {
  /**
   * Each party's conversation id, which never changes once made (the session does, and is read
   * by the insert itself): a message then costs one statement, not a lookup first. Bounded at
   * the parties chatting on one process; one forgotten is looked up again.
   */
  private readonly conversationIds = new LRUCache<string, number>({ max: 100_000 });

  constructor(private readonly deps: ChatServiceDeps) {}

  /**
   * The party's conversation, made on first use; a guest's new conversation counts against its
   * address first, so fresh guest ids cannot open conversations without end.
   */
  private async conversationIdOf(party: ChatParty, ip: string): Promise<number> {
    const key = this.room(party);
    const known = this.conversationIds.get(key);
    if (known !== undefined) return known;
    const { db, limits } = this.deps;
    if (isGuestParty(party) && !(await findConversation(db, party))) {
      await this.count(
        `chat-new-guest-ip:${ip}`,
        HOUR,
        limits.guestConversationsPerIpPerHour,
        'REQUEST_LIMIT',
      );
    }
    const { id } = await openConversation(db, party);
    this.conversationIds.set(key, id);
    return id;
  }

  config(): ChatConfigResponse {
    return { PREFIX: this.deps.prefix };
  }

  /** The socket room of a party's conversation. */
  room(party: ChatParty): string {
    return chatRoom(this.deps.prefix, 'memberId' in party ? party.memberId : party.guestId);
  }

  /**
   * Whose conversation a call is about: the token's member (a body naming anyone else is
   * NO_DATA, as for any other member's data), or without a token the body's guest.
   */
  callerOf(
    auth: AuthContext | null,
    body: { userId?: string | null | undefined; guestId?: string | null | undefined },
  ): ChatParty {
    if (auth) {
      if ((body.userId && body.userId !== String(auth.memberId)) || body.guestId) {
        throw new DomainError('NO_DATA');
      }
      return { memberId: auth.memberId };
    }
    if (body.userId) throw new DomainError('UNAUTHORIZED');
    if (!body.guestId) throw new DomainError('KEY_MISSING', { field: 'guestId' });
    return { guestId: body.guestId };
  }

  /** Adds one to a limit's counter; past `max` the call is refused with `code`. */
  private count(
    key: string,
    windowMs: number,
    max: number,
    code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN',
  ): Promise<void> {
    return spendOne(this.deps.counters, key, windowMs, max, code);
  }

  /** POST /api/chat/send-message: stored once per deliver id, then sent to the room. */
  async send(party: ChatParty, request: ChatSendRequest, ip: string): Promise<ChatSendResponse> {
    const { db, limits } = this.deps;
    const perMinute = 'REQUEST_LIMIT_1MIN';
    await this.count(`chat-send:${this.room(party)}`, MINUTE, limits.messagesPerMinute, perMinute);
    if (isGuestParty(party)) {
      await this.count(`chat-send-ip:${ip}`, MINUTE, limits.guestMessagesPerIpPerMinute, perMinute);
    }
    const conversationId = await this.conversationIdOf(party, ip);
    const { message } = request;
    const payload =
      message.message_type === 'media'
        ? await mediaPayload(this.deps.db, conversationId, message.payload)
        : message.payload;
    // A member's names come from the account, never from the body; a guest may give a name.
    const names =
      'memberId' in party
        ? await memberNames(db, party.memberId)
        : { name: request.name?.trim() || null, username: request.username?.trim() || null };
    const stored = await this.store({
      conversationId,
      sender: 'customer',
      staffId: null,
      messageType: message.message_type,
      payload,
      deliverId: message.deliver.id,
      username: names?.username ?? null,
      name: names?.name ?? null,
      deviceToken: request.deviceToken ?? null,
    });
    return { createdAt: stored.createdAt.toISOString() };
  }

  /** POST /api/chat/history: the party's conversation, newest pages first. */
  async history(
    party: ChatParty,
    page: { limit: number; skip: number },
  ): Promise<ChatHistoryResponse> {
    const conversation = await findConversation(this.deps.db, party);
    if (!conversation) return { total: 0, messages: [] };
    return this.page(conversation.id, page.limit, page.skip);
  }

  /** PUT /api/chat/read-customer/: the customer has read everything so far. */
  async read(party: ChatParty): Promise<void> {
    const conversation = await findConversation(this.deps.db, party);
    if (conversation && (await markRead(this.deps.db, conversation.id, 'customer'))) {
      this.deps.hub.readByCustomer({ conversationId: conversation.id });
    }
  }

  /** POST /api/chat/upload-image and /upload-video: the file joins the party's conversation. */
  async upload(
    party: ChatParty,
    kind: ChatFileKind,
    form: MultipartForm,
    ip: string,
  ): Promise<ChatUploadResponse> {
    const { limits } = this.deps;
    // Counted before the file is looked at, so that bad files cost attempts too. Members and
    // guests are counted apart per address, so a guest flood never stops a member's pictures.
    const side = isGuestParty(party) ? 'guest' : 'member';
    await this.count(
      `chat-upload:${this.room(party)}`,
      HOUR,
      limits.uploadsPerHour,
      'REQUEST_LIMIT',
    );
    await this.count(
      `chat-upload-ip:${side}:${ip}`,
      HOUR,
      limits.uploadsPerIpPerHour,
      'REQUEST_LIMIT',
    );
    const file = await checkFile(kind, form);
    await checkStorageQuota(this.deps, limits.storageQuotaBytes, file.data.length);
    return storeFile(this.deps, await this.conversationIdOf(party, ip), kind, file);
  }

  /** A file behind a signed link: its bytes and type, or NO_DATA. */
  async file(
    id: number,
    expires: number,
    signature: string,
  ): Promise<{ data: Buffer; contentType: string }> {
    if (!(await this.deps.links.valid(id, expires, signature))) throw new DomainError('NO_DATA');
    const row = await findFile(this.deps.db, id);
    const data = row ? await this.deps.storage.get(row.fileKey) : null;
    if (!row || !data) throw new DomainError('NO_DATA');
    return { data, contentType: row.contentType };
  }

  // Staff (the back office's chat screen).

  /**
   * A page of the open conversations, of members, guests or both, newest first: a flood of
   * guests fills the guests' pages and the first pages of all, never the members' list.
   */
  async conversations(query: ConversationListQuery): Promise<ConversationListResponse> {
    const [atMicros, id] = query.cursor?.split('_') ?? [];
    const found = await openConversations(this.deps.db, {
      party: query.party,
      // One more than the page tells whether another page follows.
      limit: query.limit + 1,
      after: atMicros && id ? { atMicros, id: Number(id) } : undefined,
    });
    const rows = found.slice(0, query.limit);
    const last = rows.at(-1);
    return {
      nextCursor:
        found.length > query.limit && last ? `${last.cursor.atMicros}_${last.cursor.id}` : null,
      conversations: await Promise.all(
        rows.map(async (row) => ({
          id: row.conversation.id,
          room: this.roomOf(row.conversation),
          userId: row.conversation.memberId === null ? null : String(row.conversation.memberId),
          guestId: row.conversation.guestId,
          name: row.name,
          username: row.username,
          sessionId: row.conversation.sessionId,
          unread: row.unread,
          customerReadAll: row.customerReadAll,
          lastMessage: row.lastMessage && (await toChatMessage(this.deps.links, row.lastMessage)),
          lastMessageAt: row.conversation.lastMessageAt?.toISOString() ?? null,
        })),
      ),
    };
  }

  async staffHistory(request: StaffHistoryRequest): Promise<ChatHistoryResponse> {
    await this.conversation(request.conversationId);
    return this.page(request.conversationId, request.limit, request.skip);
  }

  async staffSend(staff: StaffContext, request: StaffSendRequest): Promise<ChatSendResponse> {
    const conversation = await this.conversation(request.conversationId);
    const { message } = request;
    const payload =
      message.message_type === 'media'
        ? await mediaPayload(this.deps.db, conversation.id, message.payload)
        : message.payload;
    const stored = await this.store({
      conversationId: conversation.id,
      sender: 'agent',
      staffId: staff.id,
      messageType: message.message_type,
      payload,
      deliverId: request.deliverId,
      username: null,
      name: staff.name,
      deviceToken: null,
    });
    return { createdAt: stored.createdAt.toISOString() };
  }

  async staffRead(conversationId: number): Promise<void> {
    await this.conversation(conversationId);
    await markRead(this.deps.db, conversationId, 'staff');
  }

  /**
   * Ends the running session: a new session id, opened by a `system` message, so the customer
   * sees 'End Conversation' at once and the conversation leaves the open list.
   */
  async end(staff: StaffContext, conversationId: number): Promise<EndConversationResponse> {
    await this.conversation(conversationId);
    const sessionId = await startSession(this.deps.db, conversationId);
    if (!sessionId) throw new DomainError('NO_DATA');
    await this.store({
      conversationId,
      sender: 'system',
      staffId: staff.id,
      messageType: 'unknown',
      payload: { title: 'session_end' },
      deliverId: `end-${sessionId}`,
      username: null,
      name: staff.name,
      deviceToken: null,
    });
    return { sessionId };
  }

  async staffUpload(
    conversationId: number,
    kind: ChatFileKind,
    form: MultipartForm,
  ): Promise<ChatUploadResponse> {
    const file = await checkFile(kind, form);
    await this.conversation(conversationId);
    await checkStorageQuota(this.deps, this.deps.limits.storageQuotaBytes, file.data.length);
    return storeFile(this.deps, conversationId, kind, file);
  }

  // Inside.

  private async conversation(id: number): Promise<ConversationRow> {
    const conversation = await findConversationById(this.deps.db, id);
    if (!conversation) throw new DomainError('NO_DATA');
    return conversation;
  }

  private roomOf(conversation: ConversationRow): string {
    return chatRoom(this.deps.prefix, conversation.memberId ?? conversation.guestId ?? '');
  }

  /** Stores a message and, the first time only, sends it to its room and to staff. */
  private async store(message: NewMessage): Promise<MessageRow> {
    const { message: row, created } = await insertMessage(this.deps.db, message);
    if (created) {
      const out = await toChatMessage(this.deps.links, row);
      const room = chatRoom(this.deps.prefix, row.memberId ?? row.guestId ?? '');
      this.deps.hub.toConversation(room, out);
      this.deps.hub.toStaff({ conversationId: row.conversationId, message: out });
    }
    return row;
  }

  private async page(
    conversationId: number,
    limit: number,
    skip: number,
  ): Promise<ChatHistoryResponse> {
    const page = await messagePage(this.deps.db, conversationId, limit, skip);
    return {
      total: page.total,
      messages: await Promise.all(page.messages.map((row) => toChatMessage(this.deps.links, row))),
    };
  }
}
