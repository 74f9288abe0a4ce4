import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankTransfers,
  bonuses,
  coupons,
  giftLinks,
  inviteCollections,
  memberBonuses,
  members,
  outsideCredits,
  qrCallbacks,
  qrCodes,
  refundClaims,
  spinSlices,
  spins,
} from '../../db/schema';

/** The latest rows of each record a member's page shows. */
const LATEST = 20;

/** Bank transfers matched to the member, with the transaction each was credited by. */
export function memberBankTransfers(db: Db, memberId: number) {
  return db
    .select({
      reference: bankTransfers.reference,
      bankCode: bankTransfers.bankCode,
      accountNo: bankTransfers.accountNo,
      amount: bankTransfers.amount,
      receivedAt: bankTransfers.receivedAt,
      refundedAt: bankTransfers.refundedAt,
      refundNote: bankTransfers.refundNote,
      transactionId: outsideCredits.transactionId,
    })
    .from(bankTransfers)
    .leftJoin(
      outsideCredits,
      and(eq(outsideCredits.source, 'bank'), eq(outsideCredits.reference, bankTransfers.reference)),
    )
    .where(eq(bankTransfers.memberId, memberId))
    .orderBy(desc(bankTransfers.receivedAt))
    .limit(LATEST);
}

export function memberQrCodes(db: Db, memberId: number) {
  return db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.memberId, memberId))
    .orderBy(desc(qrCodes.createdAt))
    .limit(LATEST);
}

/** What the providers called back with for these QR codes, oldest first. */
export function callbacksOf(db: Db, qrcodeIds: string[]) {
  if (qrcodeIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(qrCallbacks)
    .where(inArray(qrCallbacks.qrcodeId, qrcodeIds))
    .orderBy(asc(qrCallbacks.receivedAt), asc(qrCallbacks.id));
}

export function memberGiftLinks(db: Db, memberId: number) {
  return db
    .select({
      code: giftLinks.code,
      amount: giftLinks.amount,
      state: giftLinks.state,
      createdAt: giftLinks.createdAt,
    })
    .from(giftLinks)
    .where(eq(giftLinks.memberId, memberId))
    .orderBy(desc(giftLinks.createdAt))
    .limit(LATEST);
}

export function memberBonusTakes(db: Db, memberId: number) {
  return db
    .select({
      code: bonuses.code,
      state: memberBonuses.state,
      deposit: memberBonuses.depositAmount,
      bonus: memberBonuses.bonusAmount,
      turnoverTarget: memberBonuses.turnoverTarget,
      createdAt: memberBonuses.createdAt,
      endedAt: memberBonuses.endedAt,
    })
    .from(memberBonuses)
    .innerJoin(bonuses, eq(bonuses.code, memberBonuses.bonusCode))
    .where(eq(memberBonuses.memberId, memberId))
    .orderBy(desc(memberBonuses.createdAt), desc(memberBonuses.id))
    .limit(LATEST);
}

export function memberRefunds(db: Db, memberId: number) {
  return db
    .select({
      amount: refundClaims.amount,
      createdAt: refundClaims.createdAt,
      paidAt: refundClaims.paidAt,
    })
    .from(refundClaims)
    .where(eq(refundClaims.memberId, memberId))
    .orderBy(desc(refundClaims.createdAt), desc(refundClaims.id))
    .limit(LATEST);
}

export function memberInviteRewards(db: Db, memberId: number) {
  return db
    .select({ amount: inviteCollections.amount, createdAt: inviteCollections.createdAt })
    .from(inviteCollections)
    .where(eq(inviteCollections.memberId, memberId))
    .orderBy(desc(inviteCollections.createdAt), desc(inviteCollections.id))
    .limit(LATEST);
}

/** The members this one invited (their invite code at registration). */
export function invitedBy(db: Db, memberId: number) {
  return db
    .select({ id: members.id, username: members.username, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.inviterId, memberId))
    .orderBy(desc(members.createdAt))
    .limit(LATEST);
}

/** The member's spins, each with its slice and the coupon it won, if any. */
export function memberSpins(db: Db, memberId: number) {
  return db
    .select({
      slice: spinSlices.label,
      createdAt: spins.createdAt,
      couponKind: coupons.kind,
      couponAmount: coupons.amount,
      couponState: coupons.state,
      couponExpiresAt: coupons.expiresAt,
    })
    .from(spins)
    .innerJoin(spinSlices, eq(spinSlices.id, spins.sliceId))
    .leftJoin(coupons, eq(coupons.spinId, spins.id))
    .where(eq(spins.memberId, memberId))
    .orderBy(desc(spins.createdAt), desc(spins.id))
    .limit(LATEST);
}
