import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { members } from '../db/schema';
import { describeOnDatabases } from '../test/databases';
import { call } from '../test/harness';
import { memberWithToken, newPhone, PASSWORD, registration, verifyPhone } from '../test/members';
import { describeWith } from '../test/services';
import { useHarness } from '../test/use-harness';

describeOnDatabases('security', (target) => {
  const h = useHarness(target);

  describe('headers', () => {
    it('sends a CSP a Vite React SPA with Mantine works under, and the usual hardening', async () => {
      const res = await call(h.app, 'GET', '/api/health');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
    });

    it("lets frames and media come only from our origin and the how-to videos' origins", async () => {
      const csp = String(
        (await call(h.app, 'GET', '/api/health')).headers['content-security-policy'],
      );
      expect(csp).toContain(
        "frame-src 'self' https://interactive-examples.mdn.mozilla.net https://www.youtube-nocookie.com;",
      );
      expect(csp).toContain(
        "media-src 'self' blob: https://interactive-examples.mdn.mozilla.net https://www.youtube-nocookie.com;",
      );
      const app = await h.build({ HOWTO_VIDEO_ORIGINS: 'https://videos.example.com' });
      const own = String(
        (await call(app, 'GET', '/api/health')).headers['content-security-policy'],
      );
      expect(own).toContain("frame-src 'self' https://videos.example.com;");
      expect(own).toContain("media-src 'self' blob: https://videos.example.com;");
      // No bare `https:` (any site) is left in either.
      expect(own).not.toMatch(/(frame|media)-src[^;]* https:[ ;]/);
    });

    it('turns off the device features the app never uses, keeping the copy buttons', async () => {
      const policy = String(
        (await call(h.app, 'GET', '/api/health')).headers['permissions-policy'],
      );
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
      expect(policy).toContain('clipboard-write=(self)');
    });

    it('tells browsers and caches to keep no /api answer, signed in or not, refused or not', async () => {
      const m = await memberWithToken(h.app);
      const answers = [
        await call(h.app, 'GET', '/api/wallet', { token: m.token }),
        await call(h.app, 'GET', '/api/account/profile', { token: m.token }),
        await call(h.app, 'POST', '/api/login', {
          body: { username: m.username, password: PASSWORD },
        }),
        await call(h.app, 'GET', '/api/wallet'),
        await call(h.app, 'GET', '/api/lookup/info'),
      ];
      for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    });

    it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
      const own = await call(h.app, 'GET', '/api/health');
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const given = await call(h.app, 'GET', '/api/health', {
        headers: { 'x-request-id': 'edge-42' },
      });
      expect(given.headers['x-request-id']).toBe('edge-42');
      const hostile = await call(h.app, 'GET', '/api/health', {
        headers: { 'x-request-id': 'x'.repeat(65) },
      });
      expect(hostile.headers['x-request-id']).not.toBe('x'.repeat(65));
    });
  });

  describe('CORS', () => {
    const preflight = (app = h.app, origin = 'https://evil.example') =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });

    it('is closed by default: no cross-origin grant', async () => {
      const res = await preflight();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('grants only the origins in CORS_ORIGINS', async () => {
      const app = await h.build({ CORS_ORIGINS: 'https://app.example.com' });
      const allowed = await preflight(app, 'https://app.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(allowed.headers['access-control-allow-headers'])).toContain('X-Wallet-User');
      const other = await preflight(app, 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('IP allow-list', () => {
    it('lets every address in when the list is empty', async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: '/api/lookup/info',
        remoteAddress: '192.0.2.99',
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers 403 INVALID_IP to other addresses, and writes nothing', async () => {
      const app = await h.build({ IP_ALLOW_LIST: '10.0.0.0/8, 192.0.2.1, 2001:db8::/32' });
      const from = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('192.0.2.1')).statusCode).toBe(200);
      expect((await from('::ffff:10.9.9.9')).statusCode).toBe(200);
      expect((await from('2001:db8::1')).statusCode).toBe(200);
      const refused = await from('192.0.2.2');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'INVALID_IP' });

      const before = await h.count(members);
      const register = await app.inject({
        method: 'POST',
        url: '/api/account',
        remoteAddress: '198.51.100.1',
        payload: registration(),
      });
      expect(register.json()).toMatchObject({ code: 'INVALID_IP' });
      expect(await h.count(members)).toBe(before);
      // Process managers can always ask for health.
      const health = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.1',
      });
      expect(health.statusCode).toBe(200);
    });

    it('reads the client address from X-Forwarded-For only behind a trusted proxy', async () => {
      const rules = { IP_ALLOW_LIST: '203.0.113.10' };
      const viaProxy = (app: typeof h.app) =>
        app.inject({
          method: 'GET',
          url: '/api/lookup/info',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.10' },
        });
      expect((await viaProxy(await h.build(rules))).statusCode).toBe(403);
      expect(
        (await viaProxy(await h.build({ ...rules, TRUST_PROXY: '127.0.0.1' }))).statusCode,
      ).toBe(200);
      expect((await viaProxy(await h.build({ ...rules, TRUST_PROXY: '1' }))).statusCode).toBe(200);
    });

    it('takes the address the trusted proxy appended, not one the client wrote before it', async () => {
      const app = await h.build({ IP_ALLOW_LIST: '203.0.113.10', TRUST_PROXY: '1' });
      // nginx appends the peer it saw ($proxy_add_x_forwarded_for) to what the client sent.
      const spoofed = await app.inject({
        method: 'GET',
        url: '/api/lookup/info',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.10, 198.51.100.9' },
      });
      expect(spoofed.statusCode).toBe(403);
    });
  });

  describe('per-IP rate limits', () => {
    it('limits every address generously (REQUEST_LIMIT 429), each address on its own', async () => {
      const app = await h.build({ RATE_LIMIT_GLOBAL_PER_MIN: '3' });
      const from = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: '/api/lookup/banks', remoteAddress });
      for (let i = 0; i < 3; i++) expect((await from('192.0.2.10')).statusCode).toBe(200);
      const limited = await from('192.0.2.10');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT' });
      expect((await from('192.0.2.11')).statusCode).toBe(200);
      // Health is never limited.
      const health = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '192.0.2.10',
      });
      expect(health.statusCode).toBe(200);
    });

    it('counts requests for unknown paths against the same limit', async () => {
      const app = await h.build({ RATE_LIMIT_GLOBAL_PER_MIN: '2' });
      const probe = (url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: '192.0.2.12' });
      expect((await probe('/api/probe-1')).statusCode).toBe(404);
      expect((await probe('/api/probe-2')).statusCode).toBe(404);
      const limited = await probe('/api/probe-3');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT' });
    });

    it('limits registrations per address (REQUEST_LIMIT_1MIN) and writes nothing when limited', async () => {
      const app = await h.build({ RATE_LIMIT_REGISTER_PER_MIN: '2' });
      const register = async () => {
        const body = registration();
        await verifyPhone(h.app, String(body.username));
        return app.inject({
          method: 'POST',
          url: '/api/account',
          remoteAddress: '192.0.2.20',
          payload: body,
        });
      };
      expect((await register()).statusCode).toBe(200);
      expect((await register()).statusCode).toBe(200);
      const before = await h.count(members);
      const limited = await register();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      expect(await h.count(members)).toBe(before);
      // The validation step has its own allowance.
      const validate = await app.inject({
        method: 'POST',
        url: '/api/account/validate',
        remoteAddress: '192.0.2.20',
        payload: registration(),
      });
      expect(validate.statusCode).toBe(200);
    });

    it('defaults allow at least 100 registrations and 600 sign-ins per address per hour', async () => {
      const { loadConfig } = await import('../config');
      const limits = loadConfig({}).rateLimits;
      expect(limits.registerPerMinute * 60).toBeGreaterThanOrEqual(100);
      expect(limits.loginPerMinute * 60).toBeGreaterThanOrEqual(600);
    });
  });

  describeWith('redis', 'limits through Redis', (redisUrl) => {
    const redisEnv = () => ({
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `wallet-test-${randomBytes(6).toString('hex')}:`,
    });

    it('shares the per-IP count between two server processes', async () => {
      const env = { ...redisEnv(), RATE_LIMIT_LOGIN_PER_MIN: '2' };
      const first = await h.build(env);
      const second = await h.build(env);
      const attempt = (app: typeof first) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '192.0.2.30',
          payload: { username: newPhone(), password: PASSWORD },
        });
      expect((await attempt(first)).statusCode).toBe(404);
      expect((await attempt(second)).statusCode).toBe(404);
      const limited = await attempt(first);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
    });

    it('shares the per-phone OTP throttle between two server processes', async () => {
      const env = redisEnv();
      const first = await h.build(env);
      const second = await h.build(env);
      const phone = newPhone();
      const send = (app: typeof first) =>
        call(app, 'POST', '/api/otp/send', { body: { phoneNumber: phone } });
      expect((await send(first)).status).toBe(200);
      const again = await send(second);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
    });

    it('shares the hourly SMS budget of the whole service between two server processes', async () => {
      const env = { ...redisEnv(), OTP_SMS_PER_HOUR: '2' };
      const first = await h.build(env);
      const second = await h.build(env);
      const send = (app: typeof first) =>
        call(app, 'POST', '/api/otp/send', { body: { phoneNumber: newPhone() } });
      expect((await send(first)).status).toBe(200);
      expect((await send(second)).status).toBe(200);
      expect((await send(first)).body).toMatchObject({ code: 'REQUEST_LIMIT' });
      expect((await send(second)).body).toMatchObject({ code: 'REQUEST_LIMIT' });
    });

    it('shares the sign-in failures of an account and address between two server processes, with the real wait', async () => {
      const env = { ...redisEnv(), LOGIN_MAX_FAILURES: '2', LOGIN_FAILURE_WINDOW_MINUTES: '5' };
      const first = await h.build(env);
      const second = await h.build(env);
      const username = newPhone();
      const attempt = (app: typeof first) =>
        call(app, 'POST', '/api/login', { body: { username, password: 'wrong password' } });
      expect((await attempt(first)).body).toMatchObject({ code: 'NO_USER' });
      expect((await attempt(second)).body).toMatchObject({ code: 'NO_USER' });
      const limited = await attempt(first);
      expect(limited.body).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(5 * 60 - 10);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    });
  });
});
