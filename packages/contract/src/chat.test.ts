import { describe, expect, it } from 'vitest';
import {
  ChatHistoryRequestSchema,
  ChatMessageSchema,
  ChatReadRequestSchema,
  ChatSendRequestSchema,
  ChatTextSchema,
  chatRoom,
  chatTextToSend,
  checkChatAttachment,
  GuestIdSchema,
  JoinAckSchema,
} from './chat';

const guestId = '3f2b8c1e-6d4a-4f7b-9c2e-1a5b7d9e0f12';
const MB = 1024 * 1024;

describe('a chat text', () => {
  it('is sent trimmed', () => {
    expect(chatTextToSend('  hello  ')).toBe('hello');
  });

  it('is not sent when only spaces', () => {
    expect(chatTextToSend(' \n\t ')).toBeNull();
    expect(ChatTextSchema.safeParse('   ').error?.issues[0]?.message).toBe('chat.emptyMsg');
  });

  it('holds at most 2000 characters after trimming', () => {
    expect(chatTextToSend(` ${'a'.repeat(2000)} `)).toHaveLength(2000);
    expect(ChatTextSchema.safeParse('a'.repeat(2001)).error?.issues[0]?.message).toBe(
      'chat.tooLongMsg',
    );
  });
});

describe('a chat attachment', () => {
  it('may be a png, jpeg, jpg or gif image up to 10 MB', () => {
    for (const name of ['a.png', 'a.jpeg', 'a.JPG', 'a.gif']) {
      expect(checkChatAttachment({ name, type: '', size: 10 * MB })).toEqual({
        ok: true,
        kind: 'image',
      });
    }
  });

  it('may be an mp4 or quicktime video up to 20 MB', () => {
    expect(checkChatAttachment({ name: 'clip.mp4', type: 'video/mp4', size: 20 * MB })).toEqual({
      ok: true,
      kind: 'video',
    });
    expect(
      checkChatAttachment({ name: 'clip.mov', type: 'video/quicktime', size: MB }),
    ).toMatchObject({ ok: true, kind: 'video' });
  });

  it('needs a file extension', () => {
    for (const name of ['photo', '.png', 'photo.']) {
      expect(checkChatAttachment({ name, type: 'image/png', size: MB })).toEqual({
        ok: false,
        error: 'chat.fileNotSupportedMsg',
      });
    }
  });

  it('refuses other types, and a MIME type that disagrees with the extension', () => {
    expect(checkChatAttachment({ name: 'a.pdf', type: 'application/pdf', size: MB }).ok).toBe(
      false,
    );
    expect(checkChatAttachment({ name: 'a.webp', type: 'image/webp', size: MB }).ok).toBe(false);
    expect(checkChatAttachment({ name: 'a.png', type: 'text/html', size: MB })).toEqual({
      ok: false,
      error: 'chat.fileNotSupportedMsg',
    });
  });

  it('too large says so with the limit of its kind', () => {
    expect(checkChatAttachment({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 })).toEqual({
      ok: false,
      error: 'chat.fileTooLargeMsg',
      maxMb: 10,
    });
    expect(checkChatAttachment({ name: 'a.mp4', type: 'video/mp4', size: 20 * MB + 1 })).toEqual({
      ok: false,
      error: 'chat.fileTooLargeMsg',
      maxMb: 20,
    });
  });
});

describe('sending a chat message', () => {
  const text = { message_type: 'text', payload: { message: ' hi ' }, deliver: { id: 'd1' } };

  it('comes from a guest or a member', () => {
    expect(ChatSendRequestSchema.parse({ guestId, message: text }).message.payload).toEqual({
      message: 'hi',
    });
    expect(ChatSendRequestSchema.parse({ userId: 42, message: text }).userId).toBe('42');
  });

  it('names a caller', () => {
    expect(ChatSendRequestSchema.safeParse({ message: text }).error?.issues).toEqual([
      expect.objectContaining({ path: ['guestId'], message: 'KEY_MISSING' }),
    ]);
  });

  it('refuses a guest id that could be guessed', () => {
    expect(ChatSendRequestSchema.safeParse({ guestId: 'guest1', message: text }).success).toBe(
      false,
    );
  });

  it('refuses the nil and max UUIDs and an upper-case spelling as guest ids, with KEY_INVALID', () => {
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      guestId.toUpperCase(),
      guestId.replace('f', 'F'),
    ]) {
      expect(GuestIdSchema.safeParse(id).error?.issues[0]?.message, id).toBe('KEY_INVALID');
    }
    expect(GuestIdSchema.parse(guestId)).toBe(guestId);
  });

  it('may be a media message pointing at an uploaded file', () => {
    const media = {
      message_type: 'media',
      payload: { fileType: 'image', filePath: '/uploads/chat/a.png', name: 'a.png' },
      deliver: { id: 'd2' },
    };
    expect(ChatSendRequestSchema.safeParse({ guestId, message: media }).success).toBe(true);
  });

  it('cannot be a bot-only type such as generic cards', () => {
    const generic = { message_type: 'generic', payload: {}, deliver: { id: 'd3' } };
    expect(ChatSendRequestSchema.safeParse({ guestId, message: generic }).success).toBe(false);
  });
});

describe('chat history and read receipts', () => {
  it('page by limit and skip for a named caller', () => {
    expect(ChatHistoryRequestSchema.parse({ guestId, limit: 10, skip: 0 })).toMatchObject({
      limit: 10,
      skip: 0,
    });
    expect(ChatHistoryRequestSchema.safeParse({ guestId, limit: 0, skip: 0 }).success).toBe(false);
    expect(ChatHistoryRequestSchema.safeParse({ limit: 10, skip: 0 }).success).toBe(false);
    expect(ChatReadRequestSchema.safeParse({ userId: '7' }).success).toBe(true);
  });
});

describe('a chat message', () => {
  it('carries the delivery state and the payload of its type', () => {
    const message = {
      id: 12,
      sender: 'agent',
      createdAt: '2026-03-01T00:00:00Z',
      session_id: 's1',
      userId: '7',
      guestId: null,
      username: '0812345678',
      name: 'Somchai',
      deviceToken: null,
      message: {
        message_type: 'buttons',
        payload: {
          title: 'Choose',
          buttons: [{ type: 'web', title: 'Site', payload: 'https://x.example' }],
        },
        deliver: { id: 'd1', status: 'succeed' },
      },
    };
    expect(ChatMessageSchema.parse(message)).toEqual(message);
    const badStatus = { ...message.message, deliver: { id: 'd1', status: 'read' } };
    expect(ChatMessageSchema.safeParse({ ...message, message: badStatus }).success).toBe(false);
  });
});

describe('the chat socket', () => {
  it('joins the room PREFIX-id', () => {
    expect(chatRoom('wallet', 42)).toBe('wallet-42');
    expect(chatRoom('wallet', guestId)).toBe(`wallet-${guestId}`);
  });

  it('acknowledges a join with ok, or a refusal code', () => {
    expect(JoinAckSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(JoinAckSchema.parse({ ok: false, code: 'UNAUTHORIZED' })).toEqual({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect(JoinAckSchema.safeParse({ ok: false }).success).toBe(false);
  });
});
