import { randomUUID } from 'node:crypto';
import { staffPermissions, staffRoles } from '@wallet/contract/staff';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { connectSocket } from '../../test/chat';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { sandboxCode, staffSignIn, staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describeOnDatabases('back-office access', (target) => {
  const h = useHarness(target);

  describe('signing in', () => {
    it('takes the password, then a code, which works once', async () => {
      const { app } = h;
      const first = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'viewer', password: 'viewer-demo' },
      });
      expect(first.status).toBe(200);
      expect(first.body.enrol).toBeUndefined();

      const wrong = await call(app, 'POST', '/api/backoffice/login/totp', {
        body: { challenge: first.body.challenge, code: '000000' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('OTP_CODE_INVALID');

      const code = await sandboxCode(app, 'viewer');
      const signed = await call(app, 'POST', '/api/backoffice/login/totp', {
        body: { challenge: first.body.challenge, code },
      });
      expect(signed.status).toBe(200);
      expect(signed.body).toMatchObject({ role: 'viewer', staff: { username: 'viewer' } });
      const me = await call(app, 'GET', '/api/backoffice/me', { token: String(signed.body.token) });
      expect(me.body).toMatchObject({ username: 'viewer', role: 'viewer' });

      // The challenge is spent, and the same code does not open another one.
      const again = await call(app, 'POST', '/api/backoffice/login/totp', {
        body: { challenge: first.body.challenge, code },
      });
      expect(again.status).toBe(401);
      const second = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'viewer', password: 'viewer-demo' },
      });
      const replay = await call(app, 'POST', '/api/backoffice/login/totp', {
        body: { challenge: second.body.challenge, code },
      });
      expect(replay.body.code).toBe('OTP_CODE_INVALID');
    });

    it('blocks the second step for 15 minutes after five wrong codes', async () => {
      const app = await h.build();
      const created = await call(app, 'POST', '/api/backoffice/staff', {
        token: await staffToken(app, 'admin'),
        body: { username: 'guessed', name: 'Guessed', role: 'support' },
      });
      const first = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'guessed', password: created.body.password },
      });
      const secret = String((first.body.enrol as { secret: string }).secret);
      const newPassword = 'a password of my own';
      for (let i = 0; i < 5; i++) {
        const res = await call(app, 'POST', '/api/backoffice/login/totp', {
          body: { challenge: first.body.challenge, code: '123456', newPassword },
        });
        expect(res.body.code).toBe('OTP_CODE_INVALID');
      }
      const blocked = await call(app, 'POST', '/api/backoffice/login/totp', {
        body: { challenge: first.body.challenge, code: codeOf(secret), newPassword },
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    });

    it('enrols a new account by its QR, then lets a recovery code in once', async () => {
      const { app } = h;
      const admin = { token: await staffToken(app, 'admin') };
      const created = await call(app, 'POST', '/api/backoffice/staff', {
        token: admin.token,
        body: { username: 'Nok.Finance', name: 'Nok', role: 'finance' },
      });
      expect(created.status).toBe(200);
      expect(created.body.username).toBe('nok.finance');
      const password = String(created.body.password);
      expect(password.length).toBeGreaterThanOrEqual(20);

      const first = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'nok.finance', password },
      });
      const enrol = first.body.enrol as { secret: string; otpauthUrl: string; qr: string };
      expect(enrol.otpauthUrl).toContain(`secret=${enrol.secret}`);
      expect(enrol.otpauthUrl).toContain('algorithm=SHA1&digits=6&period=30');
      expect(enrol.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      // Until confirmed, signing in again shows the same secret (a scanned QR still works).
      const retry = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'nok.finance', password },
      });
      expect((retry.body.enrol as { secret: string }).secret).toBe(enrol.secret);

      // The handed-over password is replaced in the second step, before the code is spent.
      expect(retry.body.changePassword).toBe(true);
      const second = (extra: Record<string, unknown>) =>
        call(app, 'POST', '/api/backoffice/login/totp', {
          body: { challenge: retry.body.challenge, code: codeOf(enrol.secret), ...extra },
        });
      expect((await second({})).body).toMatchObject({ code: 'KEY_MISSING', field: 'newPassword' });
      expect((await second({ newPassword: 'too short' })).body).toMatchObject({
        code: 'STAFF_PASSWORD_SHORT',
        field: 'newPassword',
      });
      expect((await second({ newPassword: password })).body).toMatchObject({
        code: 'PASSWORD_UNCHANGED',
        field: 'newPassword',
      });
      const confirmed = await second({ newPassword: 'nok chose this one' });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const handedOver = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'nok.finance', password },
      });
      expect(handedOver.body.code).toBe('WRONG_CREDENTIAL');
      expect(confirmed.body.role).toBe('finance');
      const recovery = confirmed.body.recoveryCodes as string[];
      expect(recovery).toHaveLength(8);
      expect(new Set(recovery).size).toBe(8);

      const withRecovery = async () => {
        const step = await call(app, 'POST', '/api/backoffice/login', {
          body: { username: 'nok.finance', password: 'nok chose this one' },
        });
        expect(step.body.enrol).toBeUndefined();
        expect(step.body.changePassword).toBeUndefined();
        return call(app, 'POST', '/api/backoffice/login/totp', {
          body: { challenge: step.body.challenge, code: recovery[0] },
        });
      };
      expect((await withRecovery()).status).toBe(200);
      expect((await withRecovery()).body.code).toBe('OTP_CODE_INVALID');

      // An admin resets the authenticator: the sessions end and the next sign-in enrols again.
      const list = await call(app, 'GET', '/api/backoffice/staff', { token: admin.token });
      const nok = (list.body.staff as { id: number; username: string; enrolled: boolean }[]).find(
        (row) => row.username === 'nok.finance',
      );
      expect(nok?.enrolled).toBe(true);
      const reset = await call(
        app,
        'POST',
        `/api/backoffice/staff/${nok?.id}/reset-authenticator`,
        {
          token: admin.token,
          body: { reason: 'lost phone' },
        },
      );
      expect(reset.status).toBe(200);
      expect(
        (await call(app, 'GET', '/api/backoffice/me', { token: String(confirmed.body.token) }))
          .status,
      ).toBe(401);
      const after = await call(app, 'POST', '/api/backoffice/login', {
        body: { username: 'nok.finance', password: 'nok chose this one' },
      });
      expect((after.body.enrol as { secret: string }).secret).not.toBe(enrol.secret);
    });
  });

  describe('the browser session', () => {
    it('is an httpOnly, SameSite=Strict cookie that needs the app header', async () => {
      const { app } = h;
      const { cookie } = await staffSignIn(app, 'support');
      const first = await app.inject({
        method: 'POST',
        url: '/api/backoffice/login',
        payload: { username: 'finance', password: 'finance-demo' },
      });
      const signed = await app.inject({
        method: 'POST',
        url: '/api/backoffice/login/totp',
        payload: { challenge: first.json().challenge, code: await sandboxCode(app, 'finance') },
      });
      const setCookie = String([signed.headers['set-cookie']].flat()[0]);
      expect(setCookie).toMatch(/^wallet_staff=/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');

      const me = (headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/api/backoffice/me', headers: { cookie, ...headers } });
      expect((await me({ 'x-wallet-user': '1' })).json()).toMatchObject({ username: 'support' });
      // Another site can make a browser send the cookie, not the header.
      expect((await me({})).statusCode).toBe(401);

      const out = await app.inject({
        method: 'POST',
        url: '/api/backoffice/logout',
        headers: { cookie, 'x-wallet-user': '1' },
      });
      expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/^wallet_staff=;/);
      expect((await me({ 'x-wallet-user': '1' })).statusCode).toBe(401);
    });

    it('ends after the idle limit, and when an admin ends it', async () => {
      const { app, db } = h;
      const admin = await staffSignIn(app, 'admin');
      const viewer = await staffSignIn(app, 'viewer');
      const sessions = await call(app, 'GET', '/api/backoffice/sessions', { token: admin.token });
      const rows = sessions.body.sessions as { id: number; staff: string; current: boolean }[];
      expect(rows.find((row) => row.current)?.staff).toBe('admin');
      const target = rows.find((row) => row.staff === 'viewer');
      expect(target).toBeDefined();
      // A viewer may end only their own sessions.
      const adminSession = rows.find((row) => row.current);
      const refused = await call(app, 'DELETE', `/api/backoffice/sessions/${adminSession?.id}`, {
        token: viewer.token,
      });
      expect(refused.status).toBe(404);
      await call(app, 'DELETE', `/api/backoffice/sessions/${target?.id}`, { token: admin.token });
      expect((await call(app, 'GET', '/api/backoffice/me', { token: viewer.token })).status).toBe(
        401,
      );

      await db.execute(
        sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where id = ${adminSession?.id}`,
      );
      const idle = await call(app, 'GET', '/api/backoffice/me', { token: admin.token });
      expect(idle.body.code).toBe('EXPIRED_AUTH_TOKEN');
    });
  });

  describe('the staff allow-list', () => {
    it('keeps the back office to the listed networks, members untouched', async () => {
      const app = await h.build({ STAFF_IP_ALLOW_LIST: '192.0.2.0/24' });
      const from = (ip: string, url: string, payload?: object) =>
        app.inject({ method: payload ? 'POST' : 'GET', url, remoteAddress: ip, payload });
      const login = { username: 'support', password: 'support-demo' };
      const outside = await from('203.0.113.9', '/api/backoffice/login', login);
      expect(outside.json().code).toBe('INVALID_IP');
      expect((await from('192.0.2.9', '/api/backoffice/login', login)).statusCode).toBe(200);
      expect((await from('203.0.113.9', '/backoffice/chat')).statusCode).toBe(403);
      expect((await from('203.0.113.9', '/api/lookup/active')).statusCode).toBe(200);

      // A staff socket from elsewhere is refused at its handshake; a guest's is not.
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const token = await staffToken(app, 'support');
      const staffSocket = await connectSocket(base, { staffToken: token });
      expect(staffSocket.error).toBe('INVALID_IP');
      const guest = await connectSocket(base, { guestId: randomUUID() });
      expect(guest.error).toBeNull();
      staffSocket.socket.close();
      guest.socket.close();
    });
  });

  describe('roles', () => {
    it('every back-office route answers each role by the table, and refuses members and strangers', async () => {
      const { app } = h;
      const tokens = Object.fromEntries(
        await Promise.all(staffRoles.map(async (role) => [role, await staffToken(app, role)])),
      );
      const member = (await memberWithToken(app)).token;
      // Signing out would end the session the rest of the walk uses: its own test is above.
      const routes = app.routeTable.filter(
        (route) => route.staff && route.method !== 'HEAD' && !route.url.endsWith('/logout'),
      );
      expect(routes.length).toBeGreaterThan(15);
      const fill = (url: string) => url.replace(/:[a-zA-Z]+/g, '999999');
      for (const route of routes) {
        const url = fill(route.url);
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        expect((await call(app, method, url)).status, `${method} ${url} without a token`).toBe(401);
        expect((await call(app, method, url, { token: member })).status, `${url} member`).toBe(401);
        for (const role of staffRoles) {
          const res = await call(app, method, url, { token: tokens[role] });
          const allowed =
            route.staff === 'signed-in' ||
            (
              staffPermissions[route.staff as keyof typeof staffPermissions] as readonly string[]
            ).includes(role);
          if (allowed) expect([401, 403], `${method} ${url} as ${role}`).not.toContain(res.status);
          else expect(res.body.code, `${method} ${url} as ${role}`).toBe('FORBIDDEN');
        }
      }
      // Refusals are in the audit log, with the reason.
      const audit = await call(app, 'GET', '/api/backoffice/audit?staff=viewer&limit=100', {
        token: tokens.admin,
      });
      const refused = (audit.body.entries as { reason: string | null }[]).filter(
        (entry) => entry.reason === 'FORBIDDEN',
      );
      expect(refused.length).toBeGreaterThan(3);
    });

    it('a staff token is no member token', async () => {
      const { token } = await staffSignIn(h.app, 'support');
      expect((await call(h.app, 'GET', '/api/wallet', { token })).status).toBe(401);
    });
  });
});
