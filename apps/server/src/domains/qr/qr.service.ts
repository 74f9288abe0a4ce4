import { randomUUID } from 'node:crypto';
import type { QrProvider } from '@wallet/contract/constants';
import { type QrcodeState, qrMaximum, qrMinimum } from '@wallet/contract/deposit';
import { fromMinor, minor, toMinor } from '@wallet/contract/money';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import QRCode from 'qrcode';
import { fingerprint, type Idempotency } from '../../core/idempotency/idempotency';
import type { Ledger } from '../../core/ledger/ledger';
import { type AmountLimits, qrLimitsOf } from '../../core/settings/amount-limits';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import type { ProviderMeters } from '../../lib/metrics';
import { callProvider } from '../../providers/games/game-provider';
import type { QrCallbackSecrets } from '../../providers/payments/callback-secrets';
import type { PaidReport, QrPaymentProvider } from '../../providers/payments/qr-payment-provider';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.service';
import type { DepositRewards } from '../rewards/deposit-rewards';
import {
  type CallbackOutcome,
  cancelQr,
  expireQrs,
  findLiveQr,
  findQr,
  findQrMerchant,
  insertQr,
  linkQrTransaction,
  listPaidUncredited,
  markQrPaid,
  type QrCodeRow,
  recordCallback,
} from './qr.repository';

export type QrServiceDeps = {
  db: Db;
  ledger: Ledger;
  idempotency: Idempotency;
  member: (memberId: number) => Promise<MemberMoneyInfo>;
  providers: ReadonlyMap<QrProvider, QrPaymentProvider>;
  /** The secrets each provider's callbacks may be signed with now (issue 33: rotations). */
  callbackSecrets: Pick<QrCallbackSecrets, 'accepted'>;
  counters: CounterStore;
  /** How long a QR can be paid. */
  lifetimeSeconds: number;
  attemptsPerHour: number;
  /** The QR minimums and largest deposit of each currency (issue 30; PAYTIMZ_MINIMUM in it). */
  limits: AmountLimits;
  providerTimeoutMs: number;
  /** Each provider call's outcome and duration (the metrics). */
  meters?: ProviderMeters;
  rewards: DepositRewards;
  /** Whether a paid bonus runs: it must end before the next deposit (BONUS_REMAINING). */
  bonusRunning: (memberId: number) => Promise<boolean>;
  log: Log;
};

/**
 * QR deposits through payment providers (the spec's states, validation rules and calls; docs/decisions/0042).
 * A member holds at most one live QR per provider. The provider's signed paid callback moves a
 * live, unexpired QR to `paid` by one conditional update — so a pay racing a cancel or the
 * expiry has one winner — and the QR is credited once (Ledger.credit, source `qr`, reference
 * the QR's id). Every callback is recorded with what became of it.
 */
export class QrService {
  constructor(private readonly deps: QrServiceDeps) {}

  /** GET /api/qrcode/{provider}: the member's live QR there, if any. */
  async current(auth: AuthContext, provider: QrProvider): Promise<QrcodeState> {
    const live = await findLiveQr(this.deps.db, auth.memberId, provider);
    return live ? stateOf(live) : { hasQrcode: false };
  }

  /**
   * POST /api/qrcode/{provider} under the request's Idempotency-Key. Below the provider's minimum
   * is QR_FAIL on `amount`; a provider that says no answers `hasQrcode: false` with its message;
   * a provider that does not answer is QR_FAIL. A member who already holds a live QR there gets
   * that one back.
   */
  create(
    auth: AuthContext,
    key: string | undefined,
    provider: QrProvider,
    amount: number,
  ): Promise<QrcodeState> {
    const request = { provider, amount };
    return this.deps.idempotency.run(
      auth.memberId,
      key,
      { hash: fingerprint('qrcode', request), request },
      () => this.issue(auth.memberId, provider, toMinor(amount)),
    );
  }

  private async issue(memberId: number, provider: QrProvider, amount: number) {
    const { db, counters, log } = this.deps;
    // The provider's minimum and maximum, within the largest deposit of the member's currency
    // (issues 30 and 33): an absurd amount is refused before a provider is asked.
    const member = await this.deps.member(memberId);
    const limits = qrLimitsOf(await this.deps.limits.of(member.currency));
    if (
      amount < toMinor(qrMinimum(provider, limits)) ||
      amount > toMinor(qrMaximum(provider, limits))
    ) {
      throw new DomainError('QR_FAIL', { status: 400, field: 'amount' });
    }
    await spendOne(
      counters,
      `qr:${memberId}`,
      3_600_000,
      this.deps.attemptsPerHour,
      'REQUEST_LIMIT',
    );
    if (await this.deps.bonusRunning(memberId)) throw new DomainError('BONUS_REMAINING');
    const adapter = this.deps.providers.get(provider);
    const merchant = adapter ? await findQrMerchant(db, provider, member.currency) : null;
    if (!adapter || !merchant) throw new DomainError('QR_FAIL');

    await expireQrs(db, { memberId });
    const held = await findLiveQr(db, memberId, provider);
    if (held) return stateOf(held);

    const id = randomUUID();
    const expiresAt = new Date(Date.now() + this.deps.lifetimeSeconds * 1000);
    const outcome = await callProvider(
      this.deps.providerTimeoutMs,
      (deadline) =>
        adapter.create(
          { reference: id, amount, merchantId: merchant.accountNo, expiresAt },
          deadline,
        ),
      this.deps.meters?.meter('qr', provider),
    );
    if (outcome.kind === 'refused') {
      log.warn({ provider, err: outcome.error }, 'QR refused by the provider');
      return {
        hasQrcode: false as const,
        message: outcome.error.message,
        code: 'QR_FAIL' as const,
      };
    }
    if (outcome.kind === 'unknown') {
      // Nothing was stored: a QR the provider may have made cannot be paid into this wallet.
      log.warn({ provider, err: outcome.error }, 'QR provider did not answer');
      throw new DomainError('QR_FAIL');
    }
    const qr = {
      id,
      provider,
      memberId,
      amount,
      currency: member.currency,
      payload: outcome.value.payload,
      providerRef: outcome.value.providerRef,
      expiresAt,
    };
    if (!(await insertQr(db, qr))) {
      // Another request of this member made one at the same time: that one stands.
      const winner = await findLiveQr(db, memberId, provider);
      if (winner) return stateOf(winner);
      throw new DomainError('QR_FAIL');
    }
    return stateOf({ ...qr, expiresAt });
  }

