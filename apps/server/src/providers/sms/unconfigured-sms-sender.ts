import type { SmsSender } from './sms-sender';

/**
 * Outside the sandbox no SMS gateway is integrated yet. Failing (OTP_SEND_FAIL) is the safe
 * answer: logging the code instead would hand one-time passwords to anyone who reads logs.
 * Operators without a gateway turn the registerOTP flag off.
 */
export class UnconfiguredSmsSender implements SmsSender {
  async sendOtp(): Promise<void> {
    throw new Error('no SMS gateway is configured');
  }

  async sendPassword(): Promise<void> {
    throw new Error('no SMS gateway is configured');
  }
}
