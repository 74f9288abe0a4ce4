import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '@wallet/contract/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatFiles, chatMessages } from '../../db/schema';
import {
  collect,
  connectSocket,
  disconnected,
  eventually,
  filesUnder,
  history,
  join as joinRoom,
  mp4Video,
  pngPicture,
  sendAsGuest,
  sendAsMember,
  staffToken,
  textMessage,
  upload,
} from '../../test/chat';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { memberIdOf, topUp } from '../../test/money';

type Member = Awaited<ReturnType<typeof memberWithToken>> & { id: string };

describeOnDatabases('support chat', (target) => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let uploads: string;
  let staff: string;
  let alice: Member;
  let bob: Member;

  const member = async (): Promise<Member> => {
    const m = await memberWithToken(app);
    return { ...m, id: String(await memberIdOf(h.db, m.username)) };
  };
  const staffCall = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token: string = staff,
  ) => call(app, method, `/api/backoffice${url}`, { token, ...(body ? { body } : {}) });
  const conversationOf = async (room: string) => {
    const list = await staffCall('GET', '/chat/conversations?limit=100');
    const rows = list.body.conversations as { id: number; room: string; unread: number }[];
    return rows.find((row) => row.room === room);
  };

  beforeAll(async () => {
    h = await startHarness(target);
    uploads = await mkdtemp(join(tmpdir(), 'wallet-chat-'));
    app = await h.build({ UPLOADS_DIR: uploads, CHAT_MESSAGES_PER_MINUTE: '1000' });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    staff = await staffToken(app);
    alice = await member();
    bob = await member();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the room prefix', async () => {
    const res = await call(app, 'GET', '/api/chat/config');
    expect(res.body).toEqual({ PREFIX: 'wallet' });
  });

  describe('messages', () => {
    it('keeps a guest message once however often it is sent, in the shape of SPEC.md', async () => {
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
      const guestId = randomUUID();
      await sendAsGuest(app, guestId, 'mine');
      const other = await history(app, { guestId: randomUUID() }, 10, 0);
      expect(other.body).toEqual({ total: 0, messages: [] });
    });

    it("refuses joining a room that is not the caller's, and a socket without proof", async () => {
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

  describe('staff', () => {
    it('signs staff in apart from members', async () => {
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
      const other = await staffToken(app);
      expect((await staffCall('POST', '/logout', undefined, other)).status).toBe(200);
      expect((await staffCall('GET', '/me', undefined, other)).status).toBe(401);
    });

    it('lists open conversations with unread counts, replies with every kind, and ends one', async () => {
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

  describe('files', () => {
    it('takes pictures and videos by their bytes, and serves them only by their link', async () => {
      const guestId = randomUUID();
      const picture = pngPicture();
      const up = await upload(app, 'image', picture, { guestId });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const path = String(up.body.path);
      expect(path).toMatch(/^\/api\/chat\/files\/\d+\?expires=\d+&signature=/);
      const sent = await call(app, 'POST', '/api/chat/send-message', {
        body: {
          guestId,
          message: {
            message_type: 'media',
            payload: { fileType: 'image', filePath: path, name: 'picture.png' },
            deliver: { id: randomUUID() },
          },
        },
      });
      expect(sent.status).toBe(200);
      const [media] = (await history(app, { guestId }, 1, 0)).body.messages as ChatMessage[];
      const link = String(media?.message.payload.filePath);
      const served = await app.inject({ method: 'GET', url: link });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(picture)).toBe(true);

      const ranged = await app.inject({
        method: 'GET',
        url: link,
        headers: { range: 'bytes=0-9' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 0-9/${picture.length}`);
      expect(ranged.rawPayload.equals(picture.subarray(0, 10))).toBe(true);

      const url = new URL(link, 'http://x');
      const id = Number(url.pathname.split('/').at(-1));
      const tampered = [
        `${url.pathname}`,
        `${url.pathname.replace(/\d+$/, String(id + 1))}${url.search}`,
        `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&signature=${url.searchParams.get('signature')}`,
      ];
      for (const bad of tampered) {
        const res = await app.inject({ method: 'GET', url: bad });
        expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, bad).toBeLessThan(500);
      }

      const video = await upload(
        app,
        'video',
        mp4Video(),
        { guestId },
        {
          name: 'clip.mp4',
          type: 'video/mp4',
        },
      );
      expect(video.status, JSON.stringify(video.body)).toBe(200);
    });

    it("refuses a message naming another conversation's file", async () => {
      const up = await upload(app, 'image', pngPicture(), { token: bob.token });
      expect(up.status).toBe(200);
      const stolen = await call(app, 'POST', '/api/chat/send-message', {
        token: alice.token,
        body: {
          userId: alice.id,
          message: {
            message_type: 'media',
            payload: { fileType: 'image', filePath: String(up.body.path) },
            deliver: { id: randomUUID() },
          },
        },
      });
      expect(stolen.status).toBe(404);
      expect(stolen.body.code).toBe('NO_DATA');
    });

    it('refuses empty, oversized and wrong-type uploads, and keeps nothing of them', async () => {
      const guestId = randomUUID();
      const filesBefore = await h.count(chatFiles);
      const onDiskBefore = (await filesUnder(uploads)).length;
      const cases: [string, Promise<{ status: number; body: Record<string, unknown> }>][] = [
        ['no file', upload(app, 'image', null, { guestId })],
        ['empty file', upload(app, 'image', Buffer.alloc(0), { guestId })],
        ['text named .png', upload(app, 'image', Buffer.from('not a picture at all'), { guestId })],
        [
          'a picture to the video upload',
          upload(app, 'video', pngPicture(), { guestId }, { name: 'x.mp4', type: 'video/mp4' }),
        ],
        [
          'a video to the picture upload',
          upload(app, 'image', mp4Video(), { guestId }, { name: 'x.png' }),
        ],
        [
          'a picture over 10 MB',
          upload(app, 'image', Buffer.concat([pngPicture(), Buffer.alloc(10 * 1024 * 1024)]), {
            guestId,
          }),
        ],
      ];
      const expected: Record<string, string> = {
        'no file': 'CHAT_NO_FILE',
        'empty file': 'CHAT_NO_FILE',
        'text named .png': 'CHAT_FILE_NOT_SUPPORTED',
        'a picture to the video upload': 'CHAT_FILE_NOT_SUPPORTED',
        'a video to the picture upload': 'CHAT_FILE_NOT_SUPPORTED',
        'a picture over 10 MB': 'CHAT_FILE_TOO_LARGE',
      };
      for (const [name, pending] of cases) {
        const res = await pending;
        expect(res.status, name).toBe(400);
        expect(res.body.code, name).toBe(expected[name]);
      }
      expect(await h.count(chatFiles)).toBe(filesBefore);
      expect((await filesUnder(uploads)).length).toBe(onDiskBefore);
      expect((await upload(app, 'image', pngPicture(), { guestId: 'not-a-uuid' })).status).toBe(
        400,
      );
    });
  });

  describe('the socket', () => {
    it('is closed once its member or staff session has ended, and cannot open again', async () => {
      const dave = await member();
      const desk = await staffToken(app);
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
    const guestId = randomUUID();
    const before = [await h.count(chatConversations), await h.count(chatMessages)];
    await Promise.all(Array.from({ length: 5 }, (_, i) => sendAsGuest(app, guestId, `p${i}`)));
    expect(await h.count(chatConversations)).toBe((before[0] ?? 0) + 1);
    expect(await h.count(chatMessages)).toBe((before[1] ?? 0) + 5);
  });
});
