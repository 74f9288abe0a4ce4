import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../app';
import { describeOnDatabases } from '../../test/databases';
import { useHarness } from '../../test/use-harness';

/** A staff sign-in from one address. */
const loginFrom = (app: FastifyInstance, ip: string) => (password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    remoteAddress: ip,
    payload: { username: DEMO_STAFF.username, password },
  });

describeOnDatabases('staff sign-in limits', (target) => {
  const h = useHarness(target);

  describe('failed sign-ins', () => {
    it('lock the failing address out of the staff account and say the real wait', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW_MINUTES: '10' });
      const attacker = loginFrom(app, '203.0.113.7');
      for (let i = 0; i < 3; i++) {
        expect((await attacker('wrong password')).json()).toMatchObject({
          code: 'WRONG_CREDENTIAL',
        });
      }
      const limited = await attacker(DEMO_STAFF.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('REQUEST_LIMIT_1MIN');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(10 * 60 - 10);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      const minutes = Math.floor(retryAfter / 60);
      const seconds = retryAfter % 60;
      expect(limited.json().message).toContain(
        seconds === 0 ? `wait ${minutes} minutes.` : `wait ${minutes} minutes ${seconds} second`,
      );
    });

    it('do not lock the staff member out from their own address', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '3' });
      const attacker = loginFrom(app, '203.0.113.8');
      for (let i = 0; i < 6; i++) await attacker('wrong password');
      expect((await attacker(DEMO_STAFF.password)).statusCode).toBe(429);
      const own = await loginFrom(app, '192.0.2.44')(DEMO_STAFF.password);
      expect(own.statusCode).toBe(200);
    });

    it('past the account limit, delay unknown addresses but not one the staff member signed in from', async () => {
      const app = await h.build({
        LOGIN_MAX_FAILURES: '2',
        LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: '2',
      });
      const desk = loginFrom(app, '192.0.2.45');
      expect((await desk(DEMO_STAFF.password)).statusCode).toBe(200);
      for (const ip of ['203.0.113.9', '203.0.113.10', '203.0.113.11']) {
        await loginFrom(app, ip)('wrong password');
      }
      const delayed = await loginFrom(app, '203.0.113.12')(DEMO_STAFF.password);
      expect(delayed.statusCode).toBe(429);
      expect(delayed.headers['retry-after']).toBe('1');
      expect((await desk(DEMO_STAFF.password)).statusCode).toBe(200);
    });
  });
});
