import type { SandboxOtpResponse } from '@wallet/contract/otp';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { SandboxSmsSender } from '../../providers/sms/sandbox-sms-sender';
import type { ServiceState } from '../settings/service-state';
import { readSettings, writeSetting } from '../settings/settings.repository';

export type FeatureSettings = { registerOTP: boolean; enableChatWidget: boolean };

export class SandboxService {
  constructor(
    private readonly deps: { db: Db; sms: SandboxSmsSender; serviceState: ServiceState },
  ) {}

  /** The last code "sent" to a phone (CONTRACT.md, Sandbox). */
  lastOtp(phone: string): SandboxOtpResponse {
    const last = this.deps.sms.lastOtp(phone);
    if (!last) throw new DomainError('NO_DATA');
    return { otpRef: last.ref, otpCode: last.code };
  }

  async setTerminated(terminated: boolean): Promise<{ terminated: boolean }> {
    await this.deps.serviceState.setTerminated(terminated);
    return { terminated };
  }

  async setFeatures(changes: Partial<FeatureSettings>): Promise<FeatureSettings> {
    const { db } = this.deps;
    if (changes.registerOTP !== undefined)
      await writeSetting(db, 'registerOTP', changes.registerOTP);
    if (changes.enableChatWidget !== undefined) {
      await writeSetting(db, 'enableChatWidget', changes.enableChatWidget);
    }
    return readSettings(db, ['registerOTP', 'enableChatWidget']);
  }
}
