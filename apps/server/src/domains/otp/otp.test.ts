import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpRequests } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { newPhone, registerMember, verifyPhone } from '../../test/members';
import { useHarness } from '../../test/use-harness';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnDatabases('one-time passwords', (target) => {
  const h = useHarness(target);

  const send = (phoneNumber: unknown, app = h.app) =>
    call(app, 'POST', '/api/otp/send', { body: { phoneNumber } });
  const verify = (otpToken: unknown, otpCode: unknown, app = h.app) =>
    call(app, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } });
  const lastCode = async (phone: string, app = h.app) =>
    String((await call(app, 'GET', `/api/sandbox/otp/${phone}`)).body.otpCode);
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('sending', () => {
    it('sends a 6-digit code and answers a reference and a token, never the code', async () => {
      const phone = newPhone();
      const res = await send(phone);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        otpRef: expect.any(String),
        otpToken: expect.any(String),
        code: 'OK',
      });
      const sandbox = await call(h.app, 'GET', `/api/sandbox/otp/${phone}`);
      expect(sandbox.body).toEqual({
        otpRef: res.body.otpRef,
        otpCode: expect.stringMatching(/^\d{6}$/),
      });
      expect(JSON.stringify(res.body)).not.toContain(String(sandbox.body.otpCode));
    });

    it('stores the token and the code hashed, valid for 10 minutes', async () => {
      const phone = newPhone();
      const res = await send(phone);
      const code = await lastCode(phone);
      const [row] = await h.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
      expect(row?.tokenHash).toBe(sha256(String(res.body.otpToken)));
      expect(row?.codeHash).not.toContain(code);
      const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it('refuses a registered phone (EXISTING_USER) and sends nothing', async () => {
      const member = await registerMember(h.app);
      const before = await h.count(otpRequests);
      const res = await send(member.username);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EXISTING_USER' });
      expect(await h.count(otpRequests)).toBe(before);
    });

    it('answers OTP_VERIFIED (409) for a phone verified and not yet registered', async () => {
      const phone = newPhone();
      await verifyPhone(h.app, phone);
      const res = await send(phone);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'OTP_VERIFIED' });
    });

    it('refuses a phone that is not 10 digits (PHONE_NUMBER_REQUIRE_10_DIGIT) or absent (KEY_MISSING)', async () => {
      expect((await send('12345')).body).toMatchObject({
        code: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
        field: 'phoneNumber',
      });
      expect((await call(h.app, 'POST', '/api/otp/send', { body: {} })).body).toMatchObject({
        code: 'KEY_MISSING',
        field: 'phoneNumber',
      });
    });

    it('refuses 10 digits that are no Thai mobile number (9999999999, a landline) and sends nothing', async () => {
      const before = await h.count(otpRequests);
      for (const phoneNumber of ['9999999999', '0212345678', '1234567890']) {
        const res = await send(phoneNumber);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
          field: 'phoneNumber',
        });
      }
      expect(await h.count(otpRequests)).toBe(before);
    });

    it('allows one send per phone per resend window (REQUEST_LIMIT_1MIN)', async () => {
      const phone = newPhone();
      expect((await send(phone)).status).toBe(200);
      const before = await h.count(otpRequests);
      const again = await send(phone);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      expect(await h.count(otpRequests)).toBe(before);
      // Another phone is not held back.
      expect((await send(newPhone())).status).toBe(200);
    });

    it('allows OTP_MAX_PER_HOUR sends per phone per hour (REQUEST_LIMIT)', async () => {
      const app = await h.build({ OTP_RESEND_SECONDS: '1', OTP_MAX_PER_HOUR: '2' });
      const phone = newPhone();
      expect((await send(phone, app)).status).toBe(200);
      await sleep(1100);
      expect((await send(phone, app)).status).toBe(200);
      await sleep(1100);
      const third = await send(phone, app);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: 'REQUEST_LIMIT' });
    });

    it('says the real wait of the per-phone limits in the message and Retry-After', async () => {
      const app = await h.build({ OTP_RESEND_SECONDS: '120' });
      const phone = newPhone();
      expect((await send(phone, app)).status).toBe(200);
      const again = await send(phone, app);
      expect(again.status).toBe(429);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(110);
      expect(retryAfter).toBeLessThanOrEqual(120);
      expect(again.body.message).toMatch(/^Too many requests\. Please wait (1 minute|2 minutes)/);
    });

    it('stops sending once the hourly SMS budget of the whole service is spent, and logs it once', async () => {
      const lines: string[] = [];
      const app = await h.build(
        { OTP_SMS_PER_HOUR: '2', LOG_LEVEL: 'warn' },
        { logStream: { write: (line: string) => void lines.push(line) } },
      );
      expect((await send(newPhone(), app)).status).toBe(200);
      expect((await send(newPhone(), app)).status).toBe(200);
      const before = await h.count(otpRequests);
      const phone = newPhone();
      for (let i = 0; i < 2; i++) {
        const refused = await send(phone, app);
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ code: 'REQUEST_LIMIT' });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(3600 - 30);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      expect(await h.count(otpRequests)).toBe(before);
      expect((await call(app, 'GET', `/api/sandbox/otp/${phone}`)).status).toBe(404);
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      const budget = warnings.filter((entry) => /OTP SMS budget reached/.test(entry.msg));
      expect(budget).toHaveLength(1);
      expect(budget[0]).toMatchObject({ smsPerHour: 2 });
      // Another server with its own budget (no shared Redis here) still sends.
      expect((await send(newPhone())).status).toBe(200);
    });

    it('makes a new code replace the older one', async () => {
      const app = await h.build({ OTP_RESEND_SECONDS: '1' });
      const phone = newPhone();
      const first = await send(phone, app);
      const firstCode = await lastCode(phone, app);
      await sleep(1100);
      const second = await send(phone, app);
      const secondCode = await lastCode(phone, app);
      const old = await verify(first.body.otpToken, firstCode, app);
      expect(old.body).toMatchObject({ code: 'OTP_TOKEN_INVALID' });
      expect((await verify(second.body.otpToken, secondCode, app)).status).toBe(200);
    });

    it('limits sends per IP address generously (REQUEST_LIMIT_1MIN)', async () => {
      const app = await h.build({ RATE_LIMIT_OTP_PER_MIN: '2' });
      const fromIp = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/otp/send',
          remoteAddress: ip,
          payload: { phoneNumber: newPhone() },
        });
      expect((await fromIp('203.0.113.1')).statusCode).toBe(200);
      expect((await fromIp('203.0.113.1')).statusCode).toBe(200);
      const limited = await fromIp('203.0.113.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      expect((await fromIp('203.0.113.2')).statusCode).toBe(200);
    });

    it('answers OTP_SEND_FAIL (502) when the gateway refuses, and writes nothing', async () => {
      const app = await h.build(
        {},
        {
          sms: {
            async sendOtp() {
              throw new Error('gateway down');
            },
            async sendPassword() {
              throw new Error('gateway down');
            },
          },
        },
      );
      const before = await h.count(otpRequests);
      const res = await send(newPhone(), app);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'OTP_SEND_FAIL' });
      expect(await h.count(otpRequests)).toBe(before);
    });

    it('answers OTP_SEND_FAIL outside the sandbox, where no gateway is configured', async () => {
      const app = await h.build({ SANDBOX: '0' });
      const res = await send(newPhone(), app);
      expect(res.body).toMatchObject({ code: 'OTP_SEND_FAIL' });
    });
  });

  describe('verifying', () => {
    it('accepts the right code once and answers the phone', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const res = await verify(sent.body.otpToken, await lastCode(phone));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 'OTP_CODE_VALID', phoneNumber: phone });
      const [row] = await h.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
      expect(row?.verifiedAt).toBeInstanceOf(Date);
    });

    it('answers the same to a repeated verify of a verified code', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const code = await lastCode(phone);
      await verify(sent.body.otpToken, code);
      expect((await verify(sent.body.otpToken, code)).body).toEqual({
        code: 'OTP_CODE_VALID',
        phoneNumber: phone,
      });
    });

    it('refuses an unknown token (OTP_TOKEN_INVALID)', async () => {
      const res = await verify('no-such-token', '123456');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'OTP_TOKEN_INVALID' });
    });

    it('refuses a wrong code and counts the try (OTP_CODE_INVALID)', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const code = await lastCode(phone);
      const res = await verify(sent.body.otpToken, wrongCodeFor(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'OTP_CODE_INVALID', field: 'otpCode' });
      const [row] = await h.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
      expect(row?.attempts).toBe(1);
      expect(row?.verifiedAt).toBeNull();
    });

    it('refuses a code that is not 6 digits (OTP_CODE_INVALID) or absent (KEY_MISSING)', async () => {
      expect((await verify('token', '12ab56')).body).toMatchObject({ code: 'OTP_CODE_INVALID' });
      const missing = await call(h.app, 'POST', '/api/otp/verify', { body: { otpToken: 'token' } });
      expect(missing.body).toMatchObject({ code: 'KEY_MISSING', field: 'otpCode' });
    });

    it('refuses an expired code (OTP_EXPIRED)', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      await h.db
        .update(otpRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(otpRequests.phone, phone));
      const res = await verify(sent.body.otpToken, await lastCode(phone));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'OTP_EXPIRED' });
    });

    it('blocks the phone after 5 wrong codes (OTP_BLOCK), for verifying and for new codes', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const code = await lastCode(phone);
      const wrong = wrongCodeFor(code);
      for (let i = 1; i <= 4; i++) {
        expect((await verify(sent.body.otpToken, wrong)).body).toMatchObject({
          code: 'OTP_CODE_INVALID',
        });
      }
      const fifth = await verify(sent.body.otpToken, wrong);
      expect(fifth.status).toBe(429);
      expect(fifth.body).toMatchObject({ code: 'OTP_BLOCK' });
      // Even the right code is refused now, and no new code is sent.
      expect((await verify(sent.body.otpToken, code)).body).toMatchObject({ code: 'OTP_BLOCK' });
      const before = await h.count(otpRequests);
      expect((await send(phone)).body).toMatchObject({ code: 'OTP_BLOCK' });
      expect(await h.count(otpRequests)).toBe(before);
      const [row] = await h.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
      const minutes = ((row?.blockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29.9);
    });

    it('lets parallel guesses count no more than 5 tries', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const wrong = wrongCodeFor(await lastCode(phone));
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => verify(sent.body.otpToken, wrong)),
      );
      const invalid = answers.filter((a) => a.body.code === 'OTP_CODE_INVALID').length;
      expect(invalid).toBeLessThanOrEqual(4);
      expect(
        answers.every((a) => ['OTP_CODE_INVALID', 'OTP_BLOCK'].includes(String(a.body.code))),
      ).toBe(true);
      const [row] = await h.db.select().from(otpRequests).where(eq(otpRequests.phone, phone));
      expect(row?.attempts).toBe(5);
    });

    it('lets the phone in again once the block is over', async () => {
      const phone = newPhone();
      const sent = await send(phone);
      const wrong = wrongCodeFor(await lastCode(phone));
      for (let i = 0; i < 5; i++) await verify(sent.body.otpToken, wrong);
      await h.db
        .update(otpRequests)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(eq(otpRequests.phone, phone));
      const app = await h.build(); // a fresh resend window
      const again = await send(phone, app);
      expect(again.status).toBe(200);
      expect((await verify(again.body.otpToken, await lastCode(phone, app), app)).status).toBe(200);
    });

    it('limits verify calls per IP address (REQUEST_LIMIT_1MIN)', async () => {
      const app = await h.build({ RATE_LIMIT_OTP_PER_MIN: '1' });
      const fromIp = () =>
        app.inject({
          method: 'POST',
          url: '/api/otp/verify',
          remoteAddress: '203.0.113.50',
          payload: { otpToken: 'x', otpCode: '123456' },
        });
      expect((await fromIp()).statusCode).toBe(400);
      expect((await fromIp()).json()).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
    });
  });
});
