import { z } from 'zod';
import {
  type Currency,
  currencies,
  INVITE_CODE_PREFIX,
  LATIN_NAME_PATTERN,
  latinNameBanks,
  PHONE_LENGTH,
} from './constants';

/**
 * Field rules of the spec's validation rules. A rule's message is either a catalogue code
 * (`PHONE_NUMBER_REQUIRE_10_DIGIT`) or an i18n key (`register.passwordNotEqualMsg`): the
 * server turns codes into its error envelope, the web app translates either.
 */

/** Which variant's rules apply: the Laos build takes Lao phone numbers and a currency. */
export type Variant = { laos: boolean };

/**
 * Lao numbers: 020 + 8 digits (mobile), or 030 + 7 digits (the older 030 range the variant has
 * always taken), the leading 0 optional (lib/phone.ts stores them with it).
 */
const LAO_PHONE = /^0?(20\d{8}|30\d{7})$/;
/**
 * Thai mobile numbers: 06, 08 or 09 and 8 more digits (the spec: 10 digits). The OTP goes out
 * by SMS, so a landline (02…) or an invented number (9999999999) would only spend a message.
 */
const THAI_PHONE = new RegExp(`^0[689]\\d{${PHONE_LENGTH - 2}}$`);

export function phoneSchema(variant: Variant) {
  const rule = variant.laos ? LAO_PHONE : THAI_PHONE;
  return z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .regex(rule, { error: variant.laos ? 'KEY_INVALID' : 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
}

export const NameSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(100, { error: 'INVALID_USER_INFO' });

/** NIST SP 800-63B: at least 8 characters; a cap keeps hashing cost bounded. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PasswordSchema = z
  .string({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_MISSING' })
  .min(PASSWORD_MIN, { error: 'register.passwordTooShortMsg' })
  .max(PASSWORD_MAX, { error: 'KEY_INVALID' });

export const BankCodeSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(20, { error: 'INVALID_BANK' })
  .transform((s) => s.toUpperCase());

/** Account names are uppercased and trimmed (the spec's validation rules). */
export const BankAccountNameSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(100, { error: 'INVALID_BANK' })
  .transform((s) => s.replace(/\s+/g, ' ').toUpperCase());

export const BankAccountNoSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'KEY_MISSING' })
      .regex(/^\d{6,20}$/, { error: 'INVALID_BANK' }),
  );

export const InviteCodeSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(
    z.union([
      z.literal(''),
      z.string().regex(new RegExp(`^${INVITE_CODE_PREFIX}\\d{1,12}$`), { error: 'KEY_INVALID' }),
    ]),
  );

export const SourceCodeSchema = z.string({ error: 'KEY_INVALID' }).trim().max(40);

export const CurrencySchema = z.enum(currencies, { error: 'KEY_INVALID' });

export function needsLatinName(bankCode: string): boolean {
  return (latinNameBanks as readonly string[]).includes(bankCode.toUpperCase());
}

export function isLatinName(name: string): boolean {
  return LATIN_NAME_PATTERN.test(name);
}

/** The largest member id: the database column is a 32-bit integer. */
export const MEMBER_ID_MAX = 2_147_483_647;

/** The invite code of a member: 'PR' followed by the member id (the spec's constants and limits). */
export function inviteCodeOf(memberId: number): string {
  return `${INVITE_CODE_PREFIX}${memberId}`;
}

/** The member id of an invite code, or null when it cannot be one (a number past the column). */
export function memberIdFromInviteCode(code: string): number | null {
  const match = new RegExp(`^${INVITE_CODE_PREFIX}(\\d{1,12})$`).exec(code.trim().toUpperCase());
  const id = match?.[1] ? Number(match[1]) : null;
  return id !== null && id >= 1 && id <= MEMBER_ID_MAX ? id : null;
}

