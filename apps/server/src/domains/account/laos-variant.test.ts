import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { newAccountNo, newLaoPhone, PASSWORD, registration } from '../../test/members';

describeOnDatabases('the Laos variant', (target) => {
  let h: Harness;
  let laos: FastifyInstance;
  beforeAll(async () => {
    h = await startHarness(target);
    laos = await h.build({ LAOS: '1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function register(body: Record<string, unknown>) {
    const phone = String(body.username);
    const sent = await call(laos, 'POST', '/api/otp/send', { body: { phoneNumber: phone } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otp = await call(laos, 'GET', `/api/sandbox/otp/${phone}`);
    const verified = await call(laos, 'POST', '/api/otp/verify', {
      body: { otpToken: sent.body.otpToken, otpCode: otp.body.otpCode },
    });
    expect(verified.status).toBe(200);
    return call(laos, 'POST', '/api/account', { body });
  }

  it('accepts a Lao phone number and defaults the wallet to LAK', async () => {
    const body = registration({
      username: newLaoPhone(),
      bankCode: 'BCEL',
      bankAccountNo: newAccountNo(),
    });
    const res = await register(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await h.db
      .select()
      .from(members)
      .where(eq(members.username, String(body.username)));
    expect(row?.currency).toBe('LAK');
  });

  it('lets the member choose BAHT', async () => {
    const body = registration({ username: newLaoPhone(), currency: 'BAHT' });
    expect((await register(body)).status).toBe(200);
    const [row] = await h.db
      .select()
      .from(members)
      .where(eq(members.username, String(body.username)));
    expect(row?.currency).toBe('BAHT');
  });

  it('refuses a currency other than LAK or BAHT (KEY_INVALID)', async () => {
    const res = await call(laos, 'POST', '/api/account', {
      body: registration({ username: newLaoPhone(), currency: 'USD' }),
    });
    expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'currency' });
  });

  it('does not apply the Thai 10-digit rule: a bad number is KEY_INVALID', async () => {
    const res = await call(laos, 'POST', '/api/otp/send', { body: { phoneNumber: '0812345678' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'phoneNumber' });
  });

  it('stores one username per phone, with or without the leading 0', async () => {
    const bare = newLaoPhone(false);
    const res = await register(registration({ username: bare, bankCode: 'BCEL' }));
    expect(res.body).toEqual({ success: true, username: `0${bare}` });
    const twin = await call(laos, 'POST', '/api/account/validate', {
      body: registration({ username: `0${bare}`, bankCode: 'BCEL' }),
    });
    expect(twin.body).toMatchObject({ code: 'EXISTING_USER' });
    // Signing in works whichever way the number is typed.
    for (const username of [bare, `0${bare}`]) {
      const login = await call(laos, 'POST', '/api/login', {
        body: { username, password: PASSWORD },
      });
      expect(login.status).toBe(200);
    }
  });

  it('offers Lao banks first, then Thai ones', async () => {
    const res = await call(laos, 'GET', '/api/lookup/banks');
    const codes = (res.body.banks as { code: string }[]).map((b) => b.code);
    expect(codes.slice(0, 3)).toEqual(['BCEL', 'LDB', 'APB']);
    expect(codes).toContain('SCB');
  });

  it('answers LAK in the profile', async () => {
    const body = registration({ username: newLaoPhone(), bankCode: 'BCEL' });
    await register(body);
    const login = await call(laos, 'POST', '/api/login', {
      body: { username: body.username, password: PASSWORD },
    });
    const profile = await call(laos, 'GET', '/api/account/profile', {
      token: String(login.body.token),
    });
    expect(profile.body.profile).toMatchObject({ currency: 'LAK' });
  });
});
