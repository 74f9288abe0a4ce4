import { fromMinor } from '@wallet/contract/money';
import type { MemberActivity as Activity } from '@wallet/contract/staff-members';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { SlipService } from '../slip/slip.service';
import { memberCurrency } from './desk.repository';
import {
  callbacksOf,
  invitedBy,
  memberBankTransfers,
  memberBonusTakes,
  memberGiftLinks,
  memberInviteRewards,
  memberQrCodes,
  memberRefunds,
  memberSpins,
} from './member-activity.repository';

const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const money = (amount: number | null) => fromMinor(amount ?? 0);

/** A gift link's code, its ends only: the whole code is money to whoever has it. */
export const maskGiftCode = (code: string) =>
  code.length <= 8 ? '…' : `${code.slice(0, 4)}…${code.slice(-4)}`;

/**
 * Where a member's money came from and what they took (docs/backoffice.md, "Members"): each
 * deposit channel's own records with what its outside system said, bonuses, refunds, invite
 * rewards, spins and coupons. A read of records each domain writes; it changes nothing.
 */
export class MemberActivity {
  constructor(private readonly deps: { db: Db; slips: Pick<SlipService, 'ofMember'> }) {}

  async of(memberId: number): Promise<Activity> {
    const { db, slips } = this.deps;
    const currency = await memberCurrency(db, memberId);
    if (currency === null) throw new DomainError('NO_USER');
    const [bank, qr, gifts, slipList, takes, refunds, rewards, invited, spun] = await Promise.all([
      memberBankTransfers(db, memberId),
      memberQrCodes(db, memberId),
      memberGiftLinks(db, memberId),
      slips.ofMember(memberId),
      memberBonusTakes(db, memberId),
      memberRefunds(db, memberId),
      memberInviteRewards(db, memberId),
      invitedBy(db, memberId),
      memberSpins(db, memberId),
    ]);
    const callbacks = await callbacksOf(
      db,
      qr.map((code) => code.id),
    );
    return {
      currency,
      bankTransfers: bank.map((row) => ({
        ...row,
        amount: money(row.amount),
        receivedAt: row.receivedAt.toISOString(),
        refundedAt: iso(row.refundedAt),
      })),
      qrCodes: qr.map((code) => ({
        id: code.id,
        provider: code.provider,
        amount: money(code.amount),
        state: code.state,
        createdAt: code.createdAt.toISOString(),
        expiresAt: code.expiresAt.toISOString(),
        settledAt: iso(code.settledAt),
        callbacks: callbacks
          .filter((callback) => callback.qrcodeId === code.id)
          .map((callback) => ({
            outcome: callback.outcome,
            paymentId: callback.paymentId,
            amount: callback.amount === null ? null : fromMinor(callback.amount),
            receivedAt: callback.receivedAt.toISOString(),
          })),
      })),
      giftLinks: gifts.map((gift) => ({
        code: maskGiftCode(gift.code),
        amount: money(gift.amount),
        state: gift.state,
        createdAt: gift.createdAt.toISOString(),
      })),
      slips: slipList,
      bonuses: takes.map((take) => ({
        code: take.code,
        state: take.state,
        deposit: money(take.deposit),
        bonus: money(take.bonus),
        turnoverTarget: money(take.turnoverTarget),
        createdAt: take.createdAt.toISOString(),
        endedAt: iso(take.endedAt),
      })),
      refunds: refunds.map((refund) => ({
        amount: money(refund.amount),
        createdAt: refund.createdAt.toISOString(),
        paidAt: iso(refund.paidAt),
      })),
      inviteRewards: rewards.map((reward) => ({
        amount: money(reward.amount),
        createdAt: reward.createdAt.toISOString(),
      })),
      invited: invited.map((friend) => ({ ...friend, createdAt: friend.createdAt.toISOString() })),
      spins: spun.map((spin) => ({
        slice: spin.slice,
        createdAt: spin.createdAt.toISOString(),
        coupon:
          spin.couponKind === null
            ? null
            : {
                kind: spin.couponKind,
                amount: money(spin.couponAmount),
                state: String(spin.couponState),
                expiresAt: String(iso(spin.couponExpiresAt)),
              },
      })),
    };
  }
}
