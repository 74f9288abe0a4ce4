import { expect, it } from 'vitest';
import { SANDBOX_WARNING } from '../../app';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newPhone } from '../../test/members';
import { useHarness } from '../../test/use-harness';

/** Never connected to: the harness hands the app its test database. */
const realDatabase = 'postgres://wallet@127.0.0.1:5432/members';

describeOnDatabases('the sandbox', (target) => {
  const h = useHarness(target);

  it('answers NO_DATA for a phone that was sent no code', async () => {
    const res = await call(h.app, 'GET', `/api/sandbox/otp/${newPhone()}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NO_DATA' });
  });

  it("holds a KTB member's account name in Thai, as imported, until the member gives it in English", async () => {
    const m = await memberWithToken(h.app, { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
    const set = await call(h.app, 'POST', '/api/sandbox/account-name', {
      body: { username: m.username, bankAccountName: 'สมชาย ใจดี' },
    });
    expect(set.body).toEqual({ success: true });
    const profile = async () =>
      (await call(h.app, 'GET', '/api/account/profile', { token: m.token })).body.bankAccount;
    expect(await profile()).toMatchObject({ bankAccountName: 'สมชาย ใจดี' });
    // The member's own edit still takes Latin letters only.
    const thai = await call(h.app, 'PUT', '/api/account/bankAccountName', {
      token: m.token,
      body: { bankCode: 'KTB', bankAccountName: 'สมชาย' },
    });
    expect(thai.body).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG' });
    const latin = await call(h.app, 'PUT', '/api/account/bankAccountName', {
      token: m.token,
      body: { bankCode: 'KTB', bankAccountName: 'Somchai Rakdee' },
    });
    expect(latin.status).toBe(200);
    expect(await profile()).toMatchObject({ bankAccountName: 'SOMCHAI RAKDEE' });
    const unknown = await call(h.app, 'POST', '/api/sandbox/account-name', {
      body: { username: newPhone(), bankAccountName: 'x' },
    });
    expect(unknown.status).toBe(404);
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

  // The API contract: on by default only with the embedded database; with DATABASE_URL only when
  // SANDBOX=1 is given. `npm start` passes SANDBOX=auto when SANDBOX is unset.
  it.each([
    ['SANDBOX=0', { SANDBOX: '0' }],
    ['SANDBOX unset', { SANDBOX: '' }],
    [
      'SANDBOX=auto with DATABASE_URL (npm start on a real database)',
      { SANDBOX: 'auto', DATABASE_URL: realDatabase },
    ],
    ['DATABASE_URL and SANDBOX unset', { SANDBOX: '', DATABASE_URL: realDatabase }],
  ])('does not exist with %s: every sandbox call is 404 NO_DATA', async (_name, env) => {
    const app = await h.build(env);
    // Registered through the default app: without the sandbox no SMS can be sent.
    const member = await memberWithToken(h.app);
    const { token } = member;
    for (const [method, url, body] of [
      ['GET', `/api/sandbox/otp/${newPhone()}`, undefined],
      ['POST', '/api/sandbox/service', { terminated: true }],
      ['POST', '/api/sandbox/settings', { registerOTP: false }],
      ['POST', '/api/sandbox/faults', { target: 'PG', mode: 'fail' }],
      ['POST', '/api/sandbox/games/PG/round', { bet: 1, win: 0 }],
      ['POST', '/api/sandbox/withdrawals/settle', { username: member.username, status: 'success' }],
      ['POST', '/api/wallet/add', { amount: 1000 }],
      ['GET', '/sandbox/games/PG/play', undefined],
    ] as const) {
      const res = await call(app, method, url, { token, ...(body ? { body } : {}) });
      expect({ url, status: res.status, code: res.body.code }).toEqual({
        url,
        status: 404,
        code: 'NO_DATA',
      });
    }
    expect((await call(app, 'GET', '/api/lookup/active')).body).toEqual({ terminated: false });
    expect((await call(app, 'GET', '/api/wallet', { token })).body).toMatchObject({
      wallet: { amount: 0 },
    });
  });

  it('is on with SANDBOX=auto and the embedded database, and says so in one loud start-up line', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const app = await h.build({ SANDBOX: 'auto', LOG_LEVEL: 'info' }, { logStream });
    const fault = await call(app, 'POST', '/api/sandbox/faults', {
      body: { target: 'PG', mode: 'ok' },
    });
    expect(fault.status).toBe(200);
    const warnings = lines.map((line) => JSON.parse(line)).filter((l) => l.sandbox === true);
    expect(warnings).toEqual([expect.objectContaining({ level: 40, msg: SANDBOX_WARNING })]);
    expect(SANDBOX_WARNING).toMatch(/^SANDBOX IS ON/);

    const quiet: string[] = [];
    await h.build(
      { SANDBOX: '0', LOG_LEVEL: 'info' },
      { logStream: { write: (l: string) => void quiet.push(l) } },
    );
    expect(quiet.join('\n')).not.toContain('SANDBOX IS ON');
  });
});
