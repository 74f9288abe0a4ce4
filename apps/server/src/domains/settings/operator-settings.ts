import { type Currency, type QrProvider, qrProviders } from '@wallet/contract/constants';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type {
  CurrencyLimits,
  LimitsResponse,
  Switches,
  SwitchesChange,
} from '@wallet/contract/operator';
import type { AuditLog } from '../../core/audit/audit';
import { type AmountLimits, perProviderMajor } from '../../core/settings/amount-limits';
import { readSettings, writeSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import type { ChangedBy } from '../staff/staff-accounts';

const switchKeys = ['registerOTP', 'enableChatWidget', 'manualDeposit', 'terminated'] as const;

/** Each QR provider's amount in minor units, as the settings keep it. */
function perProviderMinor(amounts: Record<QrProvider, number>): Record<QrProvider, number> {
  return Object.fromEntries(
    qrProviders.map((provider): [QrProvider, number] => [provider, toMinor(amounts[provider])]),
  ) as Record<QrProvider, number>;
}

/**
 * What the operator sets in the back office (docs/backoffice.md, "Settings"): the switches and
 * each currency's amount rules. A change is written with its audit entry (before, after, the
 * reason) in one transaction; every process reads it within a second (the settings' caches).
 */
export class OperatorSettings {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditLog;
      /** The amount rules as the money path reads them (the PAYTIMZ build setting applied). */
      amountLimits: Pick<AmountLimits, 'of'>;
    },
  ) {}

  switches(): Promise<Switches> {
    return readSettings(this.deps.db, switchKeys);
  }

  async changeSwitches(change: SwitchesChange, by: ChangedBy): Promise<Switches> {
    const { db, audit } = this.deps;
    const { reason, ...wanted } = change;
    return db.transaction(async (tx) => {
      const before = await readSettings(tx, switchKeys);
      const changed = switchKeys.filter(
        (key) => wanted[key] !== undefined && wanted[key] !== before[key],
      );
      for (const key of changed) await writeSetting(tx, key, wanted[key] as boolean);
      const after = { ...before, ...Object.fromEntries(changed.map((key) => [key, wanted[key]])) };
      if (changed.length > 0) {
        await audit.append(
          {
            ...by,
            action: 'settings.switches',
            target: 'settings:switches',
            reason,
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, after[key]])),
          },
          tx,
        );
      }
      return after;
    });
  }

  async limits(): Promise<LimitsResponse> {
    const currencies: Currency[] = ['BAHT', 'LAK'];
    return {
      currencies: await Promise.all(
        currencies.map(async (currency) => {
          const rules = await this.deps.amountLimits.of(currency);
          return {
            currency,
            limits: {
              withdrawMin: fromMinor(rules.withdrawMin),
              withdrawMax: fromMinor(rules.withdrawMax),
              withdrawApprovalAbove: fromMinor(rules.withdrawApprovalAbove),
              transferMin: fromMinor(rules.transferMin),
              giftLinkMin: fromMinor(rules.giftLinkMin),
              qrMin: perProviderMajor(rules.qrMin),
              qrMax: perProviderMajor(rules.qrMax),
              depositMax: fromMinor(rules.depositMax),
            },
          };
        }),
      ),
    };
  }

  /** One currency's amount rules, stored in its minor units. */
  async changeLimits(
    currency: Currency,
    limits: CurrencyLimits,
    reason: string,
    by: ChangedBy,
  ): Promise<void> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      const { withdrawLimits, amountLimits } = await readSettings(tx, [
        'withdrawLimits',
        'amountLimits',
      ]);
      const before = { withdraw: withdrawLimits[currency], amounts: amountLimits[currency] };
      const after = {
        withdraw: {
          minMinor: toMinor(limits.withdrawMin),
          maxMinor: toMinor(limits.withdrawMax),
          approvalAboveMinor: toMinor(limits.withdrawApprovalAbove),
        },
        amounts: {
          transferMinMinor: toMinor(limits.transferMin),
          giftLinkMinMinor: toMinor(limits.giftLinkMin),
          qrMinMinor: perProviderMinor(limits.qrMin),
          qrMaxMinor: perProviderMinor(limits.qrMax),
          depositMaxMinor: toMinor(limits.depositMax),
        },
      };
      await writeSetting(tx, 'withdrawLimits', { ...withdrawLimits, [currency]: after.withdraw });
      await writeSetting(tx, 'amountLimits', { ...amountLimits, [currency]: after.amounts });
      await audit.append(
        {
          ...by,
          action: 'settings.limits',
          target: `settings:limits:${currency}`,
          reason,
          before,
          after,
        },
        tx,
      );
    });
  }
}
