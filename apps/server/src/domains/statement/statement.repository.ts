import { statementTypes } from '@wallet/contract/statement';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerTransactions } from '../../db/schema';

/** The member's movements that the statement shows (game results are not statement rows). */
function ofMember(memberId: number) {
  return and(
    eq(ledgerTransactions.memberId, memberId),
    inArray(ledgerTransactions.type, [...statementTypes, 'adjustment']),
  );
}

export async function countStatement(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ledgerTransactions).where(ofMember(memberId));
  return row?.n ?? 0;
}

export async function listStatement(db: Db, memberId: number, offset: number, limit: number) {
  return db
    .select({
      id: ledgerTransactions.id,
      type: ledgerTransactions.type,
      status: ledgerTransactions.status,
      from: ledgerTransactions.fromAccount,
      to: ledgerTransactions.toAccount,
      amount: ledgerTransactions.amount,
      description: ledgerTransactions.description,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(ofMember(memberId))
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .offset(offset)
    .limit(limit);
}
