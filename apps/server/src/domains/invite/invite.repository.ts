import { and, count, desc, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameRounds, inviteCollections, members } from '../../db/schema';
import { nextId, rows } from '../../db/statement';
import { int } from '../ledger/ledger';
import { type RoundTotals, totalsOf } from '../rewards/rebate';

/** The friends' rounds no collection has counted yet (friends in the inviter's currency). */
export async function uncollectedTotals(db: Db, inviter: { id: number; currency: string }) {
  const found = await db
    .select({ bet: gameRounds.bet, win: gameRounds.win })
    .from(gameRounds)
    .innerJoin(members, eq(members.id, gameRounds.memberId))
    .where(
      and(
        eq(members.inviterId, inviter.id),
        eq(members.currency, inviter.currency),
        isNull(gameRounds.inviteCollectionId),
      ),
    );
  return totalsOf(found);
}

/**
 * Counts the friends' uncounted rounds into a new collection of the amount `price` gives them, in
 * one transaction; each round is taken by a conditional update, so two collects at once count it
 * once. Nothing is written when the amount is 0 (null).
 */
export async function collectInvites(
  db: Db,
  inviter: { id: number; currency: string },
  price: (totals: RoundTotals) => number,
): Promise<{ id: number; amount: number } | null> {
  return db
    .transaction(async (tx) => {
      const id = await nextId(tx, 'invite_collections');
      const taken = await rows<{ bet: unknown; win: unknown }>(
        tx,
        sql`update game_rounds r set invite_collection_id = ${id}
            from members m
            where m.id = r.member_id and m.inviter_id = ${inviter.id}
              and m.currency = ${inviter.currency} and r.invite_collection_id is null
            returning r.bet, r.win`,
      );
      const amount = price(totalsOf(taken.map((r) => ({ bet: int(r.bet), win: int(r.win) }))));
      if (amount <= 0) tx.rollback();
      await tx
        .insert(inviteCollections)
        .values({ id, memberId: inviter.id, amount, currency: inviter.currency });
      return { id, amount };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}

export async function linkCollection(db: Db, id: number, transactionId: number) {
  await db
    .update(inviteCollections)
    .set({ transactionId })
    .where(and(eq(inviteCollections.id, id), isNull(inviteCollections.transactionId)));
}

/** Collections whose credit a process left undone. */
export async function listUncreditedCollections(db: Db) {
  return db
    .select()
    .from(inviteCollections)
    .where(isNull(inviteCollections.transactionId))
    .orderBy(inviteCollections.id)
    .limit(200);
}

/** What the inviter collected, in minor units. */
export async function collectedTotal(db: Db, inviterId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${inviteCollections.amount}), 0)` })
    .from(inviteCollections)
    .where(eq(inviteCollections.memberId, inviterId));
  return Number(row?.sum ?? 0);
}

/**
 * The invited friends, newest first, each with the totals of all their rounds (the invite bonus
 * earned from them is priced by the caller).
 */
export async function listInvitees(
  db: Db,
  inviter: { id: number; currency: string },
  page: number,
  limit: number,
) {
  const where = and(eq(members.inviterId, inviter.id), eq(members.currency, inviter.currency));
  const [friends, [total]] = await Promise.all([
    db
      .select({ id: members.id, name: members.name, createdAt: members.createdAt })
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(members).where(where),
  ]);
  const withRounds = await Promise.all(
    friends.map(async (friend) => {
      const rounds = await db
        .select({ bet: gameRounds.bet, win: gameRounds.win })
        .from(gameRounds)
        .where(eq(gameRounds.memberId, friend.id));
      return { ...friend, totals: totalsOf(rounds) };
    }),
  );
  return { total: total?.n ?? 0, friends: withRounds };
}
