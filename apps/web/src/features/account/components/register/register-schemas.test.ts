import { describe, expect, it } from 'vitest';
import { bankStepSchema, phoneStepSchema, profileStepSchema } from './register-schemas';

const thai = { laos: false };
const laos = { laos: true };

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('register wizard rules', () => {
  it('asks for a Thai mobile number (06, 08 or 09 and 8 digits) outside the Laos variant', () => {
    expect(phoneStepSchema(thai).safeParse({ phoneNumber: '0812345678' }).success).toBe(true);
    for (const phoneNumber of ['081234', '9999999999']) {
      expect(messages(phoneStepSchema(thai).safeParse({ phoneNumber }))).toEqual([
        'phoneNumber: PHONE_NUMBER_REQUIRE_10_DIGIT',
      ]);
    }
  });

  it('takes Lao mobile numbers in the Laos variant', () => {
    expect(phoneStepSchema(laos).safeParse({ phoneNumber: '02012345678' }).success).toBe(true);
  });

  it('refuses a confirmation that does not match the password', () => {
    const result = profileStepSchema(thai).safeParse({
      name: 'Somchai',
      password: 'password-1',
      confirmPassword: 'password-2',
      sourceCode: '',
      inviteCode: '',
    });
    expect(messages(result)).toEqual(['confirmPassword: register.passwordNotEqualMsg']);
  });

  it('needs Latin letters on the account for KTB, TMB and BBL', () => {
    const result = bankStepSchema(thai).safeParse({
      bankCode: 'KTB',
      bankAccountNo: '1234567890',
      firstName: 'สมชาย',
      lastName: 'JAIDEE',
    });
    expect(messages(result)).toEqual(['firstName: register.requiredEngLangMsg']);
  });

  it('accepts a Thai account name at other banks and uppercases names', () => {
    const result = bankStepSchema(thai).safeParse({
      bankCode: 'SCB',
      bankAccountNo: '123-456-7890',
      firstName: 'somchai',
      lastName: 'สุขใจ',
    });
    expect(result.success && result.data).toMatchObject({
      firstName: 'SOMCHAI',
      lastName: 'สุขใจ',
      bankAccountNo: '1234567890',
    });
  });

  it('takes LAK or BAHT as the currency in Laos, nothing else', () => {
    const bank = { bankCode: 'BCEL', bankAccountNo: '1234567890', firstName: 'A', lastName: 'B' };
    expect(bankStepSchema(laos).safeParse({ ...bank, currency: 'LAK' }).success).toBe(true);
    expect(bankStepSchema(laos).safeParse({ ...bank, currency: 'USD' }).success).toBe(false);
  });
});
