import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, sessions } from '../../db/schema';

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
  session: { tokenHash: string; memberId: number; expiresAt: Date },
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
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}
