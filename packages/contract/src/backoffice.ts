import { z } from 'zod';
import { ChatButtonSchema, ChatMessageSchema, ChatTextSchema, GenericCardSchema } from './chat';
import { TimestampSchema } from './common';
import { paging } from './constants';

/**
 * The back office's support chat (docs/decisions/0044-chat.md). Staff sign in apart from
 * members (staff.ts); every `/api/backoffice` call carries their session, as a bearer token or
 * the browser's httpOnly cookie, and so does the socket's handshake.
 */

// Chat.

/** One row of the staff's conversation list. */
export const ConversationSummarySchema = z.object({
  id: z.number().int(),
  /** The socket room of the conversation (`<PREFIX>-<userId or guestId>`). */
  room: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  /** The member's name and username, or null for a guest. */
  name: z.string().nullable(),
  username: z.string().nullable(),
  sessionId: z.string(),
  /** Customer messages staff has not read yet. */
  unread: z.number().int().min(0),
  /** Whether the customer has read every staff message so far. */
  customerReadAll: z.boolean(),
  lastMessage: ChatMessageSchema.nullable(),
  lastMessageAt: TimestampSchema.nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** Whose conversations the list shows: everyone's, members' only, or guests' only. */
export const conversationParties = ['all', 'members', 'guests'] as const;
export type ConversationParty = (typeof conversationParties)[number];

/** A page of the list: 30 rows, as a support screen shows without scrolling far. */
export const CONVERSATION_PAGE_SIZE = 30;

/**
 * `GET /api/backoffice/chat/conversations?party=&limit=&cursor=`: the open conversations, most
 * recent first, a page at a time. `cursor` is the previous page's `nextCursor` (opaque: the
 * last row's message time and id), so a page follows on where the last one ended however many
 * conversations a flood adds at the top meanwhile.
 */
export const ConversationListQuerySchema = z.object({
  party: z.enum(conversationParties, { error: 'KEY_INVALID' }).default('all'),
  limit: z.coerce
    .number({ error: 'KEY_INVALID' })
    .int({ error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_INVALID' })
    .max(paging.maxLimit, { error: 'KEY_INVALID' })
    .default(CONVERSATION_PAGE_SIZE),
  cursor: z
    .string({ error: 'KEY_INVALID' })
    .regex(/^\d{1,20}_\d{1,19}$/, { error: 'KEY_INVALID' })
    .optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

/** `nextCursor` is null on the last page. */
export const ConversationListResponseSchema = z.object({
  conversations: z.array(ConversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponseSchema>;

const ConversationIdSchema = z
  .number({ error: 'KEY_INVALID' })
  .int({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_INVALID' });

export const ConversationRequestSchema = z.object({ conversationId: ConversationIdSchema });
export type ConversationRequest = z.infer<typeof ConversationRequestSchema>;

/** `POST /api/backoffice/chat/history`: pages as the customer's history does. */
export const StaffHistoryRequestSchema = z.object({
  conversationId: ConversationIdSchema,
  limit: z.number({ error: 'KEY_INVALID' }).int().min(1).max(paging.maxLimit),
  skip: z.number({ error: 'KEY_INVALID' }).int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type StaffHistoryRequest = z.infer<typeof StaffHistoryRequestSchema>;

const NESTED = { error: 'KEY_INVALID' } as const;
const shortText = (max: number) =>
  z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(max, {
    error: 'KEY_INVALID',
  });
const StaffButtonSchema = ChatButtonSchema.extend({
  title: shortText(80),
  payload: z.string({ error: 'KEY_INVALID' }).trim().max(1000, { error: 'KEY_INVALID' }),
});
const StaffCardSchema = GenericCardSchema.extend({
  image_url: z.string({ error: 'KEY_INVALID' }).max(1000, { error: 'KEY_INVALID' }),
  title: shortText(80),
  subtitle: z.string({ error: 'KEY_INVALID' }).max(200, { error: 'KEY_INVALID' }),
  buttons: z.array(StaffButtonSchema).max(3, { error: 'KEY_INVALID' }),
});

/**
 * What staff may send: text; quick replies (a text and up to 10 postback choices); buttons
 * (a text and up to 3 buttons that open a link, call a number or post back); media (a file
 * uploaded into this conversation); generic cards (up to 10).
 */
export const StaffOutgoingMessageSchema = z.discriminatedUnion(
  'message_type',
  [
    z.object({
      message_type: z.literal('text'),
      payload: z.object({ message: ChatTextSchema }, NESTED),
    }),
    z.object({
      message_type: z.literal('quick_replies'),
      payload: z.object(
        {
          message: ChatTextSchema,
          buttons: z
            .array(StaffButtonSchema.extend({ type: z.literal('postback') }))
            .min(1, { error: 'KEY_MISSING' })
            .max(10, { error: 'KEY_INVALID' }),
        },
        NESTED,
      ),
    }),
    z.object({
      message_type: z.literal('buttons'),
      payload: z.object(
        {
          message: ChatTextSchema,
          buttons: z
            .array(StaffButtonSchema)
            .min(1, { error: 'KEY_MISSING' })
            .max(3, { error: 'KEY_INVALID' }),
        },
        NESTED,
      ),
    }),
    z.object({
      message_type: z.literal('media'),
      payload: z.object(
        {
          fileType: z.enum(['image', 'video'], { error: 'KEY_INVALID' }),
          filePath: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(500),
          name: z.string({ error: 'KEY_INVALID' }).max(255).optional(),
        },
        NESTED,
      ),
    }),
    z.object({
      message_type: z.literal('generic'),
      payload: z.object(
        {
          elements: z
            .array(StaffCardSchema)
            .min(1, { error: 'KEY_MISSING' })
            .max(10, { error: 'KEY_INVALID' }),
        },
        NESTED,
      ),
    }),
  ],
  { error: 'KEY_INVALID' },
);
export type StaffOutgoingMessage = z.infer<typeof StaffOutgoingMessageSchema>;

/** `POST /api/backoffice/chat/send`; `deliverId` makes a retry send once. */
export const StaffSendRequestSchema = z.object({
  conversationId: ConversationIdSchema,
  deliverId: z
    .string({ error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_MISSING' })
    .max(64, { error: 'KEY_INVALID' }),
  message: StaffOutgoingMessageSchema,
});
export type StaffSendRequest = z.infer<typeof StaffSendRequestSchema>;

/**
 * `POST /api/backoffice/chat/end`: the conversation's session ends. A `system` message opens
 * the new session, so the customer sees 'End Conversation' at once.
 */
export const EndConversationResponseSchema = z.object({ sessionId: z.string() });
export type EndConversationResponse = z.infer<typeof EndConversationResponseSchema>;

/** Staff uploads name their conversation in a form field before the file. */
export const STAFF_UPLOAD_CONVERSATION_FIELD = 'conversationId';

// Socket: a staff socket is in the `staff` room and hears every conversation.

export const STAFF_ROOM = 'staff';

/** A message of any conversation, for the staff screen. */
export const StaffMessagingEventSchema = z.object({
  conversationId: z.number().int(),
  message: ChatMessageSchema,
});
export type StaffMessagingEvent = z.infer<typeof StaffMessagingEventSchema>;

/** The customer has read the conversation so far. */
export const StaffReadEventSchema = z.object({ conversationId: z.number().int() });
export type StaffReadEvent = z.infer<typeof StaffReadEventSchema>;

export const staffSocketEvents = {
  messaging: 'staff:messaging',
  read: 'staff:read',
} as const;

export interface StaffServerToClientEvents {
  'staff:messaging': (event: StaffMessagingEvent) => void;
  'staff:read': (event: StaffReadEvent) => void;
}
