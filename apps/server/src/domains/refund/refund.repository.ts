import { and, count, desc, eq, isNull, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameRounds, refundClaims } from '../../db/schema';
import { nextId } from '../../db/statement';
import { type RoundTotals, totalsOf } from '../rewards/rebate';

/** The member's rounds played before `before` that no refund has counted yet. */
export async function unrefundedTotals(
  db: Db,
  memberId: number,
  before: Date,
): Promise<RoundTotals> {
  const rounds = await db
    .select({ bet: gameRounds.bet, win: gameRounds.win })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.memberId, memberId),
        isNull(gameRounds.refundClaimId),
        lt(gameRounds.playedAt, before),
      ),
    );
  return totalsOf(rounds);
}

/**
 * Counts the member's unrefunded rounds before `before` into a new claim of the amount `price`
 * gives them, in one transaction: the rounds are taken by a conditional update, so two receives
 * at once count each round once. Nothing is written when the amount is 0 (answered as null).
 */
export async function claimRefund(
  db: Db,
  member: { id: number; currency: string },
  before: Date,
  price: (totals: RoundTotals) => number,
): Promise<{ id: number; amount: number } | null> {
  return db
    .transaction(async (tx) => {
      const id = await nextId(tx, 'refund_claims');
      const taken = await tx
        .update(gameRounds)
        .set({ refundClaimId: id })
        .where(
          and(
            eq(gameRounds.memberId, member.id),
            isNull(gameRounds.refundClaimId),
            lt(gameRounds.playedAt, before),
          ),
        )
        .returning({ bet: gameRounds.bet, win: gameRounds.win });
      const amount = price(totalsOf(taken));
      if (amount <= 0) {
        tx.rollback();
        return null;
      }
      await tx
        .insert(refundClaims)
        .values({ id, memberId: member.id, amount, currency: member.currency });
      return { id, amount };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}

/** Received refunds not yet in the wallet, oldest first. */
export async function listUnpaidClaims(db: Db, memberId?: number) {
  return db
    .select()
    .from(refundClaims)
    .where(
      and(
        isNull(refundClaims.transactionId),
        memberId === undefined ? undefined : eq(refundClaims.memberId, memberId),
      ),
    )
    .orderBy(refundClaims.id)
    .limit(200);
}

export async function markClaimPaid(db: Db, id: number, transactionId: number) {
  await db
    .update(refundClaims)
    .set({ transactionId, paidAt: sql`now()` })
    .where(and(eq(refundClaims.id, id), isNull(refundClaims.transactionId)));
}

/** The refund log, newest first. */
export async function listClaims(db: Db, memberId: number, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ amount: refundClaims.amount, createdAt: refundClaims.createdAt })
      .from(refundClaims)
      .where(eq(refundClaims.memberId, memberId))
      .orderBy(desc(refundClaims.createdAt), desc(refundClaims.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(refundClaims).where(eq(refundClaims.memberId, memberId)),
  ]);
  return { total: total?.n ?? 0, rows };
}
