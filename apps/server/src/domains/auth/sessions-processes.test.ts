import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { memberWithToken, newPhone, PASSWORD, signIn } from '../../test/members';
import { memberIdOf } from '../../test/money';
import { startTwoProcesses, type TwoProcesses } from '../../test/processes';
import { describeWith } from '../../test/services';
import { staffToken } from '../../test/staff';

/** A revocation told through Redis arrives in milliseconds; the caches keep sessions a minute. */
const refusedSoon = async (app: FastifyInstance, token: string) => {
  const until = Date.now() + 1_000;
  for (;;) {
    const res = await call(app, 'GET', '/api/account/profile', { token });
    if (res.status === 401) return;
    if (Date.now() > until) throw new Error(`still answered ${res.status} a second later`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const profileStatus = async (app: FastifyInstance, token: string) =>
  (await call(app, 'GET', '/api/account/profile', { token })).status;

/**
 * Issue 34: two processes behind a load balancer. A session ended on one is refused by the
 * other at once, though each caches sessions (here for a minute, so only the revocation told
 * through Redis can explain a refusal); and a code the sandbox "sent" from one is read on the other.
 */
describeWith('postgres', 'members across two processes', (adminUrl) => {
  describeWith('redis', 'on Redis', (redisUrl) => {
    let processes: TwoProcesses;
    let one: FastifyInstance;
    let other: FastifyInstance;
    beforeAll(async () => {
      processes = await startTwoProcesses(adminUrl, {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `sessions-${randomUUID()}:`,
        SESSION_CACHE_MS: '60000',
      });
      [one, other] = processes.servers;
    });
    afterAll(async () => {
      await processes?.close();
    });

    it('ends a signed-out session on the other process at once', async () => {
      const m = await memberWithToken(one);
      expect(await profileStatus(other, m.token)).toBe(200);
      expect((await call(one, 'POST', '/api/logout', { token: m.token })).status).toBe(200);
      await refusedSoon(other, m.token);
    });

    it('ends the other sessions of a member who changed the password, and keeps the one used', async () => {
      const m = await memberWithToken(one);
      const phone = await signIn(one, m.username);
      expect(await profileStatus(other, phone)).toBe(200);
      expect(await profileStatus(other, m.token)).toBe(200);
      const changed = await call(one, 'PUT', '/api/account/changepwd', {
        token: m.token,
        body: { oldPassword: PASSWORD, newPassword: 'another horse 43' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await refusedSoon(other, phone);
      expect(await profileStatus(other, m.token)).toBe(200);
    });

    it('ends every session of a member staff deactivated, on the other process', async () => {
      const m = await memberWithToken(one);
      expect(await profileStatus(other, m.token)).toBe(200);
      const id = await memberIdOf(processes.db, m.username);
      const res = await call(one, 'POST', `/api/backoffice/members/${id}/deactivate`, {
        token: await staffToken(one, 'admin'),
        body: { reason: 'chargeback' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const until = Date.now() + 1_000;
      while ((await profileStatus(other, m.token)) === 200) {
        if (Date.now() > until) throw new Error('the deactivated member still reads the profile');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect([401, 403]).toContain(await profileStatus(other, m.token));
    });

    it('reads on one process the one-time code the other sent', async () => {
      const phone = newPhone();
      const sent = await call(one, 'POST', '/api/otp/send', { body: { phoneNumber: phone } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const otp = await call(other, 'GET', `/api/sandbox/otp/${phone}`);
      expect(otp.status).toBe(200);
      expect(otp.body.otpRef).toBe(sent.body.otpRef);
      const verified = await call(other, 'POST', '/api/otp/verify', {
        body: { otpToken: sent.body.otpToken, otpCode: otp.body.otpCode },
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    });
  });
});
