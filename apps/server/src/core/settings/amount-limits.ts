import {
  type Currency,
  type QrProvider,
  qrProviders,
  withdrawApprovalAbove,
} from '@wallet/contract/constants';
import type { QrLimits, QrOptions } from '@wallet/contract/deposit';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type { Db } from '../../db/client';
import { ExpiringValue } from '../../lib/expiring-value';
import { readSettings } from './settings.repository';

/** Every amount rule of one currency, in that currency's minor units (docs/decisions/0050). */
export type CurrencyLimits = {
  currency: Currency;
  withdrawMin: number;
  withdrawMax: number;
  /** Withdrawals above this wait for staff (docs/backoffice.md). */
  withdrawApprovalAbove: number;
  transferMin: number;
  giftLinkMin: number;
  qrMin: Record<QrProvider, number>;
  /** Each QR provider's maximum (issue 33), never above `depositMax`. */
  qrMax: Record<QrProvider, number>;
  /** The largest single deposit by QR or slip: more is a mistake or a kip amount read as baht. */
  depositMax: number;
};

/**
 * The amount rules per currency (settings `withdrawLimits` and `amountLimits`), read on the
 * money path (transfers, withdrawals, QRs, gift links, slips), so kept for at most `ttlMs`
 * (1 s), as the service switch is (docs/decisions/0033): one query per second per process. The
 * PAYTIMZ build setting (`PAYTIMZ_MINIMUM`, a baht figure) overrides the baht PAYTIMZ minimum.
 */
export class AmountLimits {
  private readonly all: ExpiringValue<Record<Currency, CurrencyLimits>>;

  constructor(db: Db, options: QrOptions = {}, ttlMs = 1000, now: () => number = Date.now) {
    this.all = new ExpiringValue(
      async () => {
        const { withdrawLimits, amountLimits } = await readSettings(db, [
          'withdrawLimits',
          'amountLimits',
        ]);
        const of = (currency: Currency): CurrencyLimits => {
          const withdraw = withdrawLimits[currency];
          const amounts = amountLimits[currency];
          const paytimz = currency === 'BAHT' ? options.paytimzMinimum : undefined;
          return {
            currency,
            withdrawMin: withdraw.minMinor,
            withdrawMax: withdraw.maxMinor,
            withdrawApprovalAbove:
              withdraw.approvalAboveMinor ?? toMinor(withdrawApprovalAbove[currency]),
            transferMin: amounts.transferMinMinor,
            giftLinkMin: amounts.giftLinkMinMinor,
            qrMin: {
              ...amounts.qrMinMinor,
              ...(paytimz === undefined ? {} : { PAYTIMZ: toMinor(paytimz) }),
            },
            qrMax: Object.fromEntries(
              qrProviders.map((provider) => [
                provider,
                Math.min(
                  amounts.qrMaxMinor?.[provider] ?? amounts.depositMaxMinor,
                  amounts.depositMaxMinor,
                ),
              ]),
            ) as Record<QrProvider, number>,
            depositMax: amounts.depositMaxMinor,
          };
        };
        return { BAHT: of('BAHT'), LAK: of('LAK') };
      },
      ttlMs,
      now,
    );
  }

  /** The rules of a wallet's currency; one the settings do not know is a broken installation. */
  async of(currency: string): Promise<CurrencyLimits> {
    const limits = (await this.all.get())[currency as Currency];
    if (!limits) throw new Error(`no amount limits for the currency "${currency}"`);
    return limits;
  }
}

/** Each QR provider's amount in baht or kip. */
export function perProviderMajor(amounts: Record<QrProvider, number>): Record<QrProvider, number> {
  return Object.fromEntries(
    Object.entries(amounts).map(([provider, amount]) => [provider, fromMinor(amount)]),
  ) as Record<QrProvider, number>;
}

/** The QR rules in baht or kip, as the contract's QR checks take them. */
export function qrLimitsOf(limits: CurrencyLimits): QrLimits {
  return {
    qrMin: perProviderMajor(limits.qrMin),
    qrMax: perProviderMajor(limits.qrMax),
    depositMax: fromMinor(limits.depositMax),
  };
}

/** The limits as `GET /api/lookup/withdraw` answers them: in baht or kip, not minor units. */
export function limitsResponse(limits: CurrencyLimits): WithdrawLimitsResponse {
  return {
    withdrawMin: fromMinor(limits.withdrawMin),
    withdrawMax: fromMinor(limits.withdrawMax),
    currency: limits.currency,
    transferMin: fromMinor(limits.transferMin),
    giftLinkMin: fromMinor(limits.giftLinkMin),
    ...qrLimitsOf(limits),
  };
}
