import type { Banner } from '@wallet/contract/common';
import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { fromMinor, minor } from '@wallet/contract/money';
import type {
  RefundAddWalletResponse,
  RefundCheckResponse,
  RefundListResponse,
} from '@wallet/contract/refund';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { fingerprint, type Idempotency } from '../../core/idempotency/idempotency';
import type { Ledger } from '../../core/ledger/ledger';
import { periodStart, rebate } from '../../core/rounds/rebate';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { bannersIn } from '../../lib/operator-html';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.service';
import {
  claimRefund,
  listClaims,
  listUnpaidClaims,
  markClaimPaid,
  unrefundedTotals,
} from './refund.repository';

export type RefundServiceDeps = {
  db: Db;
  ledger: Ledger;
  idempotency: Idempotency;
  member: (memberId: number) => Promise<MemberMoneyInfo>;
  /** Whether a paid bonus runs: no refund is received meanwhile (REFUND_CONDITION). */
  bonusRunning: (memberId: number) => Promise<boolean>;
  now: () => Date;
  log: Pick<Log, 'error'>;
};

/**
 * Loss refunds (the spec's screens, entities, states and calls; docs/promotions.md). The refund of the member's
 * rounds played before the running period (the Bangkok day or week) is the rebate of the refund
 * setting's rates. Receiving counts those rounds into a claim of the refund log, each round once;
 * adding to the wallet credits the received claims, each once (Ledger.credit, source `refund`).
 */
export class RefundService {
  constructor(private readonly deps: RefundServiceDeps) {}

  /** GET /api/refund/check. */
  async check(auth: AuthContext, locale: Locale): Promise<RefundCheckResponse> {
    const { db } = this.deps;
    const settings = await readSetting(db, 'refund');
    const [amount, bonus, unpaid] = await Promise.all([
      this.accrued(auth.memberId),
      this.deps.bonusRunning(auth.memberId),
      listUnpaidClaims(db, auth.memberId),
    ]);
    return {
      result: amount > 0,
      bonus,
      info: textIn(settings.info, locale),
      refundAmount: fromMinor(amount),
      refundSuccess: settings.successPercent,
      refundFail: settings.failPercent,
      received: fromMinor(unpaid.reduce((sum, claim) => sum + claim.amount, 0)),
    };
  }

  /**
   * GET /api/refund/receive under the request's Idempotency-Key: the refund ready becomes a claim
   * of the refund log. A request cut short may run again: its rounds are claimed or not.
   */
  receive(auth: AuthContext, key: string | undefined): Promise<{ message: 'REFUND_SUCCESS' }> {
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('refund.receive', {}), request: {} },
      () => this.claim(auth),
      { recover: async () => ({ rerun: true }) },
    );
  }

  private async claim(auth: AuthContext): Promise<{ message: 'REFUND_SUCCESS' }> {
    const { db } = this.deps;
    const settings = await readSetting(db, 'refund');
    if (!settings.isActive) throw new DomainError('REFUND_INACTIVE');
    if (await this.deps.bonusRunning(auth.memberId)) throw new DomainError('REFUND_CONDITION');
    const member = await this.deps.member(auth.memberId);
    const before = periodStart(this.deps.now(), settings.period);
    const totals = await unrefundedTotals(db, member.id, before);
    if (totals.lost === 0 && totals.wonStakes === 0) throw new DomainError('NO_REFUND');
    const claim = await claimRefund(db, member, before, (t) => rebate(t, settings));
    // Rounds there were, but their refund rounds to nothing, or a receive at the same moment
    // took them.
    if (!claim) throw new DomainError('REFUND_MINIMUM');
    return { message: 'REFUND_SUCCESS' };
  }

  /**
   * GET /api/refund/addWallet under the request's Idempotency-Key: every received refund not yet
   * paid goes into the cash wallet, each claim once; a request cut short may run again.
   */
  addWallet(auth: AuthContext, key: string | undefined): Promise<RefundAddWalletResponse> {
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('refund.addWallet', {}), request: {} },
      () => this.payAll(auth),
      { recover: async () => ({ rerun: true }) },
    );
  }

  private async payAll(auth: AuthContext): Promise<RefundAddWalletResponse> {
    const { db, ledger } = this.deps;
    const member = await this.deps.member(auth.memberId);
    const unpaid = await listUnpaidClaims(db, member.id);
    if (unpaid.length === 0) throw new DomainError('NO_REFUND');
    let amount = 0;
    for (const claim of unpaid) {
      const credit = await this.pay(claim);
      if (credit.credited) amount += claim.amount;
    }
    const wallet = await ledger.memberWallet(db, member.id);
    return {
      success: true,
      amount: fromMinor(amount),
      wallet: {
        amount: fromMinor(wallet.cash + wallet.bonus),
        cash: fromMinor(wallet.cash),
        bonus: fromMinor(wallet.bonus),
      },
    };
  }

  /** POST /api/refund: the refund log, newest first. */
  async list(auth: AuthContext, page: number, limit: number): Promise<RefundListResponse> {
    const { total, rows } = await listClaims(this.deps.db, auth.memberId, page, limit);
    return {
      total,
      refunds: rows.map((r) => ({
        refundAmount: fromMinor(r.amount),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** GET /api/refund/banners. */
  async banners(locale: Locale): Promise<{ banners: Banner[] }> {
    const settings = await readSetting(this.deps.db, 'refund');
    return { banners: bannersIn(settings.banners, locale) };
  }

  /** The refund ready now: rounds before the running period that no claim has counted. */
  private async accrued(memberId: number): Promise<number> {
    const settings = await readSetting(this.deps.db, 'refund');
    if (!settings.isActive) return 0;
    const before = periodStart(this.deps.now(), settings.period);
    return rebate(await unrefundedTotals(this.deps.db, memberId, before), settings);
  }

  private async pay(claim: Awaited<ReturnType<typeof listUnpaidClaims>>[number]) {
    const { db, ledger } = this.deps;
    const credit = await ledger.credit(db, {
      source: 'refund',
      reference: String(claim.id),
      memberId: claim.memberId,
      amount: minor(claim.amount),
      currency: claim.currency,
      from: 'bonuses',
      into: 'cash',
      type: 'bonus',
      label: { from: 'REFUND', to: WALLET_ACCOUNT },
      description: { refund: { description: `#${claim.id}` } },
    });
    await markClaimPaid(db, claim.id, credit.transactionId);
    return credit;
  }
}
