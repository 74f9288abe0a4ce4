import type { OtpMessage, SmsSender } from './sms-sender';

/**
 * SANDBOX=1: nothing leaves the process; the last code per phone is kept so that tests and
 * the demo can read it through GET /api/sandbox/otp/{phoneNumber}.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly last = new Map<string, { ref: string; code: string }>();

  async sendOtp(message: OtpMessage): Promise<void> {
    this.last.set(message.phone, { ref: message.ref, code: message.code });
  }

  lastOtp(phone: string): { ref: string; code: string } | undefined {
    return this.last.get(phone);
  }
}
