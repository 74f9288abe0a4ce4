import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { members, sessions } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newPhone, PASSWORD, registerMember, signIn } from '../../test/members';
import { useHarness } from '../../test/use-harness';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in from one address. */
const loginFrom = (app: FastifyInstance, ip: string) => (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: { username, password },
  });

/** The wait a refusal's message names ("Please wait 14 minutes 58 seconds."), in seconds. */
function spokenWait(message: string): number {
  const match = /wait (?:(\d+) minutes?)? ?(?:(\d+) seconds?)?\.$/.exec(message);
  if (!match) throw new Error(`no wait in "${message}"`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

describeOnDatabases('sign-in and sessions', (target) => {
  const h = useHarness(target);

  const profile = (token?: string, headers?: Record<string, string>) =>
    call(h.app, 'GET', '/api/account/profile', {
      ...(token ? { token } : {}),
      ...(headers ? { headers } : {}),
    });

  describe('sign-in', () => {
    it('answers a 256-bit base64url token and stores only its SHA-256', async () => {
      const member = await registerMember(h.app);
      const res = await call(h.app, 'POST', '/api/login', {
        body: { username: member.username, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      const token = String(res.body.token);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const [stored] = await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)));
      expect(stored).toBeDefined();
      const all = await h.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(all.some((s) => s.tokenHash === token)).toBe(false);
    });

    it('gives a new token on every sign-in, each valid on its own', async () => {
      const member = await registerMember(h.app);
      const first = await signIn(h.app, member.username);
      const second = await signIn(h.app, member.username);
      expect(first).not.toBe(second);
      expect((await profile(first)).status).toBe(200);
      expect((await profile(second)).status).toBe(200);
    });

    it('sets the session to expire after SESSION_TTL_HOURS', async () => {
      const app = await h.build({ SESSION_TTL_HOURS: '2' });
      const member = await registerMember(app);
      const token = await signIn(app, member.username);
      const [stored] = await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)));
      const hours = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(1.9);
      expect(hours).toBeLessThanOrEqual(2);
    });

    it('refuses a wrong password (WRONG_CREDENTIAL) and creates no session', async () => {
      const member = await registerMember(h.app);
      const before = await h.count(sessions);
      const res = await call(h.app, 'POST', '/api/login', {
        body: { username: member.username, password: 'not the password' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WRONG_CREDENTIAL' });
      expect(await h.count(sessions)).toBe(before);
    });

    it('refuses an unknown username (NO_USER)', async () => {
      const res = await call(h.app, 'POST', '/api/login', {
        body: { username: newPhone(), password: PASSWORD },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NO_USER' });
    });

    it('spends a full password verification on an unknown username too', async () => {
      const timed = async (run: () => Promise<unknown>) => {
        const started = performance.now();
        await run();
        return performance.now() - started;
      };
      const realHash = await hashPassword(PASSWORD);
      await call(h.app, 'POST', '/api/login', { body: { username: newPhone(), password: 'x' } });
      const verifications: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        verifications.push(await timed(() => verifyPassword(realHash, 'wrong password')));
        unknown.push(
          await timed(() =>
            call(h.app, 'POST', '/api/login', {
              body: { username: newPhone(), password: 'wrong password' },
            }),
          ),
        );
      }
      // Without the dummy verification an unknown name would answer in a fraction of one
      // argon2id verification and so reveal that it does not exist.
      const median = [...unknown].sort((a, b) => a - b)[2] ?? 0;
      expect(median).toBeGreaterThan(Math.min(...verifications) * 0.8);
    });

    it('refuses an inactive member with the right password (INACTIVE_USER 403)', async () => {
      const member = await registerMember(h.app);
      await h.db
        .update(members)
        .set({ active: false })
        .where(eq(members.username, member.username));
      const res = await call(h.app, 'POST', '/api/login', {
        body: { username: member.username, password: PASSWORD },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'INACTIVE_USER' });
      const wrong = await call(h.app, 'POST', '/api/login', {
        body: { username: member.username, password: 'not the password' },
      });
      expect(wrong.body).toMatchObject({ code: 'WRONG_CREDENTIAL' });
    });

    it('answers KEY_MISSING for an absent username or password', async () => {
      const noUser = await call(h.app, 'POST', '/api/login', { body: { password: PASSWORD } });
      expect(noUser.body).toMatchObject({ code: 'KEY_MISSING', field: 'username' });
      const noPassword = await call(h.app, 'POST', '/api/login', {
        body: { username: newPhone() },
      });
      expect(noPassword.body).toMatchObject({ code: 'KEY_MISSING', field: 'password' });
      const empty = await call(h.app, 'POST', '/api/login', {
        body: { username: '', password: '' },
      });
      expect(empty.body).toMatchObject({ code: 'KEY_MISSING', field: 'username' });
    });

    it('limits failed sign-ins per account and address (REQUEST_LIMIT_1MIN), even with the right password', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '3' });
      const member = await registerMember(app);
      for (let i = 0; i < 3; i++) {
        const res = await call(app, 'POST', '/api/login', {
          body: { username: member.username, password: 'wrong password' },
        });
        expect(res.body).toMatchObject({ code: 'WRONG_CREDENTIAL' });
      }
      const limited = await call(app, 'POST', '/api/login', {
        body: { username: member.username, password: PASSWORD },
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      // Another account from the same address is not affected.
      const other = await registerMember(app);
      await signIn(app, other.username);
    });

    it('says the real wait of a locked address in its message and in Retry-After', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '2', LOGIN_FAILURE_WINDOW_MINUTES: '15' });
      const member = await registerMember(app);
      const from = loginFrom(app, '198.51.100.20');
      await from(member.username, 'wrong password');
      await from(member.username, 'wrong password');
      const limited = await from(member.username, PASSWORD);
      expect(limited.statusCode).toBe(429);
      const body = limited.json();
      expect(body.code).toBe('REQUEST_LIMIT_1MIN');
      const retryAfter = Number(limited.headers['retry-after']);
      // The lock is 15 minutes from the first failure, a moment ago.
      expect(retryAfter).toBeGreaterThan(15 * 60 - 10);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(spokenWait(body.message)).toBe(retryAfter);
    });

    it('keeps a member signing in from their own address while another address keeps failing', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '5' });
      const member = await registerMember(app);
      const attacker = loginFrom(app, '203.0.113.66');
      for (let i = 0; i < 8; i++) await attacker(member.username, 'wrong password');
      expect((await attacker(member.username, PASSWORD)).statusCode).toBe(429);
      const own = await loginFrom(app, '198.51.100.1')(member.username, PASSWORD);
      expect(own.statusCode).toBe(200);
      expect(own.json().token).toEqual(expect.any(String));
    });

    it('counts an IPv6 subscriber by its /64, so changing the last bits gains no tries', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '2' });
      const member = await registerMember(app);
      await loginFrom(app, '2001:db8:1:2::10')(member.username, 'wrong password');
      await loginFrom(app, '2001:db8:1:2::11')(member.username, 'wrong password');
      const third = await loginFrom(app, '2001:db8:1:2:aaaa::12')(member.username, PASSWORD);
      expect(third.statusCode).toBe(429);
      expect((await loginFrom(app, '2001:db8:1:3::10')(member.username, PASSWORD)).statusCode).toBe(
        200,
      );
    });

    it('slows a guesser spread over many addresses with a growing delay past the account limit, but not the member at a known address', async () => {
      const app = await h.build({
        LOGIN_MAX_FAILURES: '2',
        LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: '4',
      });
      const member = await registerMember(app);
      const home = loginFrom(app, '198.51.100.50');
      expect((await home(member.username, PASSWORD)).statusCode).toBe(200);
      for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2']) {
        expect((await loginFrom(app, ip)(member.username, 'wrong password')).statusCode).toBe(400);
      }
      // Four failures in the hour: no delay yet.
      expect((await loginFrom(app, '203.0.113.3')(member.username, 'wrong')).statusCode).toBe(400);
      // The fifth was one past the limit: a 1 s wait for any address not known to the account.
      const delayed = await loginFrom(app, '203.0.113.4')(member.username, PASSWORD);
      expect(delayed.statusCode).toBe(429);
      expect(delayed.json().code).toBe('REQUEST_LIMIT_1MIN');
      expect(delayed.headers['retry-after']).toBe('1');
      expect(spokenWait(delayed.json().message)).toBe(1);
      expect((await home(member.username, PASSWORD)).statusCode).toBe(200);

      await sleep(1100);
      expect((await loginFrom(app, '203.0.113.4')(member.username, 'wrong')).statusCode).toBe(400);
      const longer = await loginFrom(app, '203.0.113.5')(member.username, PASSWORD);
      expect(longer.statusCode).toBe(429);
      expect(longer.headers['retry-after']).toBe('2');
      expect((await home(member.username, PASSWORD)).statusCode).toBe(200);
    });

    it('clears the failure count after a successful sign-in', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '2' });
      const member = await registerMember(app);
      const wrong = { username: member.username, password: 'wrong password' };
      await call(app, 'POST', '/api/login', { body: wrong });
      await signIn(app, member.username);
      await call(app, 'POST', '/api/login', { body: wrong });
      await signIn(app, member.username);
    });

    it('limits sign-in attempts per IP address (REQUEST_LIMIT_1MIN)', async () => {
      const app = await h.build({ RATE_LIMIT_LOGIN_PER_MIN: '3' });
      const attempt = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: ip,
          payload: { username: newPhone(), password: PASSWORD },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.7')).statusCode).toBe(404);
      const limited = await attempt('198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await attempt('198.51.100.8')).statusCode).toBe(404);
    });
  });

  describe('authentication of member calls', () => {
    it('refuses a call without a token (UNAUTHORIZED 401)', async () => {
      const res = await profile();
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('refuses a malformed header or token (INVALID_USER_1)', async () => {
      for (const authorization of [
        'Basic abc',
        'Bearer',
        'Bearer short',
        `Bearer ${'a'.repeat(44)}`,
      ]) {
        const res = await profile(undefined, { authorization });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'INVALID_USER_1' });
      }
    });

    it('refuses a well-formed token that was never issued (INVALID_USER_2)', async () => {
      const res = await profile('A'.repeat(43));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_USER_2' });
    });

    it('refuses an expired token (EXPIRED_AUTH_TOKEN)', async () => {
      const member = await memberWithToken(h.app);
      await h.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, sha256(member.token)));
      const res = await profile(member.token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'EXPIRED_AUTH_TOKEN' });
    });

    it('refuses a token whose member no longer exists (INVALID_USER_3)', async () => {
      const member = await memberWithToken(h.app);
      await h.db.delete(members).where(eq(members.username, member.username));
      const res = await profile(member.token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_USER_3' });
    });

    it('refuses a member deactivated after signing in (INACTIVE_USER 403), at once without the session cache', async () => {
      const uncached = await h.build({ SESSION_CACHE_MS: '0' });
      const member = await memberWithToken(h.app);
      const get = (app: typeof h.app) =>
        call(app, 'GET', '/api/account/profile', { token: member.token });
      expect((await get(uncached)).status).toBe(200);
      await h.db
        .update(members)
        .set({ active: false })
        .where(eq(members.username, member.username));
      const res = await get(uncached);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'INACTIVE_USER' });
    });

    it('refuses a deactivated member once the session cache time has passed', async () => {
      const cached = await h.build({ SESSION_CACHE_MS: '300' });
      const member = await memberWithToken(h.app);
      const get = () => call(cached, 'GET', '/api/account/profile', { token: member.token });
      expect((await get()).status).toBe(200);
      await h.db
        .update(members)
        .set({ active: false })
        .where(eq(members.username, member.username));
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await get()).body).toMatchObject({ code: 'INACTIVE_USER' });
    });

    it('accepts the scheme in any case', async () => {
      const member = await memberWithToken(h.app);
      expect((await profile(undefined, { authorization: `bearer ${member.token}` })).status).toBe(
        200,
      );
    });

    it('checks the token before the body (401 rather than 400)', async () => {
      const res = await call(h.app, 'PUT', '/api/account/changepwd', { body: {} });
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('sign-out', () => {
    it('revokes the current session only', async () => {
      const member = await memberWithToken(h.app);
      const other = await signIn(h.app, member.username);
      // In use just before, so this process holds it as valid (the session cache).
      expect((await profile(member.token)).status).toBe(200);
      const res = await call(h.app, 'POST', '/api/logout', { token: member.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await profile(member.token)).body).toMatchObject({ code: 'INVALID_USER_2' });
      expect((await profile(other)).status).toBe(200);
      const [stored] = await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(member.token)));
      expect(stored?.revokedAt).toBeInstanceOf(Date);
    });

    it('refuses a revoked token on a second sign-out', async () => {
      const member = await memberWithToken(h.app);
      await call(h.app, 'POST', '/api/logout', { token: member.token });
      const again = await call(h.app, 'POST', '/api/logout', { token: member.token });
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ code: 'INVALID_USER_2' });
    });

    it('needs a token (UNAUTHORIZED)', async () => {
      expect((await call(h.app, 'POST', '/api/logout')).body).toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });
  });
});
