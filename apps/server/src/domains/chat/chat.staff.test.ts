import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@wallet/contract/chat';
import { describe, expect, it } from 'vitest';
import {
  collect,
  connectSocket,
  eventually,
  freshStaffToken,
  join as joinRoom,
  sendAsGuest,
} from '../../test/chat';
import { useChatSuite } from '../../test/chat-suite';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';

// The back office's side of the chat: signing in, the conversation list, replies, ending one.
describeOnDatabases('support chat', (target) => {
  const chat = useChatSuite(target);

  describe('staff', () => {
    it('signs staff in apart from members', async () => {
      const { app, staff, alice, staffCall } = chat;
      const wrong = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'support', password: 'wrong password' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('WRONG_CREDENTIAL');
      const unknown = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'nobody', password: 'whatever' },
      });
      expect(unknown.body.code).toBe('WRONG_CREDENTIAL');
      expect((await staffCall('GET', '/me')).body).toMatchObject({ username: 'support' });
      // Neither a member's token nor none opens the back office.
      expect((await staffCall('GET', '/chat/conversations', undefined, alice.token)).status).toBe(
        401,
      );
      expect((await call(app, 'GET', '/api/backoffice/chat/conversations')).status).toBe(401);
      // A staff token is no member token.
      expect((await call(app, 'GET', '/api/wallet', { token: staff })).status).toBe(401);
      const other = await freshStaffToken(app);
      expect((await staffCall('POST', '/logout', undefined, other)).status).toBe(200);
      expect((await staffCall('GET', '/me', undefined, other)).status).toBe(401);
    });

    it('lists open conversations with unread counts, replies with every kind, and ends one', async () => {
      const { app, base, staff, staffCall, conversationOf } = chat;
      const guestId = randomUUID();
      const room = `wallet-${guestId}`;
      const customer = await connectSocket(base, { guestId });
      expect(await joinRoom(customer.socket, room)).toEqual({ ok: true });
      const received = collect(customer.socket, 'messaging');
      const desk = await connectSocket(base, { staffToken: staff });
      expect(await joinRoom(desk.socket, 'staff')).toEqual({ ok: true });
      const deskEvents = collect<{ conversationId: number; message: ChatMessage }>(
        desk.socket,
        'staff:messaging',
      );
      const reads = collect<{ conversationId: number }>(desk.socket, 'staff:read');

      for (const text of ['one', 'two', 'three']) await sendAsGuest(app, guestId, text);
      const listed = await conversationOf(room);
      expect(listed).toMatchObject({ unread: 3, guestId, userId: null });
      const conversationId = listed?.id ?? 0;
      await eventually(
        () => deskEvents.filter((e) => e.conversationId === conversationId).length === 3,
      );

      expect((await staffCall('PUT', '/chat/read', { conversationId })).status).toBe(200);
      expect((await conversationOf(room))?.unread).toBe(0);

      const replies = [
        { message_type: 'text', payload: { message: 'Hello, how can I help?' } },
        {
          message_type: 'quick_replies',
          payload: {
            message: 'Choose a topic',
            buttons: [
              { type: 'postback', title: 'Deposit', payload: 'TOPIC_DEPOSIT' },
              { type: 'postback', title: 'Withdraw', payload: 'TOPIC_WITHDRAW' },
            ],
          },
        },
        {
          message_type: 'buttons',
          payload: {
            message: 'Reach us',
            buttons: [
              { type: 'web', title: 'Site', payload: 'https://example.com' },
              { type: 'call', title: 'Call', payload: '021234567' },
            ],
          },
        },
        {
          message_type: 'generic',
          payload: {
            elements: [{ image_url: '', title: 'Bonus', subtitle: '100%', buttons: [] }],
          },
        },
      ];
      for (const message of replies) {
        const res = await staffCall('POST', '/chat/send', {
          conversationId,
          deliverId: randomUUID(),
          message,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await eventually(() => received.length === 3 + replies.length);
      expect(received.slice(3).map((m) => [m.sender, m.message.message_type])).toEqual([
        ['agent', 'text'],
        ['agent', 'quick_replies'],
        ['agent', 'buttons'],
        ['agent', 'generic'],
      ]);
      expect(received[3]?.name).toBe('Support');
      expect((await conversationOf(room)) ?? {}).toMatchObject({ customerReadAll: false });

      // The customer reads: staff is told once, and sees it in the list.
      await call(app, 'PUT', '/api/chat/read-customer/', { body: { guestId } });
      await call(app, 'PUT', '/api/chat/read-customer/', { body: { guestId } });
      await eventually(() => reads.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(reads).toEqual([{ conversationId }]);
      expect((await conversationOf(room)) ?? {}).toMatchObject({ customerReadAll: true });

      // A postback from a quick reply comes back as the customer's message.
      const postback = await call(app, 'POST', '/api/chat/send-message', {
        body: {
          guestId,
          message: {
            message_type: 'postback',
            payload: { title: 'Deposit', message: 'TOPIC_DEPOSIT' },
            deliver: { id: randomUUID() },
          },
        },
      });
      expect(postback.status).toBe(200);

      // Ending starts a new session, opened by a system message; the conversation leaves the list.
      const before = received.at(-1)?.session_id;
      const ended = await staffCall('POST', '/chat/end', { conversationId });
      expect(ended.status).toBe(200);
      await eventually(() => received.at(-1)?.sender === 'system');
      const opening = received.at(-1);
      expect(opening?.session_id).toBe(ended.body.sessionId);
      expect(opening?.session_id).not.toBe(before);
      expect(opening?.message).toMatchObject({
        message_type: 'unknown',
        payload: { title: 'session_end' },
      });
      expect(await conversationOf(room)).toBeUndefined();
      await sendAsGuest(app, guestId, 'back again');
      expect(await conversationOf(room)).toMatchObject({ unread: 2 });

      const unknown = await staffCall('POST', '/chat/send', {
        conversationId: 999_999_999,
        deliverId: randomUUID(),
        message: replies[0],
      });
      expect(unknown.status).toBe(404);
      customer.socket.close();
      desk.socket.close();
    });
  });
});
