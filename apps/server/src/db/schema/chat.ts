import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns';
import { memberRef } from './members';
import { staff } from './staff';

/**
 * One conversation per member or guest (exactly one of the two), for good: ending it starts a
 * new `session_id`. `customer_read_id` and `staff_read_id` are the last message each side has
 * read, so unread counts are a count of later messages from the other side.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigId(),
    memberId: memberRef().unique(),
    guestId: uuid('guest_id').unique(),
    sessionId: uuid('session_id').notNull(),
    customerReadId: bigint('customer_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // No index on last_message_at: each message sets it, and an unindexed column keeps that
    // update in place (HOT) instead of writing all the table's indexes (docs/performance.md,
    // Support chat); the staff list sorts what it reads.
    check('chat_conversations_party_check', sql`(${t.memberId} is null) <> (${t.guestId} is null)`),
  ],
);

/**
 * A message (the spec's entities). `deliver_id` is chosen by the sending client: a retry of the
 * same message finds the first one by (conversation, sender side, deliver_id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigId(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    sessionId: uuid('session_id').notNull(),
    sender: varchar('sender', { length: 10 }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    messageType: varchar('message_type', { length: 16 }).notNull(),
    payload: jsonb('payload').notNull(),
    deliverId: varchar('deliver_id', { length: 64 }).notNull(),
    username: varchar('username', { length: 100 }),
    name: varchar('name', { length: 100 }),
    deviceToken: varchar('device_token', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_deliver_key').on(t.conversationId, t.sender, t.deliverId),
    check('chat_messages_sender_check', sql`${t.sender} in ('customer', 'agent', 'bot', 'system')`),
  ],
);

/**
 * A file uploaded into a conversation: served only to its parties (the customer by a signed
 * link given with the message, staff likewise). A message may name only its own conversation's
 * files.
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: bigId(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    fileKey: varchar('file_key', { length: 200 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_files_conversation_idx').on(t.conversationId),
    check('chat_files_kind_check', sql`${t.kind} in ('image', 'video')`),
  ],
);
