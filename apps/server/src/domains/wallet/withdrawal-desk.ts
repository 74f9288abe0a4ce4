import type { BonusProgress } from '@wallet/contract/bonus';
import type { WithdrawalListResponse, WithdrawalReview } from '@wallet/contract/desk';
import { fromMinor } from '@wallet/contract/money';
import type { StaffPage } from '@wallet/contract/staff';
import type { MemberFlag } from '@wallet/contract/staff-members';
import type { AuditLog } from '../../core/audit/audit';
import type { Db } from '../../db/client';
import { numberFromInt8 } from '../../db/statement';
import { DomainError } from '../../lib/domain-error';
import { actorOf, type StaffContext, type StaffService } from '../staff/staff.service';
import type { PayoutOutbox } from './payout-outbox';
import {
  decideWithdrawalReview,
  listWithdrawalReviews,
  lockWithdrawalReview,
  type WithdrawalReviewRow,
  withdrawalReviewSummary,
} from './withdrawal.repository';
import type { WithdrawalService } from './withdrawal.service';

export type WithdrawalDeskDeps = {
  db: Db;
  audit: AuditLog;
  outbox: Pick<PayoutOutbox, 'add' | 'send'>;
  withdrawals: Pick<WithdrawalService, 'refund'>;
  /** The member's running bonus and its turnover (BonusService.runningOf). */
  bonusOf: (memberId: number) => Promise<BonusProgress | null>;
  /** What a human should look at about the member (MemberDesk.flagsOf). */
  flagsOf: (memberId: number) => Promise<MemberFlag[]>;
  staff: Pick<StaffService, 'requireFreshCode'>;
  now: () => Date;
};

const view = (row: WithdrawalReviewRow) => ({
  id: row.transactionId,
  memberId: row.memberId,
  amount: fromMinor(row.amount),
  currency: row.currency,
  status: row.status,
});

/**
 * Withdrawals that wait for staff (CONTRACT.md, docs/backoffice.md): the member's money is held
 * already; approving sends the payout to the provider once, rejecting gives the money back with
 * the reason on the member's statement. The decision is made once, under the review's lock.
 */
export class WithdrawalDesk {
  constructor(private readonly deps: WithdrawalDeskDeps) {}

  /** One page of the reviews in a state, and the whole state's figures for the header. */
  async list(
    status: string,
    page: StaffPage<'createdAt' | 'amount'>,
  ): Promise<WithdrawalListResponse> {
    const [rows, summary] = await Promise.all([
      listWithdrawalReviews(this.deps.db, status, page),
      withdrawalReviewSummary(this.deps.db, status),
    ]);
    const { bonusOf, flagsOf } = this.deps;
    const [bonuses, flags] = await Promise.all([
      Promise.all(rows.map((row) => bonusOf(row.review.memberId))),
      Promise.all(rows.map((row) => flagsOf(row.review.memberId))),
    ]);
    const withdrawals = rows.map(({ review, username, name, decidedBy, ...today }, i) => ({
      ...view(review),
      memberSince: today.memberSince.toISOString(),
      depositsToday: fromMinor(numberFromInt8(today.depositsToday)),
      withdrawalsToday: fromMinor(numberFromInt8(today.withdrawalsToday)),
      bonusRunning: bonuses[i]?.state === 'active',
      bonus: bonuses[i] ?? null,
      flags: flags[i] ?? [],
      status: review.status as WithdrawalReview['status'],
      username,
      name,
      bankCode: review.bankCode,
      bankAccountNo: review.bankAccountNo,
      createdAt: review.createdAt.toISOString(),
      decidedBy,
      reason: review.reason,
    }));
    const oldest = summary
      .map((row) => row.oldestAt)
      .filter((at): at is Date => at !== null)
      .sort((x, y) => x.getTime() - y.getTime())[0];
    return {
      withdrawals,
      total: summary.reduce((sum, row) => sum + row.count, 0),
      summary: {
        totals: summary.map((row) => ({
          currency: row.currency,
          count: row.count,
          amount: fromMinor(numberFromInt8(row.amount)),
        })),
        oldestAt: oldest ? oldest.toISOString() : null,
      },
    };
  }

  async approve(id: number, context: StaffContext, ip: string) {
    const { db, audit, outbox, now } = this.deps;
    this.deps.staff.requireFreshCode(context);
    const payout = await db.transaction(async (tx) => {
      const row = await lockWithdrawalReview(tx, id);
      if (!row) throw new DomainError('NO_DATA');
      if (row.status !== 'waiting') return null;
      await decideWithdrawalReview(tx, id, {
        status: 'approved',
        decidedBy: context.id,
        decidedAt: now(),
      });
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: 'withdrawal.approve',
          target: `withdrawal:${id}`,
          before: view(row),
          after: { ...view(row), status: 'approved' },
        },
        tx,
      );
      const approved = {
        ref: row.payoutRef,
        transactionId: id,
        memberId: row.memberId,
        amount: row.amount,
        currency: row.currency,
        bankCode: row.bankCode,
        accountNo: row.bankAccountNo,
      };
      await outbox.add(tx, approved);
      return approved;
    });
    if (payout === null) {
      const row = await lockWithdrawalReview(db, id);
      if (row?.status === 'approved') return { id, status: 'approved' as const };
      throw new DomainError('NO_DATA');
    }
    // Handed over once the decision is committed, once: a second approval finds it decided,
    // and a crash before the provider took it leaves it in the outbox for the sweep. An answer
    // the provider never gives leaves the withdrawal processing, never refunded on a guess.
    await outbox.send(payout);
    return { id, status: 'approved' as const };
  }

  async reject(id: number, reason: string, context: StaffContext, ip: string) {
    const { db, audit, now } = this.deps;
    return db.transaction(async (tx) => {
      const row = await lockWithdrawalReview(tx, id);
      if (!row || row.status === 'approved') throw new DomainError('NO_DATA');
      if (row.status === 'rejected') return { id, status: 'rejected' as const };
      await decideWithdrawalReview(tx, id, {
        status: 'rejected',
        decidedBy: context.id,
        decidedAt: now(),
        reason,
      });
      await this.deps.withdrawals.refund(tx, id, reason);
      await audit.append(
        {
          actor: actorOf(context),
          ip,
          action: 'withdrawal.reject',
          target: `withdrawal:${id}`,
          reason,
          before: view(row),
          after: { ...view(row), status: 'rejected' },
        },
        tx,
      );
      return { id, status: 'rejected' as const };
    });
  }
}
