import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, payoutOutbox, staff, withdrawalReviews } from '../../db/schema';

export type WithdrawalReviewRow = typeof withdrawalReviews.$inferSelect;

export async function insertWithdrawalReview(
  db: Db,
  row: Omit<typeof withdrawalReviews.$inferInsert, 'status'>,
): Promise<void> {
  await db.insert(withdrawalReviews).values(row);
}

/** The review, locked until the transaction ends: it is decided once. */
export async function lockWithdrawalReview(
  db: Db,
  transactionId: number,
): Promise<WithdrawalReviewRow | null> {
  const [row] = await db
    .select()
    .from(withdrawalReviews)
    .where(eq(withdrawalReviews.transactionId, transactionId))
    .for('update');
  return row ?? null;
}

export async function decideWithdrawalReview(
  db: Db,
  transactionId: number,
  decision: Pick<
    typeof withdrawalReviews.$inferInsert,
    'status' | 'decidedBy' | 'decidedAt' | 'reason'
  >,
): Promise<void> {
  await db
    .update(withdrawalReviews)
    .set(decision)
    .where(eq(withdrawalReviews.transactionId, transactionId));
}

const today = sql`(date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;

/** Reviews in a state, oldest first (the queue), with the member's name and today's money. */
export async function listWithdrawalReviews(db: Db, status: string) {
  return db
    .select({
      review: withdrawalReviews,
      username: members.username,
      name: members.name,
      memberSince: members.createdAt,
      decidedBy: staff.username,
      // The member's money since the start of the operator's day (Asia/Bangkok).
      depositsToday: sql<unknown>`(select coalesce(sum(o.amount), 0) from outside_credits o
        where o.member_id = ${withdrawalReviews.memberId} and o.source in ('bank', 'qr', 'truemoney', 'sandbox')
        and o.created_at >= ${today})`,
      withdrawalsToday: sql<unknown>`(select coalesce(sum(t.amount), 0) from ledger_transactions t
        where t.member_id = ${withdrawalReviews.memberId} and t.type = 'withdraw'
        and t.status <> 'failed' and t.created_at >= ${today})`,
    })
    .from(withdrawalReviews)
    .innerJoin(members, eq(members.id, withdrawalReviews.memberId))
    .leftJoin(staff, eq(staff.id, withdrawalReviews.decidedBy))
    .where(eq(withdrawalReviews.status, status))
    .orderBy(asc(withdrawalReviews.createdAt))
    .limit(500);
}

/** Of these withdrawals, the ones still waiting for staff (the payout bank has not seen them). */
export async function waitingAmong(db: Db, transactionIds: number[]): Promise<Set<number>> {
  if (transactionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: withdrawalReviews.transactionId })
    .from(withdrawalReviews)
    .where(
      and(
        inArray(withdrawalReviews.transactionId, transactionIds),
        eq(withdrawalReviews.status, 'waiting'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export type OutboxPayout = Omit<typeof payoutOutbox.$inferInsert, 'attempts' | 'createdAt'>;

export async function insertOutboxPayout(db: Db, payout: OutboxPayout): Promise<void> {
  await db.insert(payoutOutbox).values(payout);
}

export async function removeOutboxPayout(db: Db, ref: string): Promise<void> {
  await db.delete(payoutOutbox).where(eq(payoutOutbox.ref, ref));
}

export async function countOutboxAttempt(db: Db, ref: string): Promise<void> {
  await db
    .update(payoutOutbox)
    .set({ attempts: sql`${payoutOutbox.attempts} + 1` })
    .where(eq(payoutOutbox.ref, ref));
}

/** Payouts written before `before` and not yet taken by the provider, oldest first. */
export function outboxPayoutsBefore(db: Db, before: Date, limit = 100) {
  return db
    .select()
    .from(payoutOutbox)
    .where(lt(payoutOutbox.createdAt, before))
    .orderBy(asc(payoutOutbox.createdAt))
    .limit(limit);
}
