import { randomUUID } from 'node:crypto';
import type { ConversationParty } from '@wallet/contract/backoffice';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatFiles } from '../../db/schema';
import { numberFromInt8, relaxStatementCommit, rows } from '../../db/statement';

/** Whose conversation: a member's or a guest's (docs/decisions/0044-chat.md). */
export type ChatParty = { memberId: number } | { guestId: string };

export function isGuestParty(party: ChatParty): party is { guestId: string } {
  return 'guestId' in party;
}

export type ConversationRow = typeof chatConversations.$inferSelect;

export type MessageRow = {
  id: number;
  conversationId: number;
  sessionId: string;
  sender: 'customer' | 'agent' | 'bot' | 'system';
  messageType: string;
  payload: Record<string, unknown>;
  deliverId: string;
  /** The member's id and guest id of the conversation, for the message's shape. */
  memberId: number | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
  deviceToken: string | null;
  createdAt: Date;
};

type RawMessage = {
  id: unknown;
  conversation_id: unknown;
  session_id: string;
  sender: MessageRow['sender'];
  message_type: string;
  payload: Record<string, unknown>;
  deliver_id: string;
  member_id: number | null;
  guest_id: string | null;
  username: string | null;
  name: string | null;
  device_token: string | null;
  created_at: Date | string;
};

function toMessage(raw: RawMessage): MessageRow {
  return {
    id: numberFromInt8(raw.id),
    conversationId: numberFromInt8(raw.conversation_id),
    sessionId: raw.session_id,
    sender: raw.sender,
    messageType: raw.message_type,
    payload: raw.payload,
    deliverId: raw.deliver_id,
    memberId: raw.member_id,
    guestId: raw.guest_id,
    username: raw.username,
    name: raw.name,
    deviceToken: raw.device_token,
    createdAt: new Date(raw.created_at),
  };
}

const messageColumns = sql.raw(
  `m.id, m.conversation_id, m.session_id, m.sender, m.message_type, m.payload, m.deliver_id,
   c.member_id, c.guest_id, m.username, m.name, m.device_token, m.created_at`,
);

function partyMatch(party: ChatParty) {
  return 'memberId' in party
    ? eq(chatConversations.memberId, party.memberId)
    : eq(chatConversations.guestId, party.guestId);
}

export async function findConversation(db: Db, party: ChatParty): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(partyMatch(party));
  return row ?? null;
}

export async function findConversationById(db: Db, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row ?? null;
}

/** The party's conversation, made on first use (of two racing, one insert wins; both read it). */
export async function openConversation(db: Db, party: ChatParty): Promise<ConversationRow> {
  const existing = await findConversation(db, party);
  if (existing) return existing;
  await db
    .insert(chatConversations)
    .values({ ...party, sessionId: randomUUID() })
    .onConflictDoNothing();
  const made = await findConversation(db, party);
  if (!made) throw new Error('chat conversation was not created');
  return made;
}

export type NewMessage = {
  conversationId: number;
  sender: MessageRow['sender'];
  staffId: number | null;
  messageType: string;
  payload: Record<string, unknown>;
  deliverId: string;
  username: string | null;
  name: string | null;
  deviceToken: string | null;
};

/**
 * Adds a message to the conversation's running session, once per (conversation, sender,
 * deliver id): a retry of the same message inserts nothing and reads the first one (`created`
 * false). One statement, so the message and the conversation's last-message time agree.
 */
export async function insertMessage(
  db: Db,
  message: NewMessage,
): Promise<{ message: MessageRow; created: boolean }> {
  // A message is stored with a relaxed commit (docs/decisions/0044-chat.md): only a crash of the
  // database server itself within a fraction of a second can lose one, never money.
  const m = message;
  const [inserted] = await rows<RawMessage>(
    db,
    sql`with ins as (
          insert into chat_messages (conversation_id, session_id, sender, staff_id, message_type,
            payload, deliver_id, username, name, device_token)
          select id, session_id, ${m.sender}, ${m.staffId}, ${m.messageType},
            ${JSON.stringify(m.payload)}::jsonb, ${m.deliverId}, ${m.username}, ${m.name},
            ${m.deviceToken}
          from chat_conversations, ${relaxStatementCommit}
          where id = ${m.conversationId}
          on conflict (conversation_id, sender, deliver_id) do nothing
          returning *),
        touch as (
          update chat_conversations c set last_message_at = ins.created_at
          from ins where c.id = ins.conversation_id)
        select ${messageColumns} from ins m join chat_conversations c on c.id = m.conversation_id`,
  );
  if (inserted) return { message: toMessage(inserted), created: true };
  const [earlier] = await rows<RawMessage>(
    db,
    sql`select ${messageColumns} from chat_messages m
        join chat_conversations c on c.id = m.conversation_id
        where m.conversation_id = ${message.conversationId} and m.sender = ${message.sender}
          and m.deliver_id = ${message.deliverId}`,
  );
  if (!earlier) throw new Error(`chat conversation ${message.conversationId} does not exist`);
  return { message: toMessage(earlier), created: false };
}

