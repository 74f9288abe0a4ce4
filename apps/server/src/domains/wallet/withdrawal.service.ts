import { randomUUID } from 'node:crypto';
import { type Currency, currencyCountry } from '@wallet/contract/constants';
import { fromMinor, type Minor } from '@wallet/contract/money';
import { WALLET_ACCOUNT, withdrawSchema } from '@wallet/contract/wallet';
import type { IdempotencyTicket } from '../../core/idempotency/idempotency';
import type { Ledger, MemberWallet } from '../../core/ledger/ledger';
import type { AmountLimits } from '../../core/settings/amount-limits';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { MemberMoneyInfo } from '../games/games.service';
import type { PayoutOutbox } from './payout-outbox';
import { insertWithdrawalReview, waitingAmong } from './withdrawal.repository';

export type WithdrawalServiceDeps = {
  db: Db;
  ledger: Ledger;
  /** Hands payouts to the payout provider, once the money is held. */
  outbox: Pick<PayoutOutbox, 'add' | 'send'>;
  /** Whether a paid bonus runs (BonusService.paidBonusRunning): it blocks withdrawal. */
  bonusRunning: (memberId: number) => Promise<boolean>;
  /** The withdraw limits of each currency (issue 30). */
  limits: AmountLimits;
  /** The country of a bank (LookupService.bankCountry). */
  bankCountry: (code: string) => Promise<string | null>;
};

/**
 * Withdrawals (docs/decisions/0030-ledger.md, Withdrawals): the amount leaves the cash wallet
 * for pending_withdrawal at once and shows as processing; the payout bank's outcome settles
 * it exactly once, to the operator's payouts account or back to the cash wallet.
 */
export class WithdrawalService {
  constructor(private readonly deps: WithdrawalServiceDeps) {}

  /** `ticket`: the request's key, recorded by the posting (docs/decisions/0036). */
  async withdraw(
    member: MemberMoneyInfo,
    amount: Minor,
    ticket?: IdempotencyTicket,
  ): Promise<{ status: 'processing'; amount: Minor; wallet?: MemberWallet | undefined }> {
    const { db, ledger } = this.deps;
    // The limits of the member's currency (issue 30): a kip amount against kip limits.
    const limits = await this.deps.limits.of(member.currency);
    const checked = withdrawSchema({
      withdrawMin: fromMinor(limits.withdrawMin),
      withdrawMax: fromMinor(limits.withdrawMax),
    }).safeParse({ amount: fromMinor(amount) });
    if (!checked.success) throw new DomainError('KEY_INVALID', { field: 'amount' });
    if (!member.bankAccountNo) throw new DomainError('NO_BANK');
    // A payout is never sent to an account in another currency (issue 30): registration refuses
    // such a bank, and a member registered before that rule is stopped here, before money moves.
    const country = await this.deps.bankCountry(member.bankCode);
    if (country !== currencyCountry[member.currency as Currency]) {
      throw new DomainError('BANK_CURRENCY_MISMATCH', { field: 'bankCode' });
    }
    // The spec's states and the issue: no withdrawal while a bonus runs.
    if (await this.deps.bonusRunning(member.id)) throw new DomainError('BONUS_CONDITION');

    const [cash, pending] = await Promise.all([
      ledger.memberAccount(member.id, 'cash', member.currency),
      ledger.memberAccount(member.id, 'pending_withdrawal', member.currency),
    ]);
    const ref = `W${randomUUID().replaceAll('-', '')}`;
    const payout = {
      ref,
      memberId: member.id,
      amount,
      currency: member.currency,
      bankCode: member.bankCode,
      accountNo: member.bankAccountNo,
    };
    const posting = (tx: Db) =>
      ledger.open(
        tx,
        {
          memberId: member.id,
          type: 'withdraw',
          status: 'processing',
          from: WALLET_ACCOUNT,
          to: member.bankCode,
          amount,
          currency: member.currency,
          providerRef: ref,
        },
        [
          { accountId: cash, amount: -amount },
          { accountId: pending, amount },
        ],
        { claim: ticket },
      );
    // CONTRACT.md: above the currency's threshold the money is held and the payout waits for
    // staff (withdrawal-desk.ts), recorded with the hold in one transaction.
    if (amount > limits.withdrawApprovalAbove) {
      const opened = await db.transaction(async (tx) => {
        const held = await posting(tx);
        await insertWithdrawalReview(tx, {
          transactionId: held.id,
          memberId: member.id,
          amount,
          currency: member.currency,
          bankCode: member.bankCode,
          bankAccountNo: member.bankAccountNo,
          payoutRef: ref,
        });
        return held;
      });
      return { status: 'processing', amount, wallet: opened.wallet };
    }
    // The payout is handed over after the money is held; its outcome arrives through settle.
    const { outbox } = this.deps;
    const opened = await db.transaction(async (tx) => {
      const held = await posting(tx);
      await outbox.add(tx, { ...payout, transactionId: held.id });
      return held;
    });
    await outbox.send({ ...payout, transactionId: opened.id });
    return { status: 'processing', amount, wallet: opened.wallet };
  }

  /**
   * Gives a withdrawal staff refused back to the cash wallet, inside the decision's transaction
   * `tx`, with the reason on the member's statement.
   */
  async refund(tx: Db, transactionId: number, reason: string): Promise<void> {
    const { ledger } = this.deps;
    const row = await ledger.transaction(tx, transactionId);
    if (row?.type !== 'withdraw' || row.memberId === null) throw new DomainError('NO_DATA');
    const [cash, pending] = await Promise.all([
      ledger.memberAccount(row.memberId, 'cash', row.currency),
      ledger.memberAccount(row.memberId, 'pending_withdrawal', row.currency),
    ]);
    const settled = await ledger.settle(tx, row.id, 'failed', [
      { accountId: pending, amount: -row.amount },
      { accountId: cash, amount: row.amount },
    ]);
    if (!settled.settled) throw new DomainError('NO_DATA');
    await ledger.describe(tx, row.id, { reason: { description: reason } });
  }

  /** The payout bank's outcome for one withdrawal; answers whether this call settled it. */
  async settle(transactionId: number, status: 'success' | 'failed'): Promise<boolean> {
    const { db, ledger } = this.deps;
    const row = await ledger.transaction(db, transactionId);
    if (row?.type !== 'withdraw' || row.memberId === null) return false;
    const [cash, pending, payouts] = await Promise.all([
      ledger.memberAccount(row.memberId, 'cash', row.currency),
      ledger.memberAccount(row.memberId, 'pending_withdrawal', row.currency),
      ledger.operatorAccount('payouts', row.currency),
    ]);
    const settle = await ledger.settle(db, row.id, status, [
      { accountId: pending, amount: -row.amount },
      { accountId: status === 'success' ? payouts : cash, amount: row.amount },
    ]);
    return settle.settled;
  }

  /**
   * Every withdrawal of a member the payout bank has (the sandbox payout bank's settle call):
   * not those still waiting for staff, which the bank has not seen.
   */
  async settleAll(memberId: number, status: 'success' | 'failed'): Promise<number> {
    const pending = await this.deps.ledger.processing(this.deps.db, 'withdraw', { memberId });
    const waiting = await waitingAmong(
      this.deps.db,
      pending.map((row) => row.id),
    );
    let settled = 0;
    for (const row of pending) {
      if (!waiting.has(row.id) && (await this.settle(row.id, status))) settled += 1;
    }
    return settled;
  }
}