  /** DELETE /api/qrcode/{qrcodeId}: only the member's own live QR; anything else is NO_DATA. */
  async cancel(auth: AuthContext, qrcodeId: string): Promise<{ success: true }> {
    const cancelled = await cancelQr(this.deps.db, qrcodeId, auth.memberId);
    if (!cancelled) throw new DomainError('NO_DATA');
    const adapter = this.deps.providers.get(cancelled.provider as QrProvider);
    if (adapter) {
      // Telling the provider is a courtesy: a payment it still reports is late and credits nothing.
      const told = await callProvider(
        this.deps.providerTimeoutMs,
        (deadline) => adapter.cancel(cancelled.providerRef, deadline),
        this.deps.meters?.meter('qr', adapter.code),
      );
      if (told.kind !== 'ok') {
        this.deps.log.warn(
          { qrcodeId, err: told.error },
          'QR cancel not confirmed by the provider',
        );
      }
    }
    return { success: true };
  }

  /**
   * A provider's paid callback. `null` when the signature does not verify (or the provider is
   * unknown): the caller answers both alike. A verified report credits once when it is for a live,
   * unexpired QR of that provider and its exact amount; otherwise it credits nothing and is
   * recorded (and logged) for the operator.
   */
  async receiveCallback(
    provider: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<CallbackOutcome | null> {
    const { db, log } = this.deps;
    const adapter = this.deps.providers.get(provider as QrProvider);
    const secrets = adapter ? await this.deps.callbackSecrets.accepted(adapter.code) : [];
    const report = adapter?.readCallback(raw, headers, secrets) ?? null;
    if (!adapter || !report) {
      log.warn({ provider }, 'QR callback with a bad signature: ignored');
      return null;
    }
    const outcome = await this.settlePaid(adapter.code, report);
    await recordCallback(db, {
      provider: adapter.code,
      qrcodeId: report.reference,
      paymentId: report.paymentId,
      amount: report.amount,
      outcome,
    });
    const entry = { provider: adapter.code, qrcodeId: report.reference, outcome };
    if (outcome === 'credited' || outcome === 'replayed') log.info(entry, 'QR callback');
    else log.warn(entry, 'QR callback credited nothing');
    return outcome;
  }

  private async settlePaid(provider: QrProvider, report: PaidReport): Promise<CallbackOutcome> {
    const { db } = this.deps;
    const qr = await findQr(db, report.reference);
    if (!qr || qr.provider !== provider) return 'unknown_qr';
    // Paid in full for the exact amount (the spec's validation rules), or not at all.
    if (report.amount !== qr.amount) return 'amount_mismatch';
    const paid = await markQrPaid(db, qr.id);
    if (paid) {
      await this.credit(paid);
      return 'credited';
    }
    if (qr.state !== 'paid') return 'late';
    // A repeat: the credit is made if a process died before making it, else nothing moves.
    await this.credit(qr);
    return 'replayed';
  }

  private async credit(qr: QrCodeRow): Promise<void> {
    const { db, ledger } = this.deps;
    const credit = await ledger.credit(db, {
      source: 'qr',
      reference: qr.id,
      memberId: qr.memberId,
      amount: minor(qr.amount),
      currency: qr.currency,
      from: 'deposits',
      into: 'cash',
      type: 'deposit',
      label: { from: qr.provider, to: WALLET_ACCOUNT },
    });
    await linkQrTransaction(db, qr.id, credit.transactionId);
    await this.deps.rewards.earned({ ...credit, currency: qr.currency });
  }

  /**
   * The QR job (run every reconcile interval by one process): live QRs past their time become
   * expired, and a paid QR whose process died before its credit is credited.
   */
  async sweep(): Promise<{ expired: number; credited: number }> {
    const { db, log } = this.deps;
    const expired = await expireQrs(db);
    let credited = 0;
    for (const qr of await listPaidUncredited(db)) {
      try {
        await this.credit(qr);
        credited += 1;
      } catch (error) {
        log.error({ err: error, qrcodeId: qr.id }, 'paid QR not credited');
      }
    }
    return { expired: expired.length, credited };
  }

  /** The sandbox's pay call: the QR's provider, to send its signed callback. */
  async find(qrcodeId: string): Promise<QrCodeRow | null> {
    return findQr(this.deps.db, qrcodeId);
  }
}

/** The image is rendered on each read from the stored payload: a data URL for an <img>. */
async function stateOf(qr: Pick<QrCodeRow, 'id' | 'payload' | 'amount' | 'expiresAt'>) {
  return {
    hasQrcode: true as const,
    qrcodeId: qr.id,
    qrcode: await QRCode.toDataURL(qr.payload, { margin: 2, width: 320 }),
    amount: fromMinor(qr.amount),
    expireIn: Math.max(0, Math.floor((qr.expiresAt.getTime() - Date.now()) / 1000)),
  };
}
