import {
  BankAccountNameSchema,
  isLatinName,
  needsLatinName,
  registrationFieldsSchema,
  type Variant,
} from '@wallet/contract/account';
import { otpSendSchema } from '@wallet/contract/otp';
import { z } from 'zod';

/**
 * The wizard's step forms, built from the contract's registration rules so the browser and the
 * server judge a field the same way (STYLE.md, "one zod schema"). Only the cross-field and
 * display rules of the spec's validation rules are added here.
 */
export function phoneStepSchema(variant: Variant) {
  return otpSendSchema(variant);
}

export function profileStepSchema(variant: Variant) {
  return registrationFieldsSchema(variant)
    .pick({ name: true, password: true, sourceCode: true, inviteCode: true })
    .extend({ confirmPassword: z.string().min(1, { error: 'KEY_MISSING' }) })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'register.passwordNotEqualMsg',
    });
}

export function bankStepSchema(variant: Variant) {
  const fields = registrationFieldsSchema(variant).shape;
  return z
    .object({
      bankCode: fields.bankCode,
      bankAccountNo: fields.bankAccountNo,
      firstName: BankAccountNameSchema,
      lastName: BankAccountNameSchema,
      currency: fields.currency,
    })
    .superRefine((value, ctx) => {
      // The spec's validation rules: KTB, TMB and BBL take Latin letters and spaces only.
      if (!needsLatinName(value.bankCode)) return;
      for (const key of ['firstName', 'lastName'] as const) {
        if (!isLatinName(value[key])) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'register.requiredEngLangMsg' });
        }
      }
    });
}

export type PhoneStepInput = z.input<ReturnType<typeof phoneStepSchema>>;
export type PhoneStepValues = z.output<ReturnType<typeof phoneStepSchema>>;
export type ProfileStepInput = z.input<ReturnType<typeof profileStepSchema>>;
export type ProfileStepValues = z.output<ReturnType<typeof profileStepSchema>>;
export type BankStepInput = z.input<ReturnType<typeof bankStepSchema>>;
export type BankStepValues = z.output<ReturnType<typeof bankStepSchema>>;