/** Registration payload (the spec's entities and calls), before the cross-field rules. */
export function registrationFieldsSchema(variant: Variant) {
  return z.object({
    name: NameSchema,
    username: phoneSchema(variant),
    password: PasswordSchema,
    sourceCode: SourceCodeSchema.optional().default(''),
    inviteCode: InviteCodeSchema.optional().default(''),
    bankCode: BankCodeSchema,
    bankAccountName: BankAccountNameSchema,
    bankAccountNo: BankAccountNoSchema,
    // Outside the Laos variant the wallet is in baht; only Laos offers the choice (the spec 1).
    currency: variant.laos
      ? CurrencySchema.optional()
      : z.literal('BAHT', { error: 'KEY_INVALID' }).optional(),
  });
}

type LatinNameInput = { bankCode?: string | undefined; bankAccountName?: string | undefined };

/** KTB, TMB and BBL take Latin account names only (the spec's validation rules). */
export function checkLatinName(value: LatinNameInput, ctx: z.RefinementCtx): void {
  if (!value.bankCode || !value.bankAccountName) return;
  if (needsLatinName(value.bankCode) && !isLatinName(value.bankAccountName)) {
    ctx.addIssue({ code: 'custom', path: ['bankAccountName'], message: 'BANK_ACCOUNT_NAME_ENG' });
  }
}

export function registrationSchema(variant: Variant) {
  return registrationFieldsSchema(variant).superRefine(checkLatinName);
}
export type Registration = z.infer<ReturnType<typeof registrationSchema>>;
export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;

/**
 * `POST /api/account/validate` runs before the bank step (the spec's validation rules): every field
 * present is checked, the bank fields may still be missing. While the OTP feature is on,
 * whether a bank account is already registered (EXISTING_BANK) is told only with `otpToken`,
 * a verified OTP token of that phone (docs/decisions/0054).
 */
export function registrationValidateSchema(variant: Variant) {
  return registrationFieldsSchema(variant)
    .partial({ bankCode: true, bankAccountName: true, bankAccountNo: true, currency: true })
    .extend({ otpToken: z.string({ error: 'KEY_INVALID' }).max(200).optional() })
    .superRefine(checkLatinName);
}
export type RegistrationValidate = z.infer<ReturnType<typeof registrationValidateSchema>>;

export const RegisterResponseSchema = z.object({ success: z.literal(true), username: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const ValidateResponseSchema = z.object({ valid: z.literal(true) });
export type ValidateResponse = z.infer<typeof ValidateResponseSchema>;

export const BankRefSchema = z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string() });

/** Profile (the spec's entities). `_id` is the member id behind the invite code. */
export const ProfileSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  username: z.string(),
  coin: z.number().int(),
  createdAt: z.string(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: BankRefSchema,
  currency: CurrencySchema,
  inviteCode: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const BankAccountSchema = z.object({
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: BankRefSchema,
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/**
 * The answer of `GET /api/account/profile`, and of `PUT /api/account/profile` and
 * `PUT /api/account/bankAccountName` (the updated state). `PUT /api/account/changepwd`
 * answers `SuccessSchema` (common.ts).
 */
export const ProfileResponseSchema = z.object({
  profile: ProfileSchema,
  bankAccount: BankAccountSchema,
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/**
 * `PUT /api/account/profile`. The payout account itself (bank and number) is not changed by
 * the member: see docs/decisions/0010-bank-account-changes.md. The fields are accepted so the
 * call keeps the shape of the spec, and a different bank or number is refused with INVALID_BANK.
 */
export const ProfileUpdateSchema = z
  .object({
    name: NameSchema,
    bankCode: BankCodeSchema,
    bankAccountName: BankAccountNameSchema,
    bankAccountNo: BankAccountNoSchema,
  })
  .superRefine(checkLatinName);
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** `PUT /api/account/bankAccountName` and the edit-name modal (the spec's validation rules). */
export const BankAccountNameUpdateSchema = z.object({
  bankCode: BankCodeSchema,
  bankAccountName: BankAccountNameSchema.refine(isLatinName, { error: 'BANK_ACCOUNT_NAME_ENG' }),
});
export type BankAccountNameUpdate = z.infer<typeof BankAccountNameUpdateSchema>;

export const ChangePasswordSchema = z.object({
  oldPassword: z
    .string({ error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_MISSING' })
    .max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export function defaultCurrency(variant: Variant): Currency {
  return variant.laos ? 'LAK' : 'BAHT';
}
