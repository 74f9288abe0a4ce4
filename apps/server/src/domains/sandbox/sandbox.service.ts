import type { SandboxOtpResponse } from '@wallet/contract/otp';
import type { ServiceState } from '../../core/settings/service-state';
import { readSettings, writeSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { SandboxSmsSender } from '../../providers/sms/sandbox-sms-sender';
import type { AccountService } from '../account/account.service';

export type FeatureSettings = { registerOTP: boolean; enableChatWidget: boolean };

export class SandboxService {
  constructor(
    private readonly deps: {
      db: Db;
      sms: SandboxSmsSender;
      serviceState: ServiceState;
      accounts: Pick<AccountService, 'setBankAccountName'>;
    },
  ) {}

  /** The last code "sent" to a phone (the API contract's sandbox). */
  async lastOtp(phone: string): Promise<SandboxOtpResponse> {
    const last = await this.deps.sms.lastOtp(phone);
    if (!last) throw new DomainError('NO_DATA');
    return { otpRef: last.ref, otpCode: last.code };
  }

  /** The last temporary password staff had "sent" to a phone (the back office's reset). */
  async lastPassword(phone: string): Promise<{ password: string }> {
    const password = await this.deps.sms.lastPassword(phone);
    if (password === undefined) throw new DomainError('NO_DATA');
    return { password };
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

  /**
   * The operator's records hold this member's account name as the bank writes it, in any script:
   * as for a member imported from the operator's earlier system, where KTB, TMB and BBL names
   * were not checked for Latin letters (the spec's states, KBANK auto bank-name edit).
   */
  async setAccountName(username: string, bankAccountName: string): Promise<{ success: true }> {
    if (!(await this.deps.accounts.setBankAccountName(username, bankAccountName))) {
      throw new DomainError('NO_DATA');
    }
    return { success: true };
  }
}