/**
 * One page of a conversation: the `limit` messages that come `skip` messages before the
 * newest, oldest first; and how many there are in all.
 */
export async function messagePage(
  db: Db,
  conversationId: number,
  limit: number,
  skip: number,
): Promise<{ total: number; messages: MessageRow[] }> {
  const [page, [count]] = await Promise.all([
    rows<RawMessage>(
      db,
      sql`select ${messageColumns} from chat_messages m
          join chat_conversations c on c.id = m.conversation_id
          where m.conversation_id = ${conversationId}
          order by m.id desc limit ${limit} offset ${skip}`,
    ),
    rows<{ total: unknown }>(
      db,
      sql`select count(*) as total from chat_messages where conversation_id = ${conversationId}`,
    ),
  ]);
  return { total: numberFromInt8(count?.total ?? 0), messages: page.map(toMessage).reverse() };
}

/**
 * Marks everything so far as read by one side; true when that moved the mark (a new message
 * was read), so a receipt that changes nothing tells nobody.
 */
export async function markRead(
  db: Db,
  conversationId: number,
  side: 'customer' | 'staff',
): Promise<boolean> {
  const column = sql.raw(side === 'customer' ? 'customer_read_id' : 'staff_read_id');
  const moved = await rows<{ id: unknown }>(
    db,
    sql`update chat_conversations c
        set ${column} = latest.id
        from (select max(id) as id from chat_messages where conversation_id = ${conversationId})
          latest
        where c.id = ${conversationId} and latest.id > c.${column}
        returning c.id`,
  );
  return moved.length > 0;
}

/** Starts a new session of the conversation; null when there is no such conversation. */
export async function startSession(db: Db, conversationId: number): Promise<string | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ sessionId: randomUUID() })
    .where(eq(chatConversations.id, conversationId))
    .returning({ sessionId: chatConversations.sessionId });
  return row?.sessionId ?? null;
}

export type ConversationSummaryRow = {
  conversation: ConversationRow;
  name: string | null;
  username: string | null;
  unread: number;
  customerReadAll: boolean;
  lastMessage: MessageRow | null;
};

/** Where a page of the staff list starts: after this last-message time (µs) and id. */
export type ConversationCursor = { atMicros: string; id: number };

const partyFilters: Record<ConversationParty, SQL> = {
  all: sql`true`,
  members: sql`c.member_id is not null`,
  guests: sql`c.guest_id is not null`,
};

/**
 * Open conversations for staff, most recent first: those whose running session has a message
 * from the customer; of one party kind, from after `after`. Unread: customer messages after
 * staff's mark; read by the customer: no staff or bot message after the customer's mark. Each
 * row carries its place in the order (`cursor`), the microseconds the database keeps.
 */
