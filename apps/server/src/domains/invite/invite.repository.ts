import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RoundTotals } from '../../core/rounds/rebate';
import { claimRounds, roundTotals } from '../../core/rounds/rounds.repository';
import type { Db } from '../../db/client';
import { gameRounds, inviteCollections, members } from '../../db/schema';

/** The friends' rounds no collection has counted yet (friends in the inviter's currency). */
function uncollected(inviter: { id: number; currency: string }) {
  return sql`${gameRounds.inviteCollectionId} is null and ${gameRounds.memberId} in (
    select id from ${members} where inviter_id = ${inviter.id} and currency = ${inviter.currency})`;
}

export function uncollectedTotals(db: Db, inviter: { id: number; currency: string }) {
  return roundTotals(db, sql`select bet, win from ${gameRounds} where ${uncollected(inviter)}`);
}

/**
 * Counts the friends' uncounted rounds into a new collection of the amount `price` gives them
 * (each round once, however many collects run at once); null when it is 0.
 */
export function collectInvites(
  db: Db,
  inviter: { id: number; currency: string },
  price: (totals: RoundTotals) => number,
): Promise<{ id: number; amount: number } | null> {
  return claimRounds(db, {
    table: 'invite_collections',
    take: (id) =>
      sql`update ${gameRounds} set invite_collection_id = ${id}
          where ${uncollected(inviter)} returning bet, win`,
    price,
    record: async (tx, id, amount) => {
      await tx
        .insert(inviteCollections)
        .values({ id, memberId: inviter.id, amount, currency: inviter.currency });
    },
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
  // A page of friends, each summed by the database.
  const withRounds = await Promise.all(
    friends.map(async (friend) => ({
      ...friend,
      totals: await roundTotals(
        db,
        sql`select bet, win from ${gameRounds} where ${gameRounds.memberId} = ${friend.id}`,
      ),
    })),
  );
  return { total: total?.n ?? 0, friends: withRounds };
}
