import type { StaffPage } from '@wallet/contract/staff';
import { and, asc, count, desc, eq, inArray, lt, min, sql } from 'drizzle-orm';
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

const reviewColumns = { createdAt: withdrawalReviews.createdAt, amount: withdrawalReviews.amount };

/** One page of the reviews in a state, with the member's name and today's money. */
export async function listWithdrawalReviews(
  db: Db,
  status: string,
  page: StaffPage<keyof typeof reviewColumns>,
) {
  const direction = page.order === 'asc' ? asc : desc;
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
    .orderBy(direction(reviewColumns[page.sort]), direction(withdrawalReviews.transactionId))
    .offset((page.page - 1) * page.limit)
    .limit(page.limit);
}

/** Over every review in a state: how many and how much per currency, and the oldest. */
export async function withdrawalReviewSummary(db: Db, status: string) {
  return db
    .select({
      currency: withdrawalReviews.currency,
      count: count(),
      amount: sql<unknown>`coalesce(sum(${withdrawalReviews.amount}), 0)`,
      oldestAt: min(withdrawalReviews.createdAt),
    })
    .from(withdrawalReviews)
    .where(eq(withdrawalReviews.status, status))
    .groupBy(withdrawalReviews.currency)
    .orderBy(withdrawalReviews.currency);
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
