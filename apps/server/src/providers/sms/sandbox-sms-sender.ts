import type { OtpMessage, PasswordMessage, SmsSender } from './sms-sender';

/**
 * SANDBOX=1: nothing leaves the process; the last code and the last temporary password per
 * phone are kept so that tests and the demo can read them through GET /api/sandbox/otp/{phone}
 * and GET /api/sandbox/password/{phone}.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly last = new Map<string, { ref: string; code: string }>();
  private readonly passwords = new Map<string, string>();

  async sendOtp(message: OtpMessage): Promise<void> {
    this.last.set(message.phone, { ref: message.ref, code: message.code });
  }

  async sendPassword(message: PasswordMessage): Promise<void> {
    this.passwords.set(message.phone, message.password);
  }

  lastPassword(phone: string): string | undefined {
    return this.passwords.get(phone);
  }

  lastOtp(phone: string): { ref: string; code: string } | undefined {
    return this.last.get(phone);
  }
}
