import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles } from '../../db/schema';
import { rows } from '../../db/statement';
import { DirectoryFileStorage } from '../../lib/file-storage';
import {
  connectSocket,
  filesUnder,
  history,
  join as joinRoom,
  pngPicture,
  sendAsGuest,
  sendAsMember,
  staffToken,
  upload,
} from '../../test/chat';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { memberIdOf } from '../../test/money';
import { removeOrphanFiles } from './chat-files';

/** A client address of its own, as a proxy trusted under TRUST_PROXY reports it. */
function address(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/** A picture uploaded through the lowered-limit app from an address. */
const pictureFromOn =
  (app: FastifyInstance) =>
  (from: Record<string, string>, caller: { guestId?: string; token?: string }) =>
    upload(app, 'image', pngPicture(), caller, { headers: from });

const fileIdOf = (path: unknown) => Number(/\/api\/chat\/files\/(\d+)/.exec(String(path))?.[1]);

function mediaMessage(path: string) {
  return {
    message_type: 'media',
    payload: { fileType: 'image', filePath: path, name: 'a.png' },
    deliver: { id: randomUUID() },
  };
}

describeOnDatabases('support chat abuse limits', (target) => {
  let h: Harness;
  let uploads: string;
  /** Per-address limits lowered so a test reaches them; per-guest limits left high. */
  let app: FastifyInstance;
  let pictureFrom: ReturnType<typeof pictureFromOn>;

  beforeAll(async () => {
    h = await startHarness(target);
    uploads = await mkdtemp(join(tmpdir(), 'wallet-chat-abuse-'));
    app = await h.build({
      UPLOADS_DIR: uploads,
      TRUST_PROXY: '1',
      CHAT_GUEST_MESSAGES_PER_IP_PER_MINUTE: '6',
      CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR: '3',
      CHAT_UPLOADS_PER_IP_PER_HOUR: '2',
    });
    pictureFrom = pictureFromOn(app);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('per address', () => {
    it('limits guest messages from one address whatever guest ids they carry, and not another address', async () => {
      const flood = address();
      const guests = [randomUUID(), randomUUID()];
      for (let i = 0; i < 6; i += 1) {
        const guestId = guests[i % 2] ?? '';
        expect((await sendAsGuest(app, guestId, `hi ${i}`, undefined, flood)).status).toBe(200);
      }
      const refused = await sendAsGuest(app, guests[0] ?? '', 'one more', undefined, flood);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('REQUEST_LIMIT_1MIN');
      expect((await history(app, { guestId: guests[0] ?? '' }, 10, 0)).body.total).toBe(3);

      expect((await sendAsGuest(app, randomUUID(), 'hello', undefined, address())).status).toBe(
        200,
      );
    });

    it('limits new guest conversations from one address, while its known guests and another address still chat', async () => {
      const flood = address();
      const known = randomUUID();
      expect((await sendAsGuest(app, known, 'first', undefined, flood)).status).toBe(200);
      for (let i = 0; i < 2; i += 1) {
        expect((await sendAsGuest(app, randomUUID(), 'new', undefined, flood)).status).toBe(200);
      }
      const before = await h.count(chatFiles);
      const fresh = randomUUID();
      const refused = await sendAsGuest(app, fresh, 'one too many', undefined, flood);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('REQUEST_LIMIT');
      const opened = await pictureFrom(flood, { guestId: randomUUID() });
      expect(opened.body.code, 'an upload opens no new conversation either').toBe('REQUEST_LIMIT');
      expect(await h.count(chatFiles)).toBe(before);
      const [row] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from chat_conversations where guest_id = ${fresh}`,
      );
      expect(row?.n, 'the refused guest has no conversation').toBe(0);

      expect((await sendAsGuest(app, known, 'still here', undefined, flood)).status).toBe(200);
      expect((await sendAsGuest(app, randomUUID(), 'elsewhere', undefined, address())).status).toBe(
        200,
      );
    });

    it('limits uploads from one address for guests and for members apart, and not another address', async () => {
      const flood = address();
      for (let i = 0; i < 2; i += 1) {
        const res = await pictureFrom(flood, { guestId: randomUUID() });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const before = await filesUnder(uploads);
      const refused = await pictureFrom(flood, { guestId: randomUUID() });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('REQUEST_LIMIT');
      expect(await filesUnder(uploads)).toEqual(before);

      // A member on the same address is counted apart from its guests, and per address too.
      const members = [await memberWithToken(app), await memberWithToken(app)];
      for (const m of members) {
        const res = await pictureFrom(flood, { token: m.token });
        expect(res.status).toBe(200);
      }
      const third = await memberWithToken(app);
      const memberRefused = await pictureFrom(flood, { token: third.token });
      expect(memberRefused.body.code).toBe('REQUEST_LIMIT');

      const elsewhere = await pictureFrom(address(), { guestId: randomUUID() });
      expect(elsewhere.status).toBe(200);
    });
  });

  describe('guest ids', () => {
    it('refuses the nil and max UUIDs as guest ids with KEY_INVALID, on every call', async () => {
      for (const guestId of [
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ]) {
        const sent = await sendAsGuest(app, guestId, 'hi', undefined, address());
        expect(sent.status).toBe(400);
        expect(sent.body.code).toBe('KEY_INVALID');
        expect((await history(app, { guestId }, 10, 0)).body.code).toBe('KEY_INVALID');
        const read = await call(app, 'PUT', '/api/chat/read-customer/', { body: { guestId } });
        expect(read.body.code).toBe('KEY_INVALID');
        const uploaded = await pictureFrom(address(), { guestId });
        expect(uploaded.body.code).toBe('KEY_INVALID');
      }
    });

    it('keeps an upper-case spelling of a guest id away from the lower-case guest’s history and room', async () => {
      const guestId = randomUUID();
      const upper = guestId.toUpperCase();
      expect((await sendAsGuest(app, guestId, 'mine', undefined, address())).status).toBe(200);

      const read = await history(app, { guestId: upper }, 10, 0);
      expect(read.status).toBe(400);
      expect(read.body.code).toBe('KEY_INVALID');
      expect(read.body.messages).toBeUndefined();
      expect((await sendAsGuest(app, upper, 'theirs', undefined, address())).body.code).toBe(
        'KEY_INVALID',
      );
      expect((await history(app, { guestId }, 10, 0)).body.total).toBe(1);

      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const spelled = await connectSocket(base, { guestId: upper });
      expect(spelled.error).toBe('UNAUTHORIZED');
      spelled.socket.close();
      const owner = await connectSocket(base, { guestId });
      expect(await joinRoom(owner.socket, `wallet-${upper}`)).toMatchObject({ ok: false });
      expect(await joinRoom(owner.socket, `wallet-${guestId}`)).toEqual({ ok: true });
      owner.socket.close();
    });
  });

  describe('storage', () => {
    it('refuses an upload once the chat files reach the quota, with CHAT_STORAGE_FULL, and stores nothing', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'wallet-chat-quota-'));
      const quota = await h.build({ UPLOADS_DIR: dir, CHAT_STORAGE_QUOTA_MB: '1' });
      const used = (
        await rows<{ bytes: number }>(
          h.db,
          sql`select coalesce(sum(size), 0)::int as bytes from chat_files`,
        )
      )[0]?.bytes;
      // What the file tests above stored, plus one picture that leaves less than itself free.
      const big = Buffer.concat([pngPicture(), Buffer.alloc(600 * 1024 - (used ?? 0))]);
      const guestId = randomUUID();
      expect((await upload(quota, 'image', big, { guestId })).status).toBe(200);
      const before = { rows: await h.count(chatFiles), files: await filesUnder(dir) };

      const refused = await upload(quota, 'image', big, { guestId });
      expect(refused.status).toBe(507);
      expect(refused.body.code).toBe('CHAT_STORAGE_FULL');
      const member = await memberWithToken(quota);
      expect((await upload(quota, 'image', big, { token: member.token })).body.code).toBe(
        'CHAT_STORAGE_FULL',
      );
      expect(await h.count(chatFiles)).toBe(before.rows);
      expect(await filesUnder(dir)).toEqual(before.files);

      // A small one still fits.
      expect((await upload(quota, 'image', pngPicture(), { guestId })).status).toBe(200);
    });

    it('deletes an upload no message named in time, and keeps a named one and a recent one', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'wallet-chat-orphans-'));
      const files = await h.build({ UPLOADS_DIR: dir });
      const guestId = randomUUID();
      const put = async () => {
        const res = await upload(files, 'image', pngPicture(), { guestId });
        expect(res.status).toBe(200);
        return String(res.body.path);
      };
      const orphan = await put();
      const named = await put();
      const recent = await put();
      const named_ = await call(files, 'POST', '/api/chat/send-message', {
        body: { guestId, message: mediaMessage(named) },
      });
      expect(named_.status).toBe(200);
      const old = [fileIdOf(orphan), fileIdOf(named)];
      await h.db.execute(
        sql`update chat_files set created_at = now() - interval '2 hours'
            where id in (${old[0]}, ${old[1]})`,
      );
      // Past its hour, an unnamed upload cannot be named any more.
      const late = await call(files, 'POST', '/api/chat/send-message', {
        body: { guestId, message: mediaMessage(orphan) },
      });
      expect(late.body.code).toBe('NO_DATA');
      expect(await filesUnder(dir)).toHaveLength(3);

      const removed = await removeOrphanFiles({
        db: h.db,
        storage: new DirectoryFileStorage(dir),
        log: { warn: () => {} },
      });

      expect(removed).toBe(1);
      const left = await rows<{ id: unknown }>(
        h.db,
        sql`select id from chat_files where id in (${old[0]}, ${old[1]}, ${fileIdOf(recent)})`,
      );
      expect(left.map((r) => Number(r.id)).sort()).toEqual(
        [fileIdOf(named), fileIdOf(recent)].sort(),
      );
      expect(await filesUnder(dir)).toHaveLength(2);
      const served = await call(files, 'GET', orphan.replace(/^https?:\/\/[^/]+/, ''));
      expect(served.status).toBe(404);
      const history_ = await history(files, { guestId }, 10, 0);
      expect(history_.body.total).toBe(1);
    });
  });

  describe('staff inbox', () => {
    it('pages the open conversations newest first and filters members from a flood of guests', async () => {
      const inbox = await h.build({ CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR: '1000' });
      const staff = await staffToken(inbox);
      const list = async (query: string) => {
        const res = await call(inbox, 'GET', `/api/backoffice/chat/conversations${query}`, {
          token: staff,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as {
          conversations: { id: number; userId: string | null; guestId: string | null }[];
          nextCursor: string | null;
        };
      };
      const m = await memberWithToken(inbox);
      const memberId = String(await memberIdOf(h.db, m.username));
      expect((await sendAsMember(inbox, m.token, memberId, 'help, my deposit')).status).toBe(200);
      const flood: string[] = [];
      for (let i = 0; i < 35; i += 1) {
        const guestId = randomUUID();
        flood.push(guestId);
        expect((await sendAsGuest(inbox, guestId, `spam ${i}`)).status).toBe(200);
      }

      const members = await list('?party=members');
      expect(members.conversations.some((c) => c.userId === memberId)).toBe(true);
      expect(members.conversations.every((c) => c.userId !== null && c.guestId === null)).toBe(
        true,
      );
      const firstAll = await list('?limit=10');
      expect(firstAll.conversations.some((c) => c.userId === memberId)).toBe(false);
      expect(firstAll.conversations[0]?.guestId).toBe(flood.at(-1));

      // Every page follows on from the last, newest first, to the end.
      const seen: { id: number; userId: string | null; guestId: string | null }[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.conversations.length).toBeLessThanOrEqual(10);
        seen.push(...page.conversations);
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
      const floodInOrder = seen.flatMap((c) =>
        c.guestId && flood.includes(c.guestId) ? [c.guestId] : [],
      );
      expect(floodInOrder).toEqual([...flood].reverse());
      expect(seen.findIndex((c) => c.userId === memberId)).toBeGreaterThan(
        seen.findIndex((c) => c.guestId === flood[0]),
      );

      const guests = await list('?party=guests&limit=100');
      expect(guests.conversations.every((c) => c.guestId !== null)).toBe(true);
      expect(guests.conversations.length).toBeGreaterThanOrEqual(35);

      for (const bad of ['?party=everyone', '?limit=0', '?limit=101', '?cursor=abc']) {
        const res = await call(inbox, 'GET', `/api/backoffice/chat/conversations${bad}`, {
          token: staff,
        });
        expect(res.status, bad).toBe(400);
        expect(res.body.code, bad).toBe('KEY_INVALID');
      }
    });
  });
});
