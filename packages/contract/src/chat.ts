import { z } from 'zod';
import { TimestampSchema } from './common';
import { chatLimits, paging } from './constants';
import { ErrorCodeSchema } from './errors';
import { WalletBalanceSchema } from './wallet';

/**
 * Support chat (the spec's screens, entities, states, validation rules, calls and constants and limits; the API contract, chat socket). A member
 * chats as their profile id, a guest as a generated guest id kept locally. Chat calls carry
 * the bearer token when one is stored (the web client sends it on every call): with a token
 * the caller is the token's member, and a body whose userId or guestId names any other
 * conversation is refused with 404 NO_DATA; without one the caller is the body's guestId, and a
 * userId without a token is 401 UNAUTHORIZED.
 */

export const chatSenders = ['customer', 'agent', 'bot', 'system'] as const;
export const messageTypes = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
  'unknown',
] as const;
export const chatButtonTypes = ['web', 'call', 'postback', 'other'] as const;
export const chatFileTypes = ['image', 'video', 'file'] as const;
export const deliverStatuses = ['uploading_file', 'sending', 'failed', 'succeed'] as const;

export const ChatButtonSchema = z.object({
  type: z.enum(chatButtonTypes),
  title: z.string(),
  payload: z.string(),
});
export type ChatButton = z.infer<typeof ChatButtonSchema>;

export const GenericCardSchema = z.object({
  image_url: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttons: z.array(ChatButtonSchema),
});
export type GenericCard = z.infer<typeof GenericCardSchema>;

/** Which fields are set depends on `message_type`; `elements` holds the generic cards. */
export const ChatPayloadSchema = z.object({
  message: z.string().optional(),
  title: z.string().optional(),
  buttons: z.array(ChatButtonSchema).optional(),
  fileType: z.enum(chatFileTypes).optional(),
  filePath: z.string().optional(),
  name: z.string().optional(),
  elements: z.array(GenericCardSchema).optional(),
});
export type ChatPayload = z.infer<typeof ChatPayloadSchema>;

/** `id` is chosen by the sending client so it can match the echo of its own message. */
export const DeliverSchema = z.object({ id: z.string(), status: z.enum(deliverStatuses) });
export type Deliver = z.infer<typeof DeliverSchema>;

/** Chat message (the spec's entities), as history answers it and the socket emits it. */
export const ChatMessageSchema = z.object({
  /** The message's number in its conversation's order (later messages have larger ids). */
  id: z.number().int(),
  sender: z.enum(chatSenders),
  createdAt: TimestampSchema,
  session_id: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
  message: z.object({
    message_type: z.enum(messageTypes),
    payload: ChatPayloadSchema,
    deliver: DeliverSchema,
  }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

// Field rules.

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The guest id is the guest's only credential for their conversation, so it must be
 * unguessable: a random UUID (`crypto.randomUUID()`), kept under `storageKeys.guestId`. The
 * nil and max UUIDs are no one's (anyone could name them), and only the lower-case spelling
 * that `randomUUID` writes is taken: the database compares UUIDs without case, so a second
 * spelling of one id would reach the same conversation under another room name and other
 * limit counters (docs/decisions/0056-chat-abuse-limits.md).
 */
export const GuestIdSchema = z
  .uuid({ error: 'KEY_INVALID' })
  .refine((id) => id === id.toLowerCase() && id !== NIL_UUID && id !== MAX_UUID, {
    error: 'KEY_INVALID',
  });

/** Member ids travel as text in chat (they form room names); a number is accepted. */
export const ChatUserIdSchema = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, { error: 'KEY_INVALID' }),
      z.number().int({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_INVALID' }),
    ],
    { error: 'KEY_INVALID' },
  )
  .transform(String);

/** A free text field of a chat request: any string up to `max` characters. */
function chatText(max: number) {
  return z.string({ error: 'KEY_INVALID' }).max(max, { error: 'KEY_INVALID' });
}

/** The spec's validation rules: sent only if non-empty after trimming, at most 2000 characters. */
export const ChatTextSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'chat.emptyMsg' })
  .max(chatLimits.textMax, { error: 'chat.tooLongMsg' });

