import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newAccountNo, PASSWORD, signIn } from '../../test/members';
import { useHarness } from '../../test/use-harness';

// The signed-in member's own account: profile, bank account name and password (registration is
// in account.test.ts).
describeOnDatabases('accounts', (target) => {
  const h = useHarness(target);

  describe('profile', () => {
    it("answers the token's member with bank and invite code", async () => {
      const member = await memberWithToken(h.app, { bankCode: 'KBANK' });
      const res = await call(h.app, 'GET', '/api/account/profile', { token: member.token });
      expect(res.status).toBe(200);
      const profile = res.body.profile as Record<string, unknown>;
      expect(profile).toMatchObject({
        name: 'Somchai Jaidee',
        username: member.username,
        coin: 0,
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: member.body.bankAccountNo,
        bank: { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
        currency: 'BAHT',
        inviteCode: `PR${profile._id}`,
      });
      expect(new Date(String(profile.createdAt)).getTime()).not.toBeNaN();
      expect(res.body.bankAccount).toEqual({
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: member.body.bankAccountNo,
        bank: { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
      });
    });

    it('is always the token holder: ids in the query or body are ignored', async () => {
      const alice = await memberWithToken(h.app);
      const bob = await memberWithToken(h.app);
      const bobProfile = await call(h.app, 'GET', '/api/account/profile', { token: bob.token });
      const bobId = (bobProfile.body.profile as { _id: number })._id;
      const res = await call(h.app, 'GET', `/api/account/profile?_id=${bobId}&memberId=${bobId}`, {
        token: alice.token,
      });
      expect((res.body.profile as { username: string }).username).toBe(alice.username);
    });

    it('refuses without a token (UNAUTHORIZED)', async () => {
      const res = await call(h.app, 'GET', '/api/account/profile');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('changes the name and the account name, and keeps the payout account', async () => {
      const member = await memberWithToken(h.app);
      const res = await call(h.app, 'PUT', '/api/account/profile', {
        token: member.token,
        body: {
          name: 'Somchai Rakdee',
          bankCode: 'SCB',
          bankAccountName: 'somchai rakdee',
          bankAccountNo: member.body.bankAccountNo,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.profile).toMatchObject({
        name: 'Somchai Rakdee',
        bankAccountName: 'SOMCHAI RAKDEE',
        bankAccountNo: member.body.bankAccountNo,
      });
    });

    it('refuses another bank or account number and changes nothing (INVALID_BANK)', async () => {
      const member = await memberWithToken(h.app);
      const attempts = [
        { bankCode: 'KBANK', bankAccountNo: member.body.bankAccountNo, field: 'bankCode' },
        { bankCode: 'SCB', bankAccountNo: newAccountNo(), field: 'bankAccountNo' },
      ];
      for (const { field, ...bank } of attempts) {
        const res = await call(h.app, 'PUT', '/api/account/profile', {
          token: member.token,
          body: { name: 'Changed Name', bankAccountName: 'CHANGED NAME', ...bank },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'INVALID_BANK', field });
      }
      const after = await call(h.app, 'GET', '/api/account/profile', { token: member.token });
      expect(after.body.profile).toMatchObject({ name: 'Somchai Jaidee', bankCode: 'SCB' });
    });

    it('applies the Latin-name rule on a profile change for KTB', async () => {
      const member = await memberWithToken(h.app, { bankCode: 'KTB' });
      const res = await call(h.app, 'PUT', '/api/account/profile', {
        token: member.token,
        body: {
          name: 'สมชาย',
          bankCode: 'KTB',
          bankAccountName: 'สมชาย ใจดี',
          bankAccountNo: member.body.bankAccountNo,
        },
      });
      expect(res.body).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG', field: 'bankAccountName' });
    });
  });

  describe('bank account name', () => {
    it('saves a Latin name, uppercased', async () => {
      const member = await memberWithToken(h.app, { bankCode: 'KTB' });
      const res = await call(h.app, 'PUT', '/api/account/bankAccountName', {
        token: member.token,
        body: { bankCode: 'KTB', bankAccountName: 'somchai jaidee' },
      });
      expect(res.status).toBe(200);
      expect(res.body.bankAccount).toMatchObject({ bankAccountName: 'SOMCHAI JAIDEE' });
    });

    it('refuses a non-Latin name for any bank (BANK_ACCOUNT_NAME_ENG)', async () => {
      const member = await memberWithToken(h.app, { bankCode: 'KBANK', bankAccountName: 'สมชาย' });
      const res = await call(h.app, 'PUT', '/api/account/bankAccountName', {
        token: member.token,
        body: { bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG', field: 'bankAccountName' });
    });

    it("refuses a bank that is not the member's (INVALID_BANK)", async () => {
      const member = await memberWithToken(h.app);
      const res = await call(h.app, 'PUT', '/api/account/bankAccountName', {
        token: member.token,
        body: { bankCode: 'KTB', bankAccountName: 'SOMCHAI' },
      });
      expect(res.body).toMatchObject({ code: 'INVALID_BANK', field: 'bankCode' });
      const after = await call(h.app, 'GET', '/api/account/profile', { token: member.token });
      expect(after.body.bankAccount).toMatchObject({ bankAccountName: 'SOMCHAI JAIDEE' });
    });

    it('answers KEY_MISSING for an absent name', async () => {
      const member = await memberWithToken(h.app);
      const res = await call(h.app, 'PUT', '/api/account/bankAccountName', {
        token: member.token,
        body: { bankCode: 'SCB' },
      });
      expect(res.body).toMatchObject({ code: 'KEY_MISSING', field: 'bankAccountName' });
    });
  });

  describe('password change', () => {
    /**
     * A member signed in twice, the second session in use just before, so this process holds it
     * as valid (the session cache).
     */
    async function signedInTwice() {
      const member = await memberWithToken(h.app);
      const other = await signIn(h.app, member.username);
      expect((await call(h.app, 'GET', '/api/account/profile', { token: other })).status).toBe(200);
      return { member, other };
    }

    it('changes the password, keeps this session and ends every other one', async () => {
      const { member, other } = await signedInTwice();
      const res = await call(h.app, 'PUT', '/api/account/changepwd', {
        token: member.token,
        body: { oldPassword: PASSWORD, newPassword: 'a brand new secret' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });

      expect(
        (await call(h.app, 'GET', '/api/account/profile', { token: member.token })).status,
      ).toBe(200);
      const revoked = await call(h.app, 'GET', '/api/account/profile', { token: other });
      expect(revoked.status).toBe(401);
      expect(revoked.body).toMatchObject({ code: 'INVALID_USER_2' });

      const oldLogin = await call(h.app, 'POST', '/api/login', {
        body: { username: member.username, password: PASSWORD },
      });
      expect(oldLogin.body).toMatchObject({ code: 'WRONG_CREDENTIAL' });
      await signIn(h.app, member.username, 'a brand new secret');
    });

    it('refuses a wrong current password and changes nothing (WRONG_PASSWORD)', async () => {
      const { member, other } = await signedInTwice();
      const res = await call(h.app, 'PUT', '/api/account/changepwd', {
        token: member.token,
        body: { oldPassword: 'not my password', newPassword: 'a brand new secret' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', field: 'oldPassword' });
      expect((await call(h.app, 'GET', '/api/account/profile', { token: other })).status).toBe(200);
      await signIn(h.app, member.username, PASSWORD);
    });

    it('refuses a new password shorter than 8 (KEY_INVALID) and an absent one (KEY_MISSING)', async () => {
      const member = await memberWithToken(h.app);
      const short = await call(h.app, 'PUT', '/api/account/changepwd', {
        token: member.token,
        body: { oldPassword: PASSWORD, newPassword: 'short' },
      });
      expect(short.body).toMatchObject({ code: 'KEY_INVALID', field: 'newPassword' });
      const missing = await call(h.app, 'PUT', '/api/account/changepwd', {
        token: member.token,
        body: { newPassword: 'long enough secret' },
      });
      expect(missing.body).toMatchObject({ code: 'KEY_MISSING', field: 'oldPassword' });
    });

    it('limits wrong current passwords per member (REQUEST_LIMIT_1MIN), saying the real wait', async () => {
      const app = await h.build({ LOGIN_MAX_FAILURES: '2', LOGIN_FAILURE_WINDOW_MINUTES: '15' });
      const member = await memberWithToken(app);
      const wrong = { oldPassword: 'wrong wrong', newPassword: 'a brand new secret' };
      for (let i = 0; i < 2; i++) {
        const res = await call(app, 'PUT', '/api/account/changepwd', {
          token: member.token,
          body: wrong,
        });
        expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD' });
      }
      const limited = await call(app, 'PUT', '/api/account/changepwd', {
        token: member.token,
        body: { oldPassword: PASSWORD, newPassword: 'a brand new secret' },
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'REQUEST_LIMIT_1MIN' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(15 * 60 - 10);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(limited.body.message).toMatch(/^Too many requests\. Please wait 1[45] minutes/);
    });

    it('needs a token (UNAUTHORIZED) and writes no session', async () => {
      const before = await h.count(sessions);
      const res = await call(h.app, 'PUT', '/api/account/changepwd', {
        body: { oldPassword: PASSWORD, newPassword: 'a brand new secret' },
      });
      expect(res.status).toBe(401);
      expect(await h.count(sessions)).toBe(before);
    });
  });
});
