/**
 * The SMS gateway behind OTP (the API contract's sandbox: each outside system is an adapter behind
 * the interface a real integration implements). A real adapter sends `text` to `phone` and
 * throws when the gateway refuses; the OTP service answers OTP_SEND_FAIL then.
 */
export type OtpMessage = { phone: string; code: string; ref: string };
/** A temporary password staff had the member sent (the back office's password reset). */
export type PasswordMessage = { phone: string; password: string };

export interface SmsSender {
  sendOtp(message: OtpMessage): Promise<void>;
  sendPassword(message: PasswordMessage): Promise<void>;
}

/** The text a real gateway would deliver (one place, so adapters agree). */
export function otpText(message: OtpMessage): string {
  return `OTP ${message.code} (Ref: ${message.ref}) valid for 10 minutes. Never share this code.`;
}
