import type { MemberSignInOutcome } from '@wallet/contract/staff-members';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { memberSignIns, members, sessions } from '../../db/schema';

/**
 * What a sign-in checks: the member's id, password hash and whether they may sign in. Auth
 * reads it itself, so sign-in does not reach into the account domain (issue 31: no cycle).
 */
export async function findCredentials(db: Db, username: string) {
  const [row] = await db
    .select({ id: members.id, passwordHash: members.passwordHash, active: members.active })
    .from(members)
    .where(eq(members.username, username));
  return row ?? null;
}

export async function insertSession(
  db: Db,
  session: {
    tokenHash: string;
    memberId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db.insert(sessions).values(session);
}

function prepareSessionRead(db: Db) {
  return db
    .select({
      memberId: sessions.memberId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      memberActive: members.active,
      memberExists: members.id,
    })
    .from(sessions)
    .leftJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_with_member');
}

/** Built once per database: every request's token check starts here (SESSION_CACHE_MS aside). */
const sessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionRead>>();

/** The session of a token hash and its member (null when the member row is gone). */
export async function findSessionWithMember(db: Db, tokenHash: string) {
  let read = sessionReads.get(db);
  if (!read) {
    read = prepareSessionRead(db);
    sessionReads.set(db, read);
  }
  const [row] = await read.execute({ tokenHash });
  return row ?? null;
}

export async function revokeSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Every live session of the member except `keepTokenHash` (changing the password). */
export async function revokeOtherSessions(
  db: Db,
  memberId: number,
  keepTokenHash: string,
  at: Date,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.memberId, memberId),
        ne(sessions.tokenHash, keepTokenHash),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return revoked.length;
}

/** Of the given token hashes, those whose session still lets its member in at `now`. */
export async function liveSessionTokens(db: Db, tokenHashes: string[], now: Date) {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(members.active, true),
      ),
    );
  return rows.map((row) => row.tokenHash);
}

/** A member's latest sessions, newest first (the back office's member page). */
export async function memberSessions(db: Db, memberId: number, limit = 20) {
  return db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

/** One registration or sign-in with a member's phone (the sign-in history, the flags). */
export async function recordSignIn(
  db: Db,
  row: {
    memberId: number;
    outcome: MemberSignInOutcome;
    ip: string;
    userAgent: string;
    deviceId: string | null;
  },
): Promise<void> {
  await db.insert(memberSignIns).values(row);
}

/** A member's latest sign-ins, newest first. */
export async function memberSignInHistory(db: Db, memberId: number, limit = 30) {
  return db
    .select({
      at: memberSignIns.createdAt,
      outcome: memberSignIns.outcome,
      ip: memberSignIns.ip,
      userAgent: memberSignIns.userAgent,
    })
    .from(memberSignIns)
    .where(eq(memberSignIns.memberId, memberId))
    .orderBy(desc(memberSignIns.createdAt), desc(memberSignIns.id))
    .limit(limit);
}

/**
 * Other members who registered or signed in from a device (`deviceId`) or address (`ip`) the
 * member registered or signed in from since `since`: at most `limit`, by id.
 */
export async function membersSharing(
  db: Db,
  memberId: number,
  by: 'deviceId' | 'ip',
  since: Date,
  limit = 20,
) {
  const own = alias(memberSignIns, 'own');
  const other = alias(memberSignIns, 'other');
  const entered = ['registered', 'signed-in'];
  return db
    .selectDistinct({ id: members.id, username: members.username })
    .from(own)
    .innerJoin(
      other,
      and(
        eq(other[by], own[by]),
        ne(other.memberId, memberId),
        inArray(other.outcome, entered),
        gte(other.createdAt, since),
      ),
    )
    .innerJoin(members, eq(members.id, other.memberId))
    .where(
      and(eq(own.memberId, memberId), inArray(own.outcome, entered), gte(own.createdAt, since)),
    )
    .orderBy(members.id)
    .limit(limit);
}

/** How many wrong passwords were given for the member since `since`, and from where. */
export async function failedSignIns(db: Db, memberId: number, since: Date) {
  const rows = await db
    .select({ ip: memberSignIns.ip, failures: count() })
    .from(memberSignIns)
    .where(
      and(
        eq(memberSignIns.memberId, memberId),
        eq(memberSignIns.outcome, 'wrong-password'),
        gte(memberSignIns.createdAt, since),
      ),
    )
    .groupBy(memberSignIns.ip);
  return {
    count: rows.reduce((sum, row) => sum + row.failures, 0),
    addresses: rows.map((row) => row.ip),
  };
}

/** Sign-ins older than `before` go (kept 90 days: a daily job). */
export async function pruneSignIns(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(memberSignIns)
    .where(lt(memberSignIns.createdAt, before))
    .returning({ id: memberSignIns.id });
  return removed.length;
}
