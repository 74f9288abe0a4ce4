import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { newPhone } from '../../test/members';

describe.each(testDatabases())('the sandbox on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers NO_DATA for a phone that was sent no code', async () => {
    const res = await call(h.app, 'GET', `/api/sandbox/otp/${newPhone()}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NO_DATA' });
  });

  it('flips the OTP and chat-widget features for browser tests', async () => {
    const set = (body: object) => call(h.app, 'POST', '/api/sandbox/settings', { body });
    expect((await set({ registerOTP: false, enableChatWidget: true })).body).toEqual({
      registerOTP: false,
      enableChatWidget: true,
    });
    expect((await call(h.app, 'GET', '/api/lookup/registerOTP')).body).toEqual({ isActive: false });
    expect((await call(h.app, 'GET', '/api/lookup/enableChatWidget')).body).toEqual({
      isActive: true,
    });
    expect((await set({ registerOTP: true })).body).toEqual({
      registerOTP: true,
      enableChatWidget: true,
    });
    expect((await set({ enableChatWidget: false })).body).toEqual({
      registerOTP: true,
      enableChatWidget: false,
    });
    expect((await set({ registerOTP: 'on' })).body).toMatchObject({
      code: 'KEY_INVALID',
      field: 'registerOTP',
    });
  });

  it('does not exist without SANDBOX=1 (404 NO_DATA)', async () => {
    const app = await h.build({ SANDBOX: '0' });
    for (const [method, url, body] of [
      ['GET', `/api/sandbox/otp/${newPhone()}`, undefined],
      ['POST', '/api/sandbox/service', { terminated: true }],
      ['POST', '/api/sandbox/settings', { registerOTP: false }],
    ] as const) {
      const res = await call(app, method, url, body ? { body } : {});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NO_DATA' });
    }
    expect((await call(app, 'GET', '/api/lookup/active')).body).toEqual({ terminated: false });
  });
});
