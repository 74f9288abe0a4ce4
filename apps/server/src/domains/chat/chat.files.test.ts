import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@wallet/contract/chat';
import { describe, expect, it } from 'vitest';
import { chatFiles } from '../../db/schema';
import { filesUnder, history, mp4Video, pngPicture, upload } from '../../test/chat';
import { useChatSuite } from '../../test/chat-suite';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';

// Pictures and videos in the chat: what an upload takes and who may see it.
describeOnDatabases('support chat', (target) => {
  const chat = useChatSuite(target);

  describe('files', () => {
    it('takes pictures and videos by their bytes, and serves them only by their link', async () => {
      const { app } = chat;
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
      const { app, alice, bob } = chat;
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
      const { h, app, uploads } = chat;
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
});
