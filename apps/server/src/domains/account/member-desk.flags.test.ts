import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { PASSWORD, registration, signIn, verifyPhone } from '../../test/members';
import { move, topUp } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

/** A phone's browser: its address, its user agent and the web client's device id. */
type Device = { ip: string; userAgent: string; deviceId: string };

const newDevice = (name: string): Device => ({
  ip: `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`,
  userAgent: `Mozilla/5.0 (${name})`,
  deviceId: randomUUID(),
});

const from = (device: Device) => ({
  remoteAddress: device.ip,
  headers: { 'user-agent': device.userAgent, 'x-wallet-device': device.deviceId },
});

type Flag = { kind: string; members?: { id: number; username: string }[]; count?: number };

describeOnDatabases(
  'a member as the back office sees them: sign-ins, flags and actions',
  (target) => {
    const h = useHarness(target);

    /** Registers from `device` as the wizard does; the member's phone and id. */
    async function registerOn(app: FastifyInstance, device: Device) {
      const body = registration();
      await verifyPhone(app, String(body.username));
      const res = await call(app, 'POST', '/api/account', { body, ...from(device) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const username = String(res.body.username);
      const token = await signInOn(app, device, username);
      const profile = await call(app, 'GET', '/api/account/profile', { token });
      return { username, token, id: Number((profile.body.profile as { _id: number })._id) };
    }

    async function signInOn(
      app: FastifyInstance,
      device: Device,
      username: string,
      password = PASSWORD,
    ) {
      const res = await call(app, 'POST', '/api/login', {
        body: { username, password },
        ...from(device),
      });
      return res.status === 200 ? String(res.body.token) : String(res.body.code);
    }

    async function page(app: FastifyInstance, id: number) {
      const res = await call(app, 'GET', `/api/backoffice/members/${id}`, {
        token: await staffToken(app, 'viewer'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        signIns: { outcome: string; ip: string; userAgent: string }[];
        sessions: { ip: string | null; userAgent: string | null; active: boolean }[];
        flags: Flag[];
        notes: { staff: string; body: string }[];
        member: { tags: string[] };
      };
    }

    it('keeps sign-ins, failed ones too, and each session with its address and browser', async () => {
      const { app } = h;
      const phone = newDevice('Phone A');
      const member = await registerOn(app, phone);
      const stranger = newDevice('Stranger');
      expect(await signInOn(app, stranger, member.username, 'not the password')).toBe(
        'WRONG_CREDENTIAL',
      );

      const seen = await page(app, member.id);
      expect(seen.signIns.map((row) => [row.outcome, row.ip, row.userAgent])).toEqual([
        ['wrong-password', stranger.ip, stranger.userAgent],
        ['signed-in', phone.ip, phone.userAgent],
        ['registered', phone.ip, phone.userAgent],
      ]);
      expect(seen.sessions).toMatchObject([
        { ip: phone.ip, userAgent: phone.userAgent, active: true },
      ]);
      expect(seen.flags).toEqual([]);
    });

    it('flags members on the same device or address, and many failed sign-ins', async () => {
      const { app } = h;
      const phone = newDevice('Shared phone');
      const first = await registerOn(app, phone);
      // A second account registered on the same phone, from another network.
      const second = await registerOn(app, {
        ...newDevice('Same phone, mobile data'),
        deviceId: phone.deviceId,
      });
      // A third member signs in from the first one's address, on a device of their own.
      const third = await registerOn(app, newDevice('Neighbour'));
      await signInOn(app, { ...newDevice('Neighbour at the cafe'), ip: phone.ip }, third.username);

      const flags = (await page(app, first.id)).flags;
      expect(flags).toContainEqual({
        kind: 'same-device',
        members: [{ id: second.id, username: second.username }],
      });
      expect(flags.find((flag) => flag.kind === 'same-address')?.members).toEqual([
        { id: third.id, username: third.username },
      ]);
      expect(flags.map((flag) => flag.kind)).not.toContain('failed-sign-ins');

      const guesser = newDevice('Guesser');
      for (let i = 0; i < 5; i += 1) await signInOn(app, guesser, first.username, `guess ${i}`);
      expect((await page(app, first.id)).flags).toContainEqual({
        kind: 'failed-sign-ins',
        count: 5,
        since: expect.any(String),
      });
      // A member on a device and address of their own has no flags.
      expect((await page(app, (await registerOn(app, newDevice('Alone'))).id)).flags).toEqual([]);
    });

    it('flags a withdrawal right after a bonus was taken', async () => {
      const { app } = h;
      const member = await registerOn(app, newDevice('Bonus hunter'));
      await topUp(app, member.token, 500);
      const taken = await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: member.token });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect((await page(app, member.id)).flags).toEqual([]);
      await call(app, 'GET', '/api/bonus/clear', { token: member.token });
      const out = await move(app, member.token, 'withdraw', { amount: 400 });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect((await page(app, member.id)).flags).toContainEqual({
        kind: 'bonus-then-withdrawal',
        bonusAt: expect.any(String),
        withdrawalAt: expect.any(String),
        amount: 400,
      });
    });

    it('resets a password by SMS: the old one and every session stop working, the new one signs in', async () => {
      const { app } = h;
      const phone = newDevice('Forgetful');
      const member = await registerOn(app, phone);
      const viewer = await staffToken(app, 'viewer');
      const support = await staffToken(app, 'support');
      const url = `/api/backoffice/members/${member.id}/password-reset`;
      const refused = await call(app, 'POST', url, {
        token: viewer,
        body: { reason: 'asked by phone' },
      });
      expect(refused.body.code).toBe('FORBIDDEN');

      const reset = await call(app, 'POST', url, {
        token: support,
        body: { reason: 'asked by phone' },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect((await call(app, 'GET', '/api/wallet', { token: member.token })).status).toBe(401);
      expect(await signInOn(app, phone, member.username)).toBe('WRONG_CREDENTIAL');
      const sent = await call(app, 'GET', `/api/sandbox/password/${member.username}`);
      const password = String(sent.body.password);
      expect(password).toMatch(/^[A-Za-z2-9]{10}$/);
      expect(await signIn(app, member.username, password)).toMatch(/\S{20,}/);

      // The audit keeps who and why, never the password.
      const admin = await staffToken(app, 'admin');
      const audit = await call(app, 'GET', `/api/backoffice/audit?target=member:${member.id}`, {
        token: admin,
      });
      expect(audit.body.entries).toMatchObject([
        { action: 'member.password-reset', staff: 'support', reason: 'asked by phone' },
      ]);
      expect(JSON.stringify(audit.body)).not.toContain(password);

      // Each reset is an SMS: three a day per member.
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await call(app, 'POST', url, { token: support, body: { reason: 'again' } })).status,
        ).toBe(200);
      }
      const fourth = await call(app, 'POST', url, { token: support, body: { reason: 'again' } });
      expect(fourth.status).toBe(429);
      expect(fourth.body.code).toBe('REQUEST_LIMIT');
    });

    it('changes nothing when the SMS cannot be sent', async () => {
      const app = await h.build(
        {},
        {
          sms: {
            async sendOtp() {},
            async sendPassword() {
              throw new Error('gateway down');
            },
          },
        },
      );
      // This app's SMS sends no code: registration without one, as the operator may set it.
      await call(app, 'POST', '/api/sandbox/settings', { body: { registerOTP: false } });
      const body = registration();
      const registered = await call(app, 'POST', '/api/account', { body });
      await call(app, 'POST', '/api/sandbox/settings', { body: { registerOTP: true } });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const token = await signIn(app, String(body.username));
      const profile = await call(app, 'GET', '/api/account/profile', { token });
      const id = Number((profile.body.profile as { _id: number })._id);
      const support = await staffToken(app, 'support');
      const reset = await call(app, 'POST', `/api/backoffice/members/${id}/password-reset`, {
        token: support,
        body: { reason: 'asked by phone' },
      });
      expect(reset.status).toBe(502);
      expect(reset.body.code).toBe('SMS_SEND_FAIL');
      expect((await call(app, 'GET', '/api/wallet', { token })).status).toBe(200);
      expect(await signIn(app, String(body.username))).toMatch(/\S{20,}/);
    });

    it("clears a sign-in lock: the member's own phone signs in again at once", async () => {
      const { app } = h;
      const phone = newDevice('Locked out');
      const member = await registerOn(app, phone);
      for (let i = 0; i < 10; i += 1) await signInOn(app, phone, member.username, `wrong ${i}`);
      expect(await signInOn(app, phone, member.username)).toBe('REQUEST_LIMIT_1MIN');

      const support = await staffToken(app, 'support');
      const cleared = await call(
        app,
        'POST',
        `/api/backoffice/members/${member.id}/sign-in-unlock`,
        {
          token: support,
          body: { reason: 'member called, identity checked' },
        },
      );
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(await signInOn(app, phone, member.username)).toMatch(/\S{20,}/);
    });

    it('ends every session of a member, and keeps notes and tags with the audit', async () => {
      const { app } = h;
      const member = await registerOn(app, newDevice('Two phones'));
      const other = await signInOn(app, newDevice('Second phone'), member.username);
      const support = await staffToken(app, 'support');
      const ended = await call(app, 'POST', `/api/backoffice/members/${member.id}/sessions/end`, {
        token: support,
        body: { reason: 'lost phone' },
      });
      expect(ended.status).toBe(200);
      for (const token of [member.token, other]) {
        expect((await call(app, 'GET', '/api/wallet', { token })).status).toBe(401);
      }

      const finance = await staffToken(app, 'finance');
      const note = await call(app, 'POST', `/api/backoffice/members/${member.id}/notes`, {
        token: finance,
        body: { body: 'Asked twice about the weekly bonus.' },
      });
      expect(note.status).toBe(200);
      const empty = await call(app, 'POST', `/api/backoffice/members/${member.id}/notes`, {
        token: finance,
        body: { body: '   ' },
      });
      expect(empty.body).toMatchObject({ code: 'KEY_MISSING', field: 'body' });
      const tags = await call(app, 'PUT', `/api/backoffice/members/${member.id}/tags`, {
        token: finance,
        body: { tags: ['watch', 'VIP', 'vip'] },
      });
      expect(tags.body).toEqual({ tags: ['vip', 'watch'] });
      const bad = await call(app, 'PUT', `/api/backoffice/members/${member.id}/tags`, {
        token: finance,
        body: { tags: ['<b>'] },
      });
      expect(bad.body.code).toBe('KEY_INVALID');
      const viewer = await staffToken(app, 'viewer');
      const byViewer = await call(app, 'PUT', `/api/backoffice/members/${member.id}/tags`, {
        token: viewer,
        body: { tags: [] },
      });
      expect(byViewer.body.code).toBe('FORBIDDEN');

      const seen = await page(app, member.id);
      expect(seen.member.tags).toEqual(['vip', 'watch']);
      expect(seen.notes).toMatchObject([
        { staff: 'finance', body: 'Asked twice about the weekly bonus.' },
      ]);
      expect(seen.sessions.every((session) => !session.active)).toBe(true);
      const admin = await staffToken(app, 'admin');
      const audit = await call(app, 'GET', `/api/backoffice/audit?target=member:${member.id}`, {
        token: admin,
      });
      expect(audit.body.entries).toMatchObject([
        { action: 'member.tags', before: { tags: [] }, after: { tags: ['vip', 'watch'] } },
        { action: 'member.note', staff: 'finance' },
        {
          action: 'member.sessions-end',
          staff: 'support',
          reason: 'lost phone',
          after: { sessionsEnded: 2 },
        },
      ]);
    });
  },
);