/** The text to send, trimmed, or null when nothing is to be sent. */
export function chatTextToSend(text: string): string | null {
  const result = ChatTextSchema.safeParse(text);
  return result.success ? result.data : null;
}

const MB = 1024 * 1024;
const extensionKinds: Record<string, 'image' | 'video'> = {
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
};

export type ChatAttachmentCheck =
  | { ok: true; kind: 'image' | 'video' }
  | { ok: false; error: 'chat.fileNotSupportedMsg' }
  | { ok: false; error: 'chat.fileTooLargeMsg'; maxMb: number };

/**
 * The spec's validation rules: an attachment needs a file extension; the allowed types are quicktime
 * and mp4 video and png, jpeg, jpg and gif images; at most 20 MB for video, 10 MB for images
 * (1 MB = 1024 × 1024 bytes). The extension decides the kind; a MIME type, when the browser
 * gives one, must agree with it. The size message takes `{maxMb}`.
 */
export function checkChatAttachment(file: {
  name: string;
  type: string;
  size: number;
}): ChatAttachmentCheck {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const kind = extensionKinds[extension];
  if (!kind) return { ok: false, error: 'chat.fileNotSupportedMsg' };
  if (file.type !== '') {
    const [major, subtype] = file.type.toLowerCase().split('/');
    const allowed: readonly string[] =
      kind === 'image' ? chatLimits.imageTypes : chatLimits.videoTypes;
    if (major !== kind || !subtype || !allowed.includes(subtype)) {
      return { ok: false, error: 'chat.fileNotSupportedMsg' };
    }
  }
  const maxMb = kind === 'image' ? chatLimits.imageMaxMb : chatLimits.videoMaxMb;
  if (file.size > maxMb * MB) return { ok: false, error: 'chat.fileTooLargeMsg', maxMb };
  return { ok: true, kind };
}

// Calls.

/** `GET /api/chat/config`: the room prefix. */
export const ChatConfigResponseSchema = z.object({ PREFIX: z.string() });
export type ChatConfigResponse = z.infer<typeof ChatConfigResponseSchema>;

/** The caller of a chat call: a member (userId) or a guest (guestId), at least one. */
const callerFields = {
  userId: ChatUserIdSchema.nullish(),
  guestId: GuestIdSchema.nullish(),
};

function requireCaller(
  value: { userId?: string | null; guestId?: string | null },
  ctx: z.RefinementCtx,
) {
  if (!value.userId && !value.guestId) {
    ctx.addIssue({ code: 'custom', path: ['guestId'], message: 'KEY_MISSING' });
  }
}

/** Nested objects of a request: a wrong type is KEY_INVALID like any field. */
const NESTED = { error: 'KEY_INVALID' } as const;

const ClientDeliverSchema = z.object({ id: chatText(64).min(1, { error: 'KEY_MISSING' }) }, NESTED);

/**
 * What a customer may post: text, an uploaded file (its `path` from the upload call), or the
 * postback of a button (`message` is the button's payload).
 */
export const ChatOutgoingMessageSchema = z.discriminatedUnion(
  'message_type',
  [
    z.object({
      message_type: z.literal('text'),
      payload: z.object({ message: ChatTextSchema }, NESTED),
      deliver: ClientDeliverSchema,
    }),
    z.object({
      message_type: z.literal('media'),
      payload: z.object(
        {
          fileType: z.enum(['image', 'video'], { error: 'KEY_INVALID' }),
          filePath: chatText(500).min(1, { error: 'KEY_MISSING' }),
          name: chatText(255).optional(),
        },
        NESTED,
      ),
      deliver: ClientDeliverSchema,
    }),
    z.object({
      message_type: z.literal('postback'),
      payload: z.object({ title: chatText(200), message: chatText(1000) }, NESTED),
      deliver: ClientDeliverSchema,
    }),
  ],
  { error: 'KEY_INVALID' },
);
export type ChatOutgoingMessage = z.infer<typeof ChatOutgoingMessageSchema>;

