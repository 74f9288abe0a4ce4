import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, otpRequests } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { newAccountNo, registerMember, registration, verifyPhone } from '../../test/members';
import { useHarness } from '../../test/use-harness';

// Registration and the wizard's validation; the signed-in member's profile, bank account name
// and password are in account.profile.test.ts.
describeOnDatabases('accounts', (target) => {
  const h = useHarness(target);

  /** POST /api/account and check that a refusal wrote no member. */
  async function refusedRegistration(body: Record<string, unknown>) {
    const before = await h.count(members);
    const res = await call(h.app, 'POST', '/api/account', { body });
    expect(await h.count(members)).toBe(before);
    return res;
  }

  describe('registration', () => {
    it('registers a verified phone and answers its username', async () => {
      const body = registration();
      await verifyPhone(h.app, String(body.username));
      const res = await call(h.app, 'POST', '/api/account', { body });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, username: body.username });
      const [row] = await h.db
        .select()
        .from(members)
        .where(eq(members.username, String(body.username)));
      expect(row).toMatchObject({
        currency: 'BAHT',
        sourceCode: 'facebook',
        inviterId: null,
        coin: 0,
      });
      // Only a hash is stored, and it is argon2id with the required cost.
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('uppercases and trims the account name and strips spaces from the number', async () => {
      const accountNo = newAccountNo();
      const body = registration({
        name: '  Somsri  ',
        bankAccountName: '  somsri   jaidee ',
        bankAccountNo: ` ${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)} `,
      });
      await verifyPhone(h.app, String(body.username));
      expect((await call(h.app, 'POST', '/api/account', { body })).status).toBe(200);
      const [row] = await h.db
        .select()
        .from(members)
        .where(eq(members.username, String(body.username)));
      expect(row).toMatchObject({
        name: 'Somsri',
        bankAccountName: 'SOMSRI JAIDEE',
        bankAccountNo: accountNo,
      });
    });

    it('links the inviter named by an invite code PR{id}', async () => {
      const inviter = await registerMember(h.app);
      const [inviterRow] = await h.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.username, inviter.username));
      const invitee = await registerMember(h.app, { inviteCode: `pr${inviterRow?.id}` });
      const [row] = await h.db.select().from(members).where(eq(members.username, invitee.username));
      expect(row?.inviterId).toBe(inviterRow?.id);
    });

    it('refuses a phone without a verified OTP while the OTP feature is on (UNVERIFIED_OTP)', async () => {
      const res = await refusedRegistration(registration());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'UNVERIFIED_OTP', field: 'username' });
    });

    it('uses up the verification: the same phone cannot register twice on one OTP', async () => {
      const body = registration();
      await verifyPhone(h.app, String(body.username));
      expect((await call(h.app, 'POST', '/api/account', { body })).status).toBe(200);
      const [otp] = await h.db
        .select()
        .from(otpRequests)
        .where(eq(otpRequests.phone, String(body.username)));
      expect(otp?.usedAt).toBeInstanceOf(Date);
    });

    it('refuses an OTP verified more than 30 minutes ago', async () => {
      const body = registration();
      await verifyPhone(h.app, String(body.username));
      await h.db
        .update(otpRequests)
        .set({ verifiedAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(otpRequests.phone, String(body.username)));
      const res = await refusedRegistration(body);
      expect(res.body).toMatchObject({ code: 'UNVERIFIED_OTP' });
    });

    it('keeps the verification when a registration is refused for another reason', async () => {
      const taken = await registerMember(h.app);
      const body = registration({
        bankCode: taken.body.bankCode,
        bankAccountNo: taken.body.bankAccountNo,
      });
      await verifyPhone(h.app, String(body.username));
      const refused = await refusedRegistration(body);
      expect(refused.body).toMatchObject({ code: 'EXISTING_BANK', field: 'bankAccountNo' });
      const fixed = await call(h.app, 'POST', '/api/account', {
        body: { ...body, bankAccountNo: newAccountNo() },
      });
      expect(fixed.status).toBe(200);
    });

    it('lets only one of two simultaneous registrations of a phone through', async () => {
      const body = registration();
      await verifyPhone(h.app, String(body.username));
      const before = await h.count(members);
      const answers = await Promise.all([
        call(h.app, 'POST', '/api/account', { body }),
        call(h.app, 'POST', '/api/account', { body: { ...body, bankAccountNo: newAccountNo() } }),
      ]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.find((a) => a.status !== 200);
      expect(['EXISTING_USER', 'UNVERIFIED_OTP']).toContain(refused?.body.code);
      expect(await h.count(members)).toBe(before + 1);
    });

    it('lets only one of two simultaneous registrations of a bank account through', async () => {
      const bankAccountNo = newAccountNo();
      const bodies = [registration({ bankAccountNo }), registration({ bankAccountNo })];
      for (const body of bodies) await verifyPhone(h.app, String(body.username));
      const before = await h.count(members);
      const answers = await Promise.all(
        bodies.map((body) => call(h.app, 'POST', '/api/account', { body })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.find((a) => a.status !== 200)?.body).toMatchObject({ code: 'EXISTING_BANK' });
      expect(await h.count(members)).toBe(before + 1);
    });

    it('registers without OTP when the feature is off', async () => {
      await call(h.app, 'POST', '/api/sandbox/settings', { body: { registerOTP: false } });
      try {
        const res = await call(h.app, 'POST', '/api/account', { body: registration() });
        expect(res.status).toBe(200);
      } finally {
        await call(h.app, 'POST', '/api/sandbox/settings', { body: { registerOTP: true } });
      }
    });

    it('refuses a phone that is already registered (EXISTING_USER)', async () => {
      const member = await registerMember(h.app);
      const res = await refusedRegistration(registration({ username: member.username }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EXISTING_USER', field: 'username' });
    });

    it('refuses a bank account another member holds (EXISTING_BANK)', async () => {
      const member = await registerMember(h.app);
      const body = registration({ bankCode: 'scb', bankAccountNo: member.body.bankAccountNo });
      await verifyPhone(h.app, String(body.username));
      const res = await refusedRegistration(body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EXISTING_BANK' });
    });

    it('refuses an unknown bank and a Lao bank in the Thai variant (INVALID_BANK)', async () => {
      for (const bankCode of ['NOPE', 'BCEL']) {
        const res = await refusedRegistration(registration({ bankCode }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'INVALID_BANK', field: 'bankCode' });
      }
    });

    it('refuses a malformed account number (INVALID_BANK)', async () => {
      const res = await refusedRegistration(registration({ bankAccountNo: '12ab' }));
      expect(res.body).toMatchObject({ code: 'INVALID_BANK', field: 'bankAccountNo' });
    });

    it('refuses a Thai account name for KTB, TMB and BBL (BANK_ACCOUNT_NAME_ENG)', async () => {
      for (const bankCode of ['KTB', 'TMB', 'BBL']) {
        const res = await refusedRegistration(
          registration({ bankCode, bankAccountName: 'สมชาย ใจดี' }),
        );
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG', field: 'bankAccountName' });
      }
    });

    it('accepts a Thai account name for other banks', async () => {
      const member = await registerMember(h.app, {
        bankCode: 'KBANK',
        bankAccountName: 'สมชาย ใจดี',
      });
      expect(member.username).toBeTruthy();
    });

    it('refuses a phone that is not a Thai mobile number of 10 digits (PHONE_NUMBER_REQUIRE_10_DIGIT)', async () => {
      for (const username of ['081234567', '08123456789', '08-1234567', '9999999999']) {
        const res = await refusedRegistration(registration({ username }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
          field: 'username',
        });
      }
    });

    it('refuses an invite code of no member (KEY_INVALID inviteCode)', async () => {
      for (const inviteCode of ['PR99999999', 'XX1']) {
        const res = await refusedRegistration(registration({ inviteCode }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'inviteCode' });
      }
    });

    it('refuses an unknown source (KEY_INVALID sourceCode)', async () => {
      const res = await refusedRegistration(registration({ sourceCode: 'billboard' }));
      expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'sourceCode' });
    });

    it('refuses LAK outside the Laos variant (KEY_INVALID currency)', async () => {
      const res = await refusedRegistration(registration({ currency: 'LAK' }));
      expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'currency' });
    });

    it('answers KEY_MISSING with the field for each absent required field', async () => {
      for (const field of [
        'name',
        'username',
        'password',
        'bankCode',
        'bankAccountName',
        'bankAccountNo',
      ]) {
        const body = registration();
        delete body[field];
        const res = await refusedRegistration(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'KEY_MISSING', message: expect.any(String), field });
      }
    });

    it('answers KEY_MISSING for an empty field and KEY_INVALID for a wrong type', async () => {
      expect((await refusedRegistration(registration({ name: '  ' }))).body).toMatchObject({
        code: 'KEY_MISSING',
        field: 'name',
      });
      expect((await refusedRegistration(registration({ name: 42 }))).body).toMatchObject({
        code: 'KEY_INVALID',
        field: 'name',
      });
      expect((await refusedRegistration(registration({ password: null }))).body).toMatchObject({
        code: 'KEY_INVALID',
        field: 'password',
      });
    });

    it('maps an i18n-key message to KEY_INVALID (a password shorter than 8)', async () => {
      const res = await refusedRegistration(registration({ password: 'short' }));
      expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'password' });
    });

    it('refuses a name over 100 characters (INVALID_USER_INFO)', async () => {
      const res = await refusedRegistration(registration({ name: 'x'.repeat(101) }));
      expect(res.body).toMatchObject({ code: 'INVALID_USER_INFO', field: 'name' });
    });
  });

  describe('validation before the bank step', () => {
    const validate = (body: Record<string, unknown>) =>
      call(h.app, 'POST', '/api/account/validate', { body });

    it('accepts the profile step without bank fields and writes nothing', async () => {
      const before = await h.count(members);
      const { bankCode, bankAccountName, bankAccountNo, ...profileStep } = registration();
      const res = await validate(profileStep);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true });
      expect(await h.count(members)).toBe(before);
    });

    it('runs the same database rules as registration', async () => {
      const member = await registerMember(h.app);
      expect((await validate(registration({ username: member.username }))).body).toMatchObject({
        code: 'EXISTING_USER',
      });
      expect((await validate(registration({ inviteCode: 'PR99999999' }))).body).toMatchObject({
        code: 'KEY_INVALID',
        field: 'inviteCode',
      });
      expect((await validate(registration({ sourceCode: 'nope' }))).body).toMatchObject({
        code: 'KEY_INVALID',
        field: 'sourceCode',
      });
      expect((await validate(registration({ bankCode: 'NOPE' }))).body).toMatchObject({
        code: 'INVALID_BANK',
      });
      // EXISTING_BANK needs a verified OTP token while OTP is on: bank-lookup.test.ts.
      expect(
        (await validate(registration({ bankCode: 'KTB', bankAccountName: 'ทดสอบ' }))).body,
      ).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG' });
      expect((await validate(registration({ username: '123' }))).body).toMatchObject({
        code: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
      });
    });

    it('does not ask for an OTP (the wizard validates before registering)', async () => {
      const res = await validate(registration());
      expect(res.status).toBe(200);
    });
  });
});
