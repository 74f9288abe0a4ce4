import { z } from 'zod';
import { phoneSchema, type Variant } from './account';

/** OTP (the spec's entities and calls). Codes are 6 digits, single use, valid at most 10 minutes. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_WRONG_TRIES = 5;

export function otpSendSchema(variant: Variant) {
  return z.object({ phoneNumber: phoneSchema(variant) });
}
export type OtpSend = z.infer<ReturnType<typeof otpSendSchema>>;

/** `code` is a status word ('OK'), never the one-time code itself. */
export const OtpSendResponseSchema = z.object({
  otpRef: z.string(),
  otpToken: z.string(),
  code: z.literal('OK'),
});
export type OtpSendResponse = z.infer<typeof OtpSendResponseSchema>;

export const OtpVerifySchema = z.object({
  otpToken: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(200),
  otpCode: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .regex(/^\d{6}$/, { error: 'OTP_CODE_INVALID' }),
});
export type OtpVerify = z.infer<typeof OtpVerifySchema>;

/** The code form of the register step: the code as typed; the token rides along from the send. */
export const OtpCodeFormSchema = OtpVerifySchema.pick({ otpCode: true });
export type OtpCodeForm = z.infer<typeof OtpCodeFormSchema>;

export const OtpVerifyResponseSchema = z.object({
  code: z.literal('OTP_CODE_VALID'),
  phoneNumber: z.string(),
});
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponseSchema>;

/** Sandbox: `GET /api/sandbox/otp/{phoneNumber}` (the API contract). */
export const SandboxOtpResponseSchema = z.object({ otpRef: z.string(), otpCode: z.string() });
export type SandboxOtpResponse = z.infer<typeof SandboxOtpResponseSchema>;
