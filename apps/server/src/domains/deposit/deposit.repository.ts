import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransfers, depositAccounts, members, truemoneyAccounts } from '../../db/schema';

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

export async function memberCurrency(db: Db, memberId: number): Promise<string> {
  const [row] = await db
    .select({ currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) throw new Error(`no member ${memberId}`);
  return row.currency;
}

/** The member whose registered bank account this is (one at most: members_bank_account_key). */
export async function memberByBankAccount(db: Db, bankCode: string, accountNo: string) {
  const [row] = await db
    .select({ id: members.id, currency: members.currency })
    .from(members)
    .where(and(eq(members.bankCode, bankCode), eq(members.bankAccountNo, accountNo)));
  return row ?? null;
}

/** Records a reported transfer; a reference reported before is left as it was. */
export async function recordBankTransfer(
  db: Db,
  transfer: { reference: string; bankCode: string; accountNo: string; amount: number },
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

/** Transfers that matched no member, newest first: the operator's list to look into. */
export async function listUnmatchedBankTransfers(db: Db, limit: number) {
  return db
    .select({
      reference: bankTransfers.reference,
      bankCode: bankTransfers.bankCode,
      accountNo: bankTransfers.accountNo,
      amount: bankTransfers.amount,
      receivedAt: bankTransfers.receivedAt,
    })
    .from(bankTransfers)
    .where(isNull(bankTransfers.memberId))
    .orderBy(sql`${bankTransfers.receivedAt} desc`)
    .limit(limit);
}
