import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@wallet/contract/chat';
import { describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../db/schema';
import {
  collect,
  connectSocket,
  disconnected,
  eventually,
  freshStaffToken,
  history,
  join as joinRoom,
  sendAsGuest,
  sendAsMember,
  textMessage,
} from '../../test/chat';
import { useChatSuite } from '../../test/chat-suite';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { topUp } from '../../test/money';

// The customer's side of the chat: messages, who may read them, history and the socket; the
// back office and files have files of their own (chat.staff, chat.files).
describeOnDatabases('support chat', (target) => {
  const chat = useChatSuite(target);

  it('answers the room prefix', async () => {
    const { app } = chat;
    const res = await call(app, 'GET', '/api/chat/config');
    expect(res.body).toEqual({ PREFIX: 'wallet' });
  });

  describe('messages', () => {
    it('keeps a guest message once however often it is sent, in the shape of the spec', async () => {
      const { app } = chat;
      const guestId = randomUUID();
      const deliverId = randomUUID();
      const first = await sendAsGuest(app, guestId, '  hello there  ', deliverId);
      expect(first.status).toBe(200);
      const again = await sendAsGuest(app, guestId, '  hello there  ', deliverId);
      expect(again.body.createdAt).toBe(first.body.createdAt);

      const page = await history(app, { guestId }, 10, 0);
      expect(page.body.total).toBe(1);
      const [message] = page.body.messages as ChatMessage[];
      expect(message).toMatchObject({
        sender: 'customer',
        createdAt: first.body.createdAt,
        userId: null,
        guestId,
        name: 'Guest',
        message: {
          message_type: 'text',
          payload: { message: 'hello there' },
          deliver: { id: deliverId, status: 'succeed' },
        },
      });
      expect(message?.session_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses empty, too long and unknown messages, and stores nothing', async () => {
      const { app } = chat;
      const guestId = randomUUID();
      const bad = [
        textMessage('   '),
        textMessage('x'.repeat(2001)),
        { message_type: 'generic', payload: {}, deliver: { id: 'g' } },
        { message_type: 'text', payload: { message: 'hi' } },
      ];
      for (const message of bad) {
        const res = await call(app, 'POST', '/api/chat/send-message', {
          body: { guestId, message },
        });
        expect(res.status, JSON.stringify(message).slice(0, 80)).toBe(400);
      }
      const notAGuestId = await sendAsGuest(app, 'guest-1', 'hi');
      expect(notAGuestId.status).toBe(400);
      expect((await history(app, { guestId }, 10, 0)).body.total).toBe(0);
      expect(
        (await sendAsGuest(app, guestId, 'x'.repeat(2000))).status,
        'exactly 2000 characters is allowed',
      ).toBe(200);
    });

    it("takes a member's name from the account, not from the body", async () => {
      const { app, alice } = chat;
      const res = await call(app, 'POST', '/api/chat/send-message', {
        token: alice.token,
        body: { userId: alice.id, name: 'Someone Else', message: textMessage('hi from alice') },
      });
      expect(res.status).toBe(200);
      const page = await history(app, { userId: alice.id, token: alice.token }, 10, 0);
      const messages = page.body.messages as ChatMessage[];
      expect(messages.at(-1)).toMatchObject({
        userId: alice.id,
        guestId: null,
        username: alice.username,
        name: 'Somchai Jaidee',
      });
    });
  });

  describe('who may read what', () => {
    it("refuses a member another member's conversation, a guest's, or one without a token", async () => {
      const { app, alice, bob } = chat;
      await sendAsMember(app, bob.token, bob.id, 'bob private');
      const guestId = randomUUID();
      await sendAsGuest(app, guestId, 'guest private');
      const asAlice = [
        { userId: bob.id, token: alice.token },
        { guestId, token: alice.token },
      ];
      for (const caller of asAlice) {
        const res = await history(app, caller, 10, 0);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('NO_DATA');
      }
      const send = await sendAsMember(app, alice.token, bob.id, 'into bob');
      expect(send.status).toBe(404);
      const read = await call(app, 'PUT', '/api/chat/read-customer/', {
        token: alice.token,
        body: { userId: bob.id },
      });
      expect(read.status).toBe(404);
      // A member id alone is no credential.
      const anonymous = await history(app, { userId: bob.id }, 10, 0);
      expect(anonymous.status).toBe(401);
      // A bad token is refused, never taken for a guest.
      const badToken = await call(app, 'POST', '/api/chat/history', {
        headers: { authorization: 'Bearer nope' },
        body: { guestId, limit: 10, skip: 0 },
      });
      expect(badToken.status).toBe(401);
      const bobs = await history(app, { userId: bob.id, token: bob.token }, 10, 0);
      expect((bobs.body.messages as ChatMessage[]).map((m) => m.message.payload.message)).toEqual([
        'bob private',
      ]);
    });

    it("gives another guest id nothing of a guest's conversation", async () => {
      const { app } = chat;
      const guestId = randomUUID();
      await sendAsGuest(app, guestId, 'mine');
      const other = await history(app, { guestId: randomUUID() }, 10, 0);
      expect(other.body).toEqual({ total: 0, messages: [] });
    });

    it("refuses joining a room that is not the caller's, and a socket without proof", async () => {
      const { base, alice, bob } = chat;
      const guestId = randomUUID();
      const guest = await connectSocket(base, { guestId });
      expect(guest.error).toBeNull();
      expect(await joinRoom(guest.socket, `wallet-${randomUUID()}`)).toEqual({
        ok: false,
        code: 'UNAUTHORIZED',
      });
      expect(await joinRoom(guest.socket, `wallet-${alice.id}`)).toMatchObject({ ok: false });
      expect(await joinRoom(guest.socket, 'staff')).toMatchObject({ ok: false });
      expect(await joinRoom(guest.socket, `wallet-${guestId}`)).toEqual({ ok: true });
      guest.socket.close();

      const asAlice = await connectSocket(base, { token: alice.token });
      expect(await joinRoom(asAlice.socket, `wallet-${bob.id}`)).toMatchObject({ ok: false });
      expect(await joinRoom(asAlice.socket, `wallet-${alice.id}`)).toEqual({ ok: true });
      asAlice.socket.close();

      const forged: Record<string, string>[] = [
        { token: 'forged' },
        { guestId: 'not-a-uuid' },
        { staffToken: 'x' },
        {},
      ];
      for (const auth of forged) {
        const refused = await connectSocket(base, auth);
        expect(refused.error, JSON.stringify(auth)).not.toBeNull();
        refused.socket.close();
      }
      // A member's token is not a staff token.
      const memberAsStaff = await connectSocket(base, { staffToken: alice.token });
      expect(memberAsStaff.error).toBe('INVALID_USER_2');
      memberAsStaff.socket.close();
    });
  });

  describe('history', () => {
    it('pages back without gaps or repeats while new messages arrive', async () => {
      const { app, base } = chat;
      const guestId = randomUUID();
      let sent = 0;
      const say = async () => {
        sent += 1;
        expect((await sendAsGuest(app, guestId, `m${sent}`)).status).toBe(200);
      };
      for (let i = 0; i < 25; i += 1) await say();
      // The widget holds the newest page, then pages back by how many it holds; messages that
      // arrive meanwhile reach it by the socket, so it holds them too.
      const held = new Map<number, string>();
      const take = (messages: ChatMessage[]) => {
        for (const m of messages) {
          expect(held.has(m.id), `message ${m.id} twice`).toBe(false);
          held.set(m.id, String(m.message.payload.message));
        }
      };
      const client = await connectSocket(base, { guestId });
      expect(await joinRoom(client.socket, `wallet-${guestId}`)).toEqual({ ok: true });
      const live = collect(client.socket, 'messaging');
      take((await history(app, { guestId }, 10, 0)).body.messages as ChatMessage[]);
      for (;;) {
        await say();
        await say();
        await eventually(() => live.length === 2);
        const fresh = live.splice(0);
        take(fresh);
        const page = await history(app, { guestId }, 10, held.size);
        const messages = page.body.messages as ChatMessage[];
        if (messages.length === 0) break;
        // Each page is in order and ends just before the oldest message held.
        const ids = messages.map((m) => m.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        take(messages);
      }
      client.socket.close();
      expect(held.size).toBe(sent);
      expect([...held.values()].sort()).toEqual(
        Array.from({ length: sent }, (_, i) => `m${i + 1}`).sort(),
      );
    });
  });

  describe('the socket', () => {
    it('is closed once its member or staff session has ended, and cannot open again', async () => {
      const { app, base, member, staffCall } = chat;
      const dave = await member();
      const desk = await freshStaffToken(app);
      const asDave = await connectSocket(base, { token: dave.token });
      const asDesk = await connectSocket(base, { staffToken: desk });
      const guest = await connectSocket(base, { guestId: randomUUID() });
      expect([asDave.error, asDesk.error, guest.error]).toEqual([null, null, null]);

      // Every session is live: the check closes nothing.
      await app.chatGateway.closeEndedSessions();
      expect([asDave.socket.connected, asDesk.socket.connected]).toEqual([true, true]);

      const daveGone = disconnected(asDave.socket);
      const deskGone = disconnected(asDesk.socket);
      expect((await call(app, 'POST', '/api/logout', { token: dave.token })).status).toBe(200);
      expect((await staffCall('POST', '/logout', undefined, desk)).status).toBe(200);
      await app.chatGateway.closeEndedSessions();
      expect(await daveGone).toBe('io server disconnect');
      expect(await deskGone).toBe('io server disconnect');
      expect(guest.socket.connected).toBe(true);

      const again = await connectSocket(base, { token: dave.token });
      expect(again.error).toBe('INVALID_USER_2');
      for (const client of [again, guest]) client.socket.close();
    });

    it('meets the IP allow list and the service switch at its handshake, as API calls do', async () => {
      const { h } = chat;
      const guarded = await h.build({ IP_ALLOW_LIST: '10.1.2.3', TRUST_PROXY: '1' });
      try {
        const guardedBase = await guarded.listen({ port: 0, host: '127.0.0.1' });
        const auth = { guestId: randomUUID() };
        const outside = await connectSocket(guardedBase, auth);
        expect(outside.error).toBe('INVALID_IP');
        outside.socket.close();
        const listed = { 'x-forwarded-for': '10.1.2.3' };
        const inside = await connectSocket(guardedBase, auth, listed);
        expect(inside.error).toBeNull();
        inside.socket.close();

        const service = (terminated: boolean) =>
          call(guarded, 'POST', '/api/sandbox/service', { body: { terminated }, headers: listed });
        expect((await service(true)).status).toBe(200);
        const closed = await connectSocket(guardedBase, auth, listed);
        expect(closed.error).toBe('TERMINATED');
        closed.socket.close();
        expect((await service(false)).status).toBe(200);
      } finally {
        await guarded.close();
      }
    });

    it("brings a member's messages and wallet changes to their room", async () => {
      const { app, base, alice, member } = chat;
      const carol = await member();
      const room = `wallet-${carol.id}`;
      const client = await connectSocket(base, { token: carol.token });
      expect(await joinRoom(client.socket, room)).toEqual({ ok: true });
      const messages = collect(client.socket, 'messaging');
      const wallets = collect<{ wallet: { amount: number } }>(client.socket, 'wallet');

      const sent = await sendAsMember(app, carol.token, carol.id, 'hello');
      expect(sent.status).toBe(200);
      await eventually(() => messages.length === 1);
      expect(messages[0]).toMatchObject({ sender: 'customer', userId: carol.id });

      await topUp(app, carol.token, 250);
      await eventually(() => wallets.some((event) => event.wallet.amount === 250));
      // Another member's movements are not carol's to hear.
      await topUp(app, alice.token, 10);
      await new Promise((r) => setTimeout(r, 200));
      expect(wallets.every((event) => event.wallet.amount === 250)).toBe(true);
      client.socket.close();
    });
  });

  it('counts conversations and messages as one per party', async () => {
    const { h, app } = chat;
    const guestId = randomUUID();
    const before = [await h.count(chatConversations), await h.count(chatMessages)];
    await Promise.all(Array.from({ length: 5 }, (_, i) => sendAsGuest(app, guestId, `p${i}`)));
    expect(await h.count(chatConversations)).toBe((before[0] ?? 0) + 1);
    expect(await h.count(chatMessages)).toBe((before[1] ?? 0) + 5);
  });
});
