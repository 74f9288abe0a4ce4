import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage } from '@wallet/contract/chat';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collect, connectSocket, eventually, join as joinRoom } from '../../test/chat';
import { query, seedMembers } from '../../test/crash-load';
import { createPostgresDatabase } from '../../test/databases';
import { type ServerProcess, serverProcess } from '../../test/server-process';
import { describeWith } from '../../test/services';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Issue 14: the chat behind a load balancer. Two real server processes share one PostgreSQL
 * database and one Redis; a message posted to one reaches the sockets held by the other,
 * through the socket.io Redis adapter, in order and once; so does a member's wallet push.
 */
describeWith('postgres', 'chat across two server processes', (adminUrl) => {
  describeWith('redis', 'on one PostgreSQL and one Redis', (redisUrl) => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createPostgresDatabase(adminUrl);
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const keyPrefix = `wallet-test-${randomBytes(4).toString('hex')}:`;
      for (const offset of [0, 1]) {
        const server = serverProcess({
          command: ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
          cwd: serverRoot,
          port: port + offset,
          env: {
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: keyPrefix,
            SANDBOX: '1',
            LOG_LEVEL: 'fatal',
            RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
            CHAT_MESSAGES_PER_MINUTE: '1000',
          },
        });
        // One after the other: the first applies the migrations.
        await server.start();
        servers.push(server);
      }
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) server.kill();
      await database?.drop();
    });

    it('delivers a message posted to one process to a socket on the other, in order, once', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const guestId = randomUUID();
      const onB = await connectSocket(b.base, { guestId });
      expect(onB.error).toBeNull();
      expect(await joinRoom(onB.socket, `wallet-${guestId}`)).toEqual({ ok: true });
      const received = collect(onB.socket, 'messaging');
      // Staff watching from process A hears of it too.
      const post = async (path: string, body: object) =>
        (await (
          await fetch(`${a.base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as Record<string, string>;
      const { challenge } = await post('/api/backoffice/login', {
        username: 'support',
        password: 'support-demo',
      });
      const { code } = (await (await fetch(`${a.base}/api/sandbox/staff/support/totp`)).json()) as {
        code: string;
      };
      const { token: staffToken } = await post('/api/backoffice/login/totp', { challenge, code });
      const desk = await connectSocket(a.base, { staffToken: String(staffToken) });
      expect(await joinRoom(desk.socket, 'staff')).toEqual({ ok: true });
      const deskEvents = collect<{ message: ChatMessage }>(desk.socket, 'staff:messaging');

      const texts = Array.from({ length: 30 }, (_, i) => `message ${i + 1}`);
      for (const [i, text] of texts.entries()) {
        // Alternate the process a message is posted to, as a load balancer would.
        const target = i % 2 === 0 ? a : b;
        const res = await fetch(`${target.base}/api/chat/send-message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            guestId,
            message: {
              message_type: 'text',
              payload: { message: text },
              deliver: { id: randomUUID() },
            },
          }),
        });
        expect(res.status).toBe(200);
      }
      await eventually(() => received.length >= texts.length && deskEvents.length >= texts.length);
      // A moment for any duplicate to arrive.
      await new Promise((r) => setTimeout(r, 300));
      expect(received.map((m) => m.message.payload.message)).toEqual(texts);
      expect(deskEvents.map((e) => e.message.message.payload.message)).toEqual(texts);
      onB.socket.close();
      desk.socket.close();
    });

    it("pushes a member's wallet to their socket on the other process", async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const [token] = await seedMembers(a, database.url, 1, 100);
      const [member] = await query<{ id: number }>(
        database.url,
        `select member_id as id from sessions order by created_at desc limit 1`,
      );
      const onB = await connectSocket(b.base, { token: token ?? '' });
      expect(await joinRoom(onB.socket, `wallet-${member?.id}`)).toEqual({ ok: true });
      const wallets = collect<{ wallet: { amount: number } }>(onB.socket, 'wallet');
      const res = await fetch(`${a.base}/api/wallet/add`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: 40 }),
      });
      expect(res.status).toBe(200);
      await eventually(() => wallets.some((event) => event.wallet.amount === 140));
      onB.socket.close();
    });
  });
});
