import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RoundTotals } from '../../core/rounds/rebate';
import { claimRounds, roundTotals } from '../../core/rounds/rounds.repository';
import type { Db } from '../../db/client';
import { gameRounds, refundClaims } from '../../db/schema';

/** The member's rounds played before `before` that no refund has counted yet. */
function unrefunded(memberId: number, before: Date) {
  return sql`${gameRounds.memberId} = ${memberId} and ${gameRounds.refundClaimId} is null
    and ${gameRounds.playedAt} < ${before.toISOString()}`;
}

export function unrefundedTotals(db: Db, memberId: number, before: Date): Promise<RoundTotals> {
  return roundTotals(
    db,
    sql`select bet, win from ${gameRounds} where ${unrefunded(memberId, before)}`,
  );
}

/**
 * Counts the member's unrefunded rounds before `before` into a new claim of the amount `price`
 * gives them (each round once, however many receives run at once); null when it is 0.
 */
export function claimRefund(
  db: Db,
  member: { id: number; currency: string },
  before: Date,
  price: (totals: RoundTotals) => number,
): Promise<{ id: number; amount: number } | null> {
  return claimRounds(db, {
    table: 'refund_claims',
    take: (id) =>
      sql`update ${gameRounds} set refund_claim_id = ${id}
          where ${unrefunded(member.id, before)} returning bet, win`,
    price,
    record: async (tx, id, amount) => {
      await tx
        .insert(refundClaims)
        .values({ id, memberId: member.id, amount, currency: member.currency });
    },
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
