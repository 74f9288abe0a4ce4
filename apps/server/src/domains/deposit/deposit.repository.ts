import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransfers, depositAccounts, giftLinks, truemoneyAccounts } from '../../db/schema';

/** The operator's active receiving accounts in one currency, in the operator's order. */
export async function listDepositAccounts(db: Db, currency: string) {
  return db
    .select({
      bankCode: depositAccounts.bankCode,
      bankType: depositAccounts.bankType,
      mode: depositAccounts.mode,
      nameTH: depositAccounts.nameTh,
      nameEN: depositAccounts.nameEn,
      accountName: depositAccounts.accountName,
      accountNo: depositAccounts.accountNo,
      currency: depositAccounts.currency,
    })
    .from(depositAccounts)
    .where(and(eq(depositAccounts.active, true), eq(depositAccounts.currency, currency)))
    .orderBy(asc(depositAccounts.sortOrder), asc(depositAccounts.id));
}

export async function listTruemoneyAccounts(db: Db) {
  return db
    .select({ mode: truemoneyAccounts.mode, phone: truemoneyAccounts.phone })
    .from(truemoneyAccounts)
    .where(eq(truemoneyAccounts.active, true))
    .orderBy(asc(truemoneyAccounts.sortOrder), asc(truemoneyAccounts.id));
}

/**
 * The operator's bank account (not a QR provider's) of that number, active or not: a transfer
 * into it is money in its currency whatever the lookup shows today.
 */
export async function findReceivingAccount(db: Db, accountNo: string) {
  const [row] = await db
    .select({
      accountNo: depositAccounts.accountNo,
      currency: depositAccounts.currency,
      bankCode: depositAccounts.bankCode,
    })
    .from(depositAccounts)
    .where(and(eq(depositAccounts.accountNo, accountNo), eq(depositAccounts.bankType, 'BANK')))
    .orderBy(asc(depositAccounts.id))
    .limit(1);
  return row ?? null;
}

/** Records a reported transfer; a reference reported before is left as it was. */
export async function recordBankTransfer(
  db: Db,
  transfer: {
    reference: string;
    bankCode: string;
    accountNo: string;
    amount: number;
    toAccountNo: string;
    currency: string;
  },
): Promise<void> {
  await db.insert(bankTransfers).values(transfer).onConflictDoNothing();
}

/** Links a recorded transfer to the member it was credited to and the credit's transaction. */
export async function markBankTransferCredited(
  db: Db,
  reference: string,
  credit: { memberId: number; transactionId: number },
): Promise<void> {
  await db
    .update(bankTransfers)
    .set(credit)
    .where(and(eq(bankTransfers.reference, reference), isNull(bankTransfers.transactionId)));
}

export async function findBankTransfer(db: Db, reference: string) {
  const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.reference, reference));
  return row ?? null;
}

/** Marks a kept transfer sent back: true when it was still credited to no one and not refunded. */
export async function markBankTransferRefunded(
  db: Db,
  reference: string,
  note: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(bankTransfers)
    .set({ refundedAt: at, refundNote: note })
    .where(
      and(
        eq(bankTransfers.reference, reference),
        isNull(bankTransfers.memberId),
        isNull(bankTransfers.refundedAt),
      ),
    )
    .returning({ reference: bankTransfers.reference });
  return rows.length === 1;
}

/** Transfers that matched no member and were not sent back, newest first: the operator's list. */
export async function listUnmatchedBankTransfers(db: Db, limit: number) {
  return db
    .select({
      reference: bankTransfers.reference,
      bankCode: bankTransfers.bankCode,
      accountNo: bankTransfers.accountNo,
      amount: bankTransfers.amount,
      toAccountNo: bankTransfers.toAccountNo,
      currency: bankTransfers.currency,
      receivedAt: bankTransfers.receivedAt,
    })
    .from(bankTransfers)
    .where(and(isNull(bankTransfers.memberId), isNull(bankTransfers.refundedAt)))
    .orderBy(sql`${bankTransfers.receivedAt} desc`)
    .limit(limit);
}

/** Claims a gift link for a member before it is redeemed: false when it was claimed before. */
export async function claimGiftLink(
  db: Db,
  claim: { code: string; memberId: number; amount: number; claimedBy: string },
): Promise<boolean> {
  const inserted = await db
    .insert(giftLinks)
    .values({ ...claim, state: 'redeeming' })
    .onConflictDoNothing()
    .returning({ code: giftLinks.code });
  return inserted.length > 0;
}

export async function findGiftLink(db: Db, code: string) {
  const [row] = await db.select().from(giftLinks).where(eq(giftLinks.code, code));
  return row ?? null;
}

/** Gives up a claim whose link TrueMoney refused to redeem: nothing was moved. */
export async function releaseGiftLink(db: Db, code: string): Promise<void> {
  await db.delete(giftLinks).where(and(eq(giftLinks.code, code), eq(giftLinks.state, 'redeeming')));
}

export async function markGiftLinkCredited(db: Db, code: string): Promise<void> {
  await db.update(giftLinks).set({ state: 'credited' }).where(eq(giftLinks.code, code));
}

/** Claims still redeeming after `olderThanMs`: requests that died between claim and credit. */
export async function listStaleGiftLinks(db: Db, olderThanMs: number) {
  return db
    .select({ code: giftLinks.code, memberId: giftLinks.memberId, amount: giftLinks.amount })
    .from(giftLinks)
    .where(
      and(
        eq(giftLinks.state, 'redeeming'),
        lt(giftLinks.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(giftLinks.createdAt))
    .limit(100);
}