/** `POST /api/chat/send-message`: "a conversation object". */
export const ChatSendRequestSchema = z
  .object({
    ...callerFields,
    username: chatText(100).nullish(),
    name: chatText(100).nullish(),
    deviceToken: chatText(500).nullish(),
    message: ChatOutgoingMessageSchema,
  })
  .superRefine(requireCaller);
export type ChatSendRequest = z.infer<typeof ChatSendRequestSchema>;

/** The creation time; the message itself arrives through the `messaging` event. */
export const ChatSendResponseSchema = z.object({ createdAt: TimestampSchema });
export type ChatSendResponse = z.infer<typeof ChatSendResponseSchema>;

/** `POST /api/chat/history`: `skip` counts back from the newest message. */
export const ChatHistoryRequestSchema = z
  .object({
    ...callerFields,
    limit: z.number({ error: 'KEY_INVALID' }).int().min(1).max(paging.maxLimit),
    skip: z.number({ error: 'KEY_INVALID' }).int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .superRefine(requireCaller);
export type ChatHistoryRequest = z.infer<typeof ChatHistoryRequestSchema>;

/** One page, oldest first so it prepends as is; older pages exist while skip + length < total. */
export const ChatHistoryResponseSchema = z.object({
  total: z.number().int().min(0),
  messages: z.array(ChatMessageSchema),
});
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;

/**
 * `POST /api/chat/upload-image` and `/upload-video`: the multipart field `file`. A guest names
 * its conversation with a `guestId` field before the file; a member's token says who it is.
 * `path` is a link to the file, given only to the conversation's parties; a media message
 * names the file by it.
 */
export const CHAT_UPLOAD_FIELD = 'file';
export const CHAT_UPLOAD_GUEST_FIELD = 'guestId';
export const ChatUploadResponseSchema = z.object({ path: z.string() });
export type ChatUploadResponse = z.infer<typeof ChatUploadResponseSchema>;

/** `PUT /api/chat/read-customer/`: the customer has read the conversation so far. */
export const ChatReadRequestSchema = z.object(callerFields).superRefine(requireCaller);
export type ChatReadRequest = z.infer<typeof ChatReadRequestSchema>;
export const ChatReadResponseSchema = z.object({ success: z.literal(true) });
export type ChatReadResponse = z.infer<typeof ChatReadResponseSchema>;

// Socket (the API contract, chat socket).

/** `auth` of the socket handshake: a member's token, a guest's id or a staff token. */
export const ChatSocketAuthSchema = z.union([
  z.object({ token: chatText(200).min(1, { error: 'KEY_MISSING' }) }),
  z.object({ guestId: GuestIdSchema }),
  z.object({ staffToken: chatText(200).min(1, { error: 'KEY_MISSING' }) }),
]);
export type ChatSocketAuth = z.infer<typeof ChatSocketAuthSchema>;

/** The room of a conversation: `<PREFIX>-<userId or guestId>`. */
export function chatRoom(prefix: string, id: string | number): string {
  return `${prefix}-${id}`;
}

export const JoinRequestSchema = z.object({
  room: chatText(200).min(1, { error: 'KEY_MISSING' }),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;

/** A room that is not the caller's is refused, typically with UNAUTHORIZED. */
export const JoinAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: ErrorCodeSchema }),
]);
export type JoinAck = z.infer<typeof JoinAckSchema>;

/** A `wallet` event: the main wallet after a balance change of the member. */
export const WalletEventSchema = z.object({
  wallet: WalletBalanceSchema,
  updatedAt: TimestampSchema,
});
export type WalletEvent = z.infer<typeof WalletEventSchema>;

export const chatSocketEvents = { join: 'join', messaging: 'messaging', wallet: 'wallet' } as const;

/** socket.io typing: `Socket<ChatServerToClientEvents, ChatClientToServerEvents>` on the client. */
export interface ChatServerToClientEvents {
  messaging: (message: ChatMessage) => void;
  wallet: (event: WalletEvent) => void;
}

export interface ChatClientToServerEvents {
  join: (request: JoinRequest, ack: (answer: JoinAck) => void) => void;
}
