import { describe, expect, it } from 'vitest';
import {
  BankAccountNameSchema,
  BankAccountNameUpdateSchema,
  InviteCodeSchema,
  inviteCodeOf,
  memberIdFromInviteCode,
  phoneSchema,
  registrationSchema,
  registrationValidateSchema,
} from './account';

const thai = { laos: false };
const laos = { laos: true };

const registration = {
  name: 'Somchai',
  username: '0812345678',
  password: 'correct horse',
  bankCode: 'scb',
  bankAccountName: 'สมชาย ใจดี',
  bankAccountNo: '123-456-7890',
};

function messages(result: { error?: { issues: { message: string }[] } | undefined }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('phone numbers', () => {
  it('takes a Thai mobile number outside Laos (06, 08 or 09 and 8 digits), trimmed', () => {
    expect(phoneSchema(thai).parse(' 0812345678 ')).toBe('0812345678');
    for (const phone of ['0612345678', '0912345678']) {
      expect(phoneSchema(thai).parse(phone)).toBe(phone);
    }
  });

  it('refuses other lengths outside Laos with PHONE_NUMBER_REQUIRE_10_DIGIT', () => {
    for (const phone of ['081234567', '08123456789', '08-1234567', 'abcdefghij']) {
      expect(messages(phoneSchema(thai).safeParse(phone))).toEqual([
        'PHONE_NUMBER_REQUIRE_10_DIGIT',
      ]);
    }
  });

  it('refuses 10 digits that are no Thai mobile number (9999999999, a landline)', () => {
    for (const phone of ['9999999999', '0212345678', '0712345678', '1234567890', '8123456789']) {
      expect(messages(phoneSchema(thai).safeParse(phone))).toEqual([
        'PHONE_NUMBER_REQUIRE_10_DIGIT',
      ]);
    }
  });

  it('calls an empty phone missing', () => {
    expect(messages(phoneSchema(thai).safeParse('  '))[0]).toBe('KEY_MISSING');
  });

  it('takes Lao mobile and landline numbers in Laos, with or without the leading 0', () => {
    for (const phone of ['02012345678', '2012345678', '0301234567', '301234567']) {
      expect(phoneSchema(laos).safeParse(phone).success).toBe(true);
    }
  });

  it('refuses a Thai number in Laos', () => {
    expect(messages(phoneSchema(laos).safeParse('0812345678'))).toEqual(['KEY_INVALID']);
  });
});

describe('bank account names', () => {
  it('are trimmed, single-spaced and upper-cased', () => {
    expect(BankAccountNameSchema.parse('  john   doe ')).toBe('JOHN DOE');
  });

  it('must be Latin letters for KTB, TMB and BBL, whatever the case of the bank code', () => {
    for (const bankCode of ['KTB', 'tmb', 'BBL']) {
      const result = registrationSchema(thai).safeParse({ ...registration, bankCode });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['bankAccountName'], message: 'BANK_ACCOUNT_NAME_ENG' }),
      ]);
    }
  });

  it('may be Thai for other banks', () => {
    const result = registrationSchema(thai).parse(registration);
    expect(result.bankCode).toBe('SCB');
    expect(result.bankAccountNo).toBe('1234567890');
  });

  it('are accepted in Latin letters for KTB', () => {
    const result = registrationSchema(thai).parse({
      ...registration,
      bankCode: 'KTB',
      bankAccountName: 'somchai jaidee',
    });
    expect(result.bankAccountName).toBe('SOMCHAI JAIDEE');
  });

  it('are checked for Latin letters before the bank step too', () => {
    const { bankAccountNo: _, ...partial } = { ...registration, bankCode: 'BBL' };
    expect(messages(registrationValidateSchema(thai).safeParse(partial))).toEqual([
      'BANK_ACCOUNT_NAME_ENG',
    ]);
  });

  it('must be Latin letters in the edit-name modal, for any bank', () => {
    const result = BankAccountNameUpdateSchema.safeParse({
      bankCode: 'SCB',
      bankAccountName: 'สมชาย',
    });
    expect(messages(result)).toEqual(['BANK_ACCOUNT_NAME_ENG']);
  });
});

describe('currency', () => {
  it('is BAHT only outside Laos', () => {
    const result = registrationSchema(thai).safeParse({ ...registration, currency: 'LAK' });
    expect(messages(result)).toEqual(['KEY_INVALID']);
  });

  it('may be LAK or BAHT in Laos', () => {
    const lao = { ...registration, username: '02012345678' };
    expect(registrationSchema(laos).parse({ ...lao, currency: 'LAK' }).currency).toBe('LAK');
    expect(registrationSchema(laos).parse({ ...lao, currency: 'BAHT' }).currency).toBe('BAHT');
  });
});

describe('invite codes', () => {
  it('are PR followed by the member id', () => {
    expect(inviteCodeOf(42)).toBe('PR42');
    expect(memberIdFromInviteCode(' pr42 ')).toBe(42);
  });

  it('yield no member for anything else', () => {
    for (const code of ['', 'PR', 'XX42', 'PR4x', 'PR-1']) {
      expect(memberIdFromInviteCode(code)).toBeNull();
    }
  });

  it('are upper-cased in a registration, and may be left empty', () => {
    expect(InviteCodeSchema.parse(' pr7 ')).toBe('PR7');
    expect(InviteCodeSchema.parse('')).toBe('');
    expect(registrationSchema(thai).parse(registration).inviteCode).toBe('');
  });

  it('refuse a code of another shape', () => {
    expect(messages(InviteCodeSchema.safeParse('FRIEND7'))).toEqual(['KEY_INVALID']);
  });
});
