import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPostgresDatabase } from '../test/databases';
import { call, testEnv } from '../test/harness';
import { memberWithToken, PASSWORD } from '../test/members';
import { topUp } from '../test/money';
import { type RedisProxy, startRedisProxy } from '../test/redis-proxy';
import { describeWith } from '../test/services';

/** Polls `probe` until it holds, for at most `ms`; false if it never did. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Redis restarting under running processes: one process reaches Redis through a connection the
 * test cuts, the other directly. While Redis is away the first keeps serving what needs no
 * Redis, refuses at once what does (SERVICE_UNAVAILABLE, which the web app retries), and no
 * library's command rejects unheard, which under Node's default would end the process. When
 * Redis is back it serves again by itself and hears the other process's news.
 */
describeWith('postgres', 'Redis going away under a running process', (adminUrl) => {
  describeWith('redis', 'on Redis', (redisUrl) => {
    let proxy: RedisProxy;
    let drop: () => Promise<void>;
    let cut: FastifyInstance;
    let direct: FastifyInstance;
    const unheard: unknown[] = [];
    const onUnhandled = (reason: unknown) => unheard.push(reason);

    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      proxy = await startRedisProxy(redisUrl);
      const created = await createPostgresDatabase(adminUrl);
      drop = created.drop;
      const env = {
        ...testEnv,
        DATABASE_URL: created.url,
        REDIS_KEY_PREFIX: `outage-${randomUUID()}:`,
        SESSION_CACHE_MS: '60000',
      };
      direct = await buildApp(loadConfig({ ...env, REDIS_URL: redisUrl }));
      // Redis is already away when this process starts.
      await proxy.cut();
      cut = await buildApp(loadConfig({ ...env, REDIS_URL: proxy.url }));
    });
    afterAll(async () => {
      await cut?.close();
      await direct?.close();
      await drop?.();
      process.off('unhandledRejection', onUnhandled);
    });

    it('starts, and says it is not ready', async () => {
      const ready = await call(cut, 'GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.code).toBe('SERVICE_UNAVAILABLE');
    });

    it('moves money and reads the profile, and refuses a sign-in at once with SERVICE_UNAVAILABLE', async () => {
      const m = await memberWithToken(direct);
      const profile = await call(cut, 'GET', '/api/account/profile', { token: m.token });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      // A ledger movement is announced to the other processes through the socket.io adapter.
      await topUp(cut, m.token, 500);

      const started = Date.now();
      const refused = await call(cut, 'POST', '/api/login', {
        body: { username: m.username, password: PASSWORD },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
      // Not a hang: each Redis command gives up after a second.
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('serves again by itself once Redis is back, and hears revocations it subscribed to while away', async () => {
      await proxy.restore();
      expect(
        await within(10_000, async () => (await call(cut, 'GET', '/ready')).status === 200),
      ).toBe(true);
      const m = await memberWithToken(cut);
      expect((await call(cut, 'GET', '/api/account/profile', { token: m.token })).status).toBe(200);
      expect((await call(direct, 'POST', '/api/logout', { token: m.token })).status).toBe(200);
      // The session is cached on `cut` for a minute: only the revocation told through Redis ends it.
      const refused = await within(
        2_000,
        async () =>
          (await call(cut, 'GET', '/api/account/profile', { token: m.token })).status === 401,
      );
      expect(refused).toBe(true);
    });

    it('lets no Redis command reject unheard', () => {
      expect(unheard).toEqual([]);
    });
  });
});
