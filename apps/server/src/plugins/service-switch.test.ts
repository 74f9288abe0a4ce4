import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { members, settings } from '../db/schema';
import { describeOnDatabases } from '../test/databases';
import { call } from '../test/harness';
import { memberWithToken, registration } from '../test/members';
import { useHarness } from '../test/use-harness';

describeOnDatabases('the service switch', (target) => {
  const h = useHarness(target);

  const terminate = (terminated: boolean) =>
    call(h.app, 'POST', '/api/sandbox/service', { body: { terminated } });

  it('answers 410 TERMINATED to every call while the service is closed, and opens again', async () => {
    const member = await memberWithToken(h.app);
    expect((await terminate(true)).body).toEqual({ terminated: true });
    try {
      const before = await h.count(members);
      const calls = [
        call(h.app, 'GET', '/api/lookup/banks'),
        call(h.app, 'GET', '/api/lookup/registerOTP'),
        call(h.app, 'POST', '/api/login', {
          body: { username: member.username, password: member.password },
        }),
        call(h.app, 'POST', '/api/account', { body: registration() }),
        call(h.app, 'GET', '/api/account/profile', { token: member.token }),
        call(h.app, 'GET', '/api/account/profile'),
        call(h.app, 'POST', '/api/otp/send', { body: { phoneNumber: '0811111111' } }),
        call(h.app, 'GET', '/api/no-such-call'),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(410);
        expect(res.body).toEqual({ code: 'TERMINATED', message: expect.any(String) });
      }
      expect(await h.count(members)).toBe(before);
    } finally {
      await terminate(false);
    }
    expect((await call(h.app, 'GET', '/api/account/profile', { token: member.token })).status).toBe(
      200,
    );
  });

  it('keeps answering the calls the closed page needs, health and the sandbox', async () => {
    await terminate(true);
    try {
      expect((await call(h.app, 'GET', '/api/lookup/active')).body).toEqual({ terminated: true });
      expect((await call(h.app, 'GET', '/api/lookup/info')).status).toBe(200);
      expect((await call(h.app, 'GET', '/api/lookup/contact')).status).toBe(200);
      expect((await call(h.app, 'GET', '/api/health')).body).toEqual({ ok: true });
      const sandbox = await call(h.app, 'POST', '/api/sandbox/settings', { body: {} });
      expect(sandbox.status).toBe(200);
    } finally {
      await terminate(false);
    }
    expect((await call(h.app, 'GET', '/api/lookup/active')).body).toEqual({ terminated: false });
  });

  it('sees a switch made by another process within a second', async () => {
    expect((await call(h.app, 'GET', '/api/lookup/banks')).status).toBe(200);
    // The operator console of another process writes the setting directly.
    await h.db.update(settings).set({ value: true }).where(eq(settings.key, 'terminated'));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call(h.app, 'GET', '/api/lookup/banks')).status).toBe(410);
    } finally {
      await terminate(false);
    }
    expect((await call(h.app, 'GET', '/api/lookup/banks')).status).toBe(200);
  });

  it('refuses a switch without a boolean (KEY_MISSING / KEY_INVALID)', async () => {
    expect((await call(h.app, 'POST', '/api/sandbox/service', { body: {} })).body).toMatchObject({
      code: 'KEY_MISSING',
      field: 'terminated',
    });
    expect(
      (await call(h.app, 'POST', '/api/sandbox/service', { body: { terminated: 'yes' } })).body,
    ).toMatchObject({ code: 'KEY_INVALID', field: 'terminated' });
  });
});