export async function openConversations(
  db: Db,
  page: { party: ConversationParty; limit: number; after: ConversationCursor | undefined },
): Promise<(ConversationSummaryRow & { cursor: ConversationCursor })[]> {
  const atMicros = sql`(extract(epoch from c.last_message_at) * 1000000)::bigint`;
  const after = page.after
    ? sql`(${atMicros}, c.id) < (${page.after.atMicros}::bigint, ${page.after.id})`
    : sql`true`;
  const found = await rows<
    RawMessage & {
      c_id: unknown;
      c_member_id: number | null;
      c_guest_id: string | null;
      c_session_id: string;
      c_customer_read_id: unknown;
      c_staff_read_id: unknown;
      c_last_message_at: Date | string | null;
      c_created_at: Date | string;
      member_name: string | null;
      member_username: string | null;
      unread: unknown;
      customer_read_all: boolean;
      at_micros: unknown;
    }
  >(
    db,
    sql`select c.id as c_id, c.member_id as c_member_id, c.guest_id as c_guest_id,
          c.session_id as c_session_id, c.customer_read_id as c_customer_read_id,
          c.staff_read_id as c_staff_read_id, c.last_message_at as c_last_message_at,
          c.created_at as c_created_at, mb.name as member_name, mb.username as member_username,
          (select count(*) from chat_messages u where u.conversation_id = c.id
            and u.sender = 'customer' and u.id > c.staff_read_id) as unread,
          not exists (select from chat_messages r where r.conversation_id = c.id
            and r.sender in ('agent', 'bot') and r.id > c.customer_read_id) as customer_read_all,
          ${atMicros}::text as at_micros, ${messageColumns}
        from chat_conversations c
        left join members mb on mb.id = c.member_id
        join lateral (select * from chat_messages l where l.conversation_id = c.id
          order by l.id desc limit 1) m on true
        where c.last_message_at is not null and ${partyFilters[page.party]} and ${after}
          and exists (select from chat_messages s where s.conversation_id = c.id
            and s.session_id = c.session_id and s.sender = 'customer')
        order by ${atMicros} desc, c.id desc
        limit ${page.limit}`,
  );
  return found.map((row) => ({
    conversation: {
      id: numberFromInt8(row.c_id),
      memberId: row.c_member_id,
      guestId: row.c_guest_id,
      sessionId: row.c_session_id,
      customerReadId: numberFromInt8(row.c_customer_read_id),
      staffReadId: numberFromInt8(row.c_staff_read_id),
      lastMessageAt: row.c_last_message_at === null ? null : new Date(row.c_last_message_at),
      createdAt: new Date(row.c_created_at),
    },
    name: row.member_name,
    username: row.member_username,
    unread: numberFromInt8(row.unread),
    customerReadAll: row.customer_read_all,
    lastMessage: toMessage(row),
    cursor: { atMicros: String(row.at_micros), id: numberFromInt8(row.c_id) },
  }));
}

export type ChatFileRow = typeof chatFiles.$inferSelect;

export async function insertFile(
  db: Db,
  file: {
    conversationId: number;
    fileKey: string;
    kind: 'image' | 'video';
    contentType: string;
    size: number;
  },
): Promise<ChatFileRow> {
  const [row] = await db.insert(chatFiles).values(file).returning();
  if (!row) throw new Error('chat file was not recorded');
  return row;
}

export async function findFile(db: Db, id: number): Promise<ChatFileRow | null> {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, id));
  return row ?? null;
}

/** Whether a message of the file's own conversation names the file (a media message's fileId). */
const fileNamed = sql`exists (select from chat_messages m
  where m.conversation_id = ${chatFiles.conversationId}
    and m.payload->>'fileId' = ${chatFiles.id}::text)`;

/**
 * The file, only when it was uploaded into that conversation and may still be named: within
 * `nameWithinMinutes` of its upload, or already named by a message (a retry of that message).
 */
export async function findConversationFile(
  db: Db,
  conversationId: number,
  id: number,
  nameWithinMinutes: number,
): Promise<ChatFileRow | null> {
  const [row] = await db
    .select()
    .from(chatFiles)
    .where(
      and(
        eq(chatFiles.id, id),
        eq(chatFiles.conversationId, conversationId),
        sql`(${chatFiles.createdAt} > now() - make_interval(mins => ${nameWithinMinutes})
          or ${fileNamed})`,
      ),
    );
  return row ?? null;
}

/** The bytes of every chat file stored, for the storage quota. */
export async function storedFileBytes(db: Db): Promise<number> {
  const [row] = await rows<{ bytes: unknown }>(
    db,
    sql`select coalesce(sum(size), 0) as bytes from chat_files`,
  );
  return numberFromInt8(row?.bytes ?? 0);
}

/** Up to `batch` files that no message names and that are older than `olderThanMinutes`. */
export async function orphanFiles(
  db: Db,
  olderThanMinutes: number,
  batch: number,
): Promise<{ id: number; fileKey: string }[]> {
  const found = await rows<{ id: unknown; file_key: string }>(
    db,
    sql`select id, file_key from chat_files
        where created_at < now() - make_interval(mins => ${olderThanMinutes}) and not ${fileNamed}
        order by id limit ${batch}`,
  );
  return found.map((row) => ({ id: numberFromInt8(row.id), fileKey: row.file_key }));
}

export async function deleteFiles(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(chatFiles).where(inArray(chatFiles.id, ids));
}

/** The member's name and username, as the messages of their conversation carry them. */
export async function memberNames(
  db: Db,
  memberId: number,
): Promise<{ name: string; username: string } | null> {
  const [row] = await rows<{ name: string; username: string }>(
    db,
    sql`select name, username from members where id = ${memberId}`,
  );
  return row ?? null;
}
