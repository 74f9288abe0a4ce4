import multipart from '@fastify/multipart';
import {
  ConversationListQuerySchema,
  ConversationListResponseSchema,
  ConversationRequestSchema,
  EndConversationResponseSchema,
  STAFF_UPLOAD_CONVERSATION_FIELD,
  StaffHistoryRequestSchema,
  StaffSendRequestSchema,
} from '@wallet/contract/backoffice';
import {
  CHAT_UPLOAD_FIELD,
  CHAT_UPLOAD_GUEST_FIELD,
  ChatConfigResponseSchema,
  ChatHistoryRequestSchema,
  ChatHistoryResponseSchema,
  ChatReadRequestSchema,
  ChatReadResponseSchema,
  ChatSendRequestSchema,
  ChatSendResponseSchema,
  ChatUploadResponseSchema,
  GuestIdSchema,
} from '@wallet/contract/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { readMultipartForm } from '../../lib/multipart-form';
import { errorResponses } from '../../plugins/errors';
import { staffOf } from '../../plugins/staff-auth';
import type { ChatService } from './chat.service';
import { type ChatFileKind, maxFileBytes } from './chat-files';

/** Where chat files are served, behind signed links (chat.service.ts). */
export const CHAT_FILE_PATH = '/api/chat/files';

const uploadKinds: [string, ChatFileKind][] = [
  ['/upload-image', 'image'],
  ['/upload-video', 'video'],
];

/** The form of a chat upload: the file, after the field naming whose conversation it joins. */
function readUpload(request: FastifyRequest, kind: ChatFileKind, field: string) {
  return readMultipartForm(request, {
    fileField: CHAT_UPLOAD_FIELD,
    textFields: [field],
    maxBytes: maxFileBytes[kind],
  });
}

/** The customer's chat calls (the spec's calls): a member by token, a guest by guest id. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  // A file past its limit is cut, not thrown, so the service refuses it (CHAT_FILE_TOO_LARGE).
  await app.register(multipart, { throwFileSizeLimit: false });
  const caller = { onRequest: app.authenticateIfPresent };

  app.get('/config', { schema: { response: { 200: ChatConfigResponseSchema } } }, () =>
    chat.config(),
  );

  app.post(
    '/send-message',
    {
      ...caller,
      schema: {
        body: ChatSendRequestSchema,
        response: { 200: ChatSendResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.send(chat.callerOf(request.auth, request.body), request.body, request.ip),
  );

  app.post(
    '/history',
    {
      ...caller,
      schema: {
        body: ChatHistoryRequestSchema,
        response: { 200: ChatHistoryResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.history(chat.callerOf(request.auth, request.body), request.body),
  );

  app.put(
    '/read-customer/',
    {
      ...caller,
      schema: {
        body: ChatReadRequestSchema,
        response: { 200: ChatReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await chat.read(chat.callerOf(request.auth, request.body));
      return { success: true as const };
    },
  );

  for (const [path, kind] of uploadKinds) {
    app.post(
      path,
      { ...caller, schema: { response: { 200: ChatUploadResponseSchema, ...errorResponses } } },
      async (request) => {
        const form = await readUpload(request, kind, CHAT_UPLOAD_GUEST_FIELD);
        const guestId = form.fields[CHAT_UPLOAD_GUEST_FIELD];
        const parsed = guestId === undefined ? undefined : GuestIdSchema.safeParse(guestId);
        if (parsed && !parsed.success) throw new DomainError('KEY_INVALID', { field: 'guestId' });
        const party = chat.callerOf(request.auth, { guestId: parsed?.data });
        return chat.upload(party, kind, form, request.ip);
      },
    );
  }

  app.get(
    '/files/:fileId',
    {
      schema: {
        params: z.object({ fileId: z.coerce.number().int().positive() }),
        querystring: z.object({
          expires: z.coerce.number().int().positive(),
          signature: z.string().max(100),
        }),
        response: { 200: z.instanceof(Buffer), 206: z.instanceof(Buffer), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const file = await chat.file(request.params.fileId, expires, signature);
      return sendFile(request, reply, file);
    },
  );
};

/**
 * A file with its type, whole or the one byte range asked for (a phone's video player asks for
 * ranges, and Safari plays nothing without them).
 */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { data: Buffer; contentType: string },
) {
  const size = file.data.length;
  reply
    .type(file.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff');
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range || (range[1] === '' && range[2] === '')) return reply.send(file.data);
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  if (start > end || start >= size) {
    return reply.code(416).header('content-range', `bytes */${size}`).send(Buffer.alloc(0));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(file.data.subarray(start, end + 1));
}

/** The back office's chat calls (docs/decisions/0044-chat.md), for signed-in staff. */
export const backofficeChatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (
  app,
  { chat },
) => {
  await app.register(multipart, { throwFileSizeLimit: false });
  const read = { staff: 'chat.read' } as const;
  const write = { staff: 'chat.write' } as const;

  app.get(
    '/conversations',
    {
      config: read,
      schema: {
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.conversations(request.query),
  );

  app.post(
    '/history',
    {
      config: read,
      schema: {
        body: StaffHistoryRequestSchema,
        response: { 200: ChatHistoryResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.staffHistory(request.body),
  );

  app.post(
    '/send',
    {
      config: write,
      schema: {
        body: StaffSendRequestSchema,
        response: { 200: ChatSendResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.staffSend(staffOf(request), request.body),
  );

  app.put(
    '/read',
    {
      config: write,
      schema: {
        body: ConversationRequestSchema,
        response: { 200: ChatReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await chat.staffRead(request.body.conversationId);
      return { success: true as const };
    },
  );

  app.post(
    '/end',
    {
      config: write,
      schema: {
        body: ConversationRequestSchema,
        response: { 200: EndConversationResponseSchema, ...errorResponses },
      },
    },
    (request) => chat.end(staffOf(request), request.body.conversationId),
  );

  for (const [path, kind] of uploadKinds) {
    app.post(
      path,
      { config: write, schema: { response: { 200: ChatUploadResponseSchema, ...errorResponses } } },
      async (request) => {
        const form = await readUpload(request, kind, STAFF_UPLOAD_CONVERSATION_FIELD);
        const conversationId = Number(form.fields[STAFF_UPLOAD_CONVERSATION_FIELD]);
        if (!Number.isSafeInteger(conversationId) || conversationId < 1) {
          throw new DomainError('KEY_INVALID', { field: STAFF_UPLOAD_CONVERSATION_FIELD });
        }
        return chat.staffUpload(conversationId, kind, form);
      },
    );
  }
};
