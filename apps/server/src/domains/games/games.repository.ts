import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameAccounts, gameProviders, gameRounds, members } from '../../db/schema';
import type { GameRound } from '../../providers/games/game-provider';

export async function listActiveProviders(db: Db) {
  return db
    .select()
    .from(gameProviders)
    .where(eq(gameProviders.active, true))
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.code));
}

export async function findProvider(db: Db, code: string) {
  const [row] = await db.select().from(gameProviders).where(eq(gameProviders.code, code));
  return row ?? null;
}
export type ProviderRow = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

export async function listGameAccounts(db: Db, memberId: number) {
  return db.select().from(gameAccounts).where(eq(gameAccounts.memberId, memberId));
}

export async function findGameAccount(db: Db, memberId: number, providerCode: string) {
  const [row] = await db
    .select()
    .from(gameAccounts)
    .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.providerCode, providerCode)));
  return row ?? null;
}
export type GameAccountRow = NonNullable<Awaited<ReturnType<typeof findGameAccount>>>;

/** Inserts the account unless the member has one already; answers whether it inserted. */
export async function insertGameAccount(
  db: Db,
  account: {
    memberId: number;
    providerCode: string;
    username: string;
    /** Sealed under the key `passwordKey` names (lib/secret-keys.ts). */
    password: string;
    passwordKey: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(gameAccounts)
    .values(account)
    .onConflictDoNothing()
    .returning({ id: gameAccounts.id });
  return inserted.length > 0;
}

export async function updateGameAccountPassword(
  db: Db,
  id: number,
  sealed: { password: string; passwordKey: string },
) {
  await db.update(gameAccounts).set(sealed).where(eq(gameAccounts.id, id));
}

/** Passwords not sealed under `keyId` (null: only plaintext rows), by id after `afterId`. */
export async function listPasswordsToSeal(
  db: Db,
  keyId: string | null,
  afterId: number,
  limit: number,
) {
  const unsealed =
    keyId === null
      ? isNull(gameAccounts.passwordKey)
      : or(isNull(gameAccounts.passwordKey), ne(gameAccounts.passwordKey, keyId));
  return db
    .select({
      id: gameAccounts.id,
      providerCode: gameAccounts.providerCode,
      username: gameAccounts.username,
      password: gameAccounts.password,
      passwordKey: gameAccounts.passwordKey,
    })
    .from(gameAccounts)
    .where(and(gt(gameAccounts.id, afterId), unsealed))
    .orderBy(asc(gameAccounts.id))
    .limit(limit);
}

/** Replaces a password's sealing only if nobody changed it since it was read. */
export async function resealGameAccountPassword(
  db: Db,
  id: number,
  from: { password: string; passwordKey: string | null },
  to: { password: string; passwordKey: string },
): Promise<boolean> {
  const updated = await db
    .update(gameAccounts)
    .set(to)
    .where(
      and(
        eq(gameAccounts.id, id),
        eq(gameAccounts.password, from.password),
        from.passwordKey === null
          ? isNull(gameAccounts.passwordKey)
          : eq(gameAccounts.passwordKey, from.passwordKey),
      ),
    )
    .returning({ id: gameAccounts.id });
  return updated.length > 0;
}

/** The keys game passwords are sealed under now, with how many each seals (null: plaintext). */
export async function countPasswordKeys(db: Db) {
  return db
    .select({ keyId: gameAccounts.passwordKey, rows: sql<number>`count(*)::int` })
    .from(gameAccounts)
    .groupBy(gameAccounts.passwordKey);
}

/**
 * Moves the synced-round mark from `from` to `to`, only if nobody moved it first: the gate that
 * makes posting a provider's rounds to the ledger happen once.
 */
export async function advanceRoundMark(db: Db, id: number, from: number, to: number) {
  const updated = await db
    .update(gameAccounts)
    .set({ lastRoundId: to })
    .where(and(eq(gameAccounts.id, id), eq(gameAccounts.lastRoundId, from)))
    .returning({ id: gameAccounts.id });
  return updated.length > 0;
}

/**
 * Keeps the rounds of a sync (the bet history of bonuses' turnover, refunds and invites); a round
 * kept before is left as it was. Called in the transaction that moves the round mark.
 */
export async function recordRounds(
  db: Db,
  memberId: number,
  providerCode: string,
  rounds: GameRound[],
): Promise<void> {
  if (rounds.length === 0) return;
  await db
    .insert(gameRounds)
    .values(
      rounds.map((r) => ({
        memberId,
        providerCode,
        roundId: r.id,
        bet: r.bet,
        win: r.win,
        playedAt: r.playedAt,
      })),
    )
    .onConflictDoNothing();
}

export async function findMemberMoneyInfo(db: Db, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      username: members.username,
      currency: members.currency,
      bankCode: members.bankCode,
      bankAccountNo: members.bankAccountNo,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}
export type MemberMoneyInfo = NonNullable<Awaited<ReturnType<typeof findMemberMoneyInfo>>>;

export async function findMemberIdByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username));
  return row?.id ?? null;
}

/** The member's account at a provider that is active: one query on the money path. */
export async function findActiveGameAccount(db: Db, memberId: number, providerCode: string) {
  const [row] = await db
    .select({ account: gameAccounts })
    .from(gameAccounts)
    .innerJoin(gameProviders, eq(gameProviders.code, gameAccounts.providerCode))
    .where(
      and(
        eq(gameAccounts.memberId, memberId),
        eq(gameAccounts.providerCode, providerCode),
        eq(gameProviders.active, true),
      ),
    );
  return row?.account ?? null;
}
