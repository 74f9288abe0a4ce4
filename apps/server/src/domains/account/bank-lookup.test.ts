import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { newPhone, registerMember, registration, verifyPhone } from '../../test/members';
import { useHarness } from '../../test/use-harness';

/**
 * Issue 30: whether a bank account belongs to a member (EXISTING_BANK) is told, while the OTP
 * feature is on, only to someone who verified the phone being registered.
 */
describeOnDatabases('who learns that a bank account is registered', (target) => {
  const h = useHarness(target);

  const validate = (body: Record<string, unknown>, app = h.app) =>
    call(app, 'POST', '/api/account/validate', { body });

  /** A registration of a new phone naming the bank account of an existing member. */
  async function probeOfTakenAccount() {
    const member = await registerMember(h.app);
    return registration({
      bankCode: member.body.bankCode,
      bankAccountNo: member.body.bankAccountNo,
    });
  }

  describe('with the OTP feature on', () => {
    it('does not tell EXISTING_BANK at validate without a verified OTP token of the phone', async () => {
      const probe = await probeOfTakenAccount();
      expect((await validate(probe)).body).toEqual({ valid: true });

      const unverified = await call(h.app, 'POST', '/api/otp/send', {
        body: { phoneNumber: probe.username },
      });
      const withUnverified = await validate({ ...probe, otpToken: unverified.body.otpToken });
      expect(withUnverified.body).toEqual({ valid: true });

      // A verified token of another phone is not this phone's.
      const otherToken = await verifyPhone(h.app, newPhone());
      expect((await validate({ ...probe, otpToken: otherToken })).body).toEqual({ valid: true });
      expect((await validate({ ...probe, otpToken: 'made-up' })).body).toEqual({ valid: true });
    });

    it('tells EXISTING_BANK at validate to the holder of a verified OTP token of the phone', async () => {
      const probe = await probeOfTakenAccount();
      const otpToken = await verifyPhone(h.app, String(probe.username));
      const res = await validate({ ...probe, otpToken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EXISTING_BANK', field: 'bankAccountNo' });
    });

    it('answers UNVERIFIED_OTP, not EXISTING_BANK, to a registration of an unverified phone', async () => {
      const probe = await probeOfTakenAccount();
      const before = await h.count(members);
      const res = await call(h.app, 'POST', '/api/account', { body: probe });
      expect(res.body).toMatchObject({ code: 'UNVERIFIED_OTP', field: 'username' });
      expect(await h.count(members)).toBe(before);
    });

    it('lets one verified phone ask about bank accounts only BANK_CHECKS_PER_PHONE_PER_HOUR times', async () => {
      const app = await h.build({ BANK_CHECKS_PER_PHONE_PER_HOUR: '2' });
      const probe = await probeOfTakenAccount();
      const otpToken = await verifyPhone(app, String(probe.username));
      for (let i = 0; i < 2; i++) {
        expect((await validate({ ...probe, otpToken }, app)).body).toMatchObject({
          code: 'EXISTING_BANK',
        });
      }
      const limited = await validate({ ...probe, otpToken }, app);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'REQUEST_LIMIT' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      // Registering with the same phone counts too.
      const register = await call(app, 'POST', '/api/account', { body: probe });
      expect(register.body).toMatchObject({ code: 'REQUEST_LIMIT' });
    });
  });

  describe('with the OTP feature off', () => {
    it('tells EXISTING_BANK at validate as before: registration would tell it anyway', async () => {
      const probe = await probeOfTakenAccount();
      await call(h.app, 'POST', '/api/sandbox/settings', { body: { registerOTP: false } });
      try {
        const res = await validate(probe);
        expect(res.body).toMatchObject({ code: 'EXISTING_BANK', field: 'bankAccountNo' });
      } finally {
        await call(h.app, 'POST', '/api/sandbox/settings', { body: { registerOTP: true } });
      }
    });
  });
});
