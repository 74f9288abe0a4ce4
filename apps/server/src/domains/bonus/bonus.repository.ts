import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bonuses, gameRounds, memberBonuses } from '../../db/schema';

export type BonusRow = typeof bonuses.$inferSelect;
export type TakeRow = typeof memberBonuses.$inferSelect;
export type RunningTake = TakeRow & { bonus: BonusRow };

/** The bonuses the bonus page lists in a currency, in the operator's order. */
export async function listListedBonuses(db: Db, currency: string): Promise<BonusRow[]> {
  return db
    .select()
    .from(bonuses)
    .where(
      and(eq(bonuses.kind, 'listed'), eq(bonuses.active, true), eq(bonuses.currency, currency)),
    )
    .orderBy(asc(bonuses.sortOrder), asc(bonuses.code));
}

export async function findBonus(db: Db, code: string): Promise<BonusRow | null> {
  const [row] = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.code, code), eq(bonuses.active, true)));
  return row ?? null;
}

/**
 * The member's takes of these bonuses, newest first. A take cleared before any deposit paid it
 * was never received, so it is left out.
 */
export async function listTakes(db: Db, memberId: number, codes: string[]): Promise<TakeRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(memberBonuses)
    .where(
      and(
        eq(memberBonuses.memberId, memberId),
        inArray(memberBonuses.bonusCode, codes),
        sql`not (${memberBonuses.state} = 'cleared' and ${memberBonuses.paidAt} is null)`,
      ),
    )
    .orderBy(desc(memberBonuses.createdAt), desc(memberBonuses.id));
}

/** The member's waiting or active take, with its bonus under the rules the take kept. */
export async function findRunningTake(db: Db, memberId: number): Promise<RunningTake | null> {
  const [row] = await db
    .select({ take: memberBonuses, bonus: bonuses })
    .from(memberBonuses)
    .innerJoin(bonuses, eq(bonuses.code, memberBonuses.bonusCode))
    .where(
      and(
        eq(memberBonuses.memberId, memberId),
        inArray(memberBonuses.state, ['waiting', 'active']),
      ),
    );
  return row ? { ...row.take, bonus: { ...row.bonus, ...row.take.terms } } : null;
}

/**
 * Starts a take, waiting for the qualifying deposit; null when the member already has one
 * running (the partial unique index decides, so racing activations start one).
 */
export async function insertTake(
  db: Db,
  memberId: number,
  bonus: BonusRow,
): Promise<TakeRow | null> {
  const { percent, maxBonus, minDeposit, turnoverMultiplier, percentFail } = bonus;
  const [row] = await db
    .insert(memberBonuses)
    .values({
      memberId,
      bonusCode: bonus.code,
      state: 'waiting',
      terms: { percent, maxBonus, minDeposit, turnoverMultiplier, percentFail },
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The qualifying deposit pays the take: waiting → active, once. */
export async function markTakePaid(
  db: Db,
  id: number,
  paid: { depositAmount: number; bonusAmount: number; turnoverTarget: number },
): Promise<TakeRow | null> {
  const [row] = await db
    .update(memberBonuses)
    .set({ ...paid, state: 'active', paidAt: sql`now()` })
    .where(and(eq(memberBonuses.id, id), eq(memberBonuses.state, 'waiting')))
    .returning();
  return row ?? null;
}

export async function linkTakePayment(db: Db, id: number, transactionId: number) {
  await db
    .update(memberBonuses)
    .set({ paidTransactionId: transactionId })
    .where(and(eq(memberBonuses.id, id), isNull(memberBonuses.paidTransactionId)));
}

/**
 * Ends a running take by one conditional update from the states it may end from, so a finish, a
 * cancel and the member's clear racing each other have one winner.
 */
export async function endTake(
  db: Db,
  id: number,
  from: ('waiting' | 'active')[],
  to: 'finished' | 'cancelled' | 'cleared',
): Promise<TakeRow | null> {
  const [row] = await db
    .update(memberBonuses)
    .set({ state: to, endedAt: sql`now()` })
    .where(and(eq(memberBonuses.id, id), inArray(memberBonuses.state, from)))
    .returning();
  return row ?? null;
}

/** The end's money has moved (or there was none to move). */
export async function markEndSettled(db: Db, id: number, transactionId: number | null) {
  await db
    .update(memberBonuses)
    .set({ endSettled: true, endTransactionId: transactionId })
    .where(eq(memberBonuses.id, id));
}

/** Takes whose end or payment a process left half done: ended unsettled, or active unpaid. */
export async function listUnsettledTakes(db: Db): Promise<TakeRow[]> {
  return db
    .select()
    .from(memberBonuses)
    .where(
      sql`(${memberBonuses.endedAt} is not null and not ${memberBonuses.endSettled})
          or (${memberBonuses.state} = 'active' and ${memberBonuses.paidTransactionId} is null)`,
    )
    .orderBy(asc(memberBonuses.id))
    .limit(200);
}

/** Members with an active (paid) take: the evaluation job's list. */
export async function listActiveTakeMembers(db: Db): Promise<number[]> {
  const found = await db
    .select({ memberId: memberBonuses.memberId })
    .from(memberBonuses)
    .where(and(eq(memberBonuses.state, 'active'), isNotNull(memberBonuses.paidAt)))
    .limit(1000);
  return found.map((r) => r.memberId);
}

/** The bets the member placed since `since` (the bonus's turnover), in minor units. */
export async function turnoverSince(db: Db, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ bets: sql<string>`coalesce(sum(${gameRounds.bet}), 0)` })
    .from(gameRounds)
    .where(and(eq(gameRounds.memberId, memberId), gte(gameRounds.playedAt, since)));
  return Number(row?.bets ?? 0);
}
