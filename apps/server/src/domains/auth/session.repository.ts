import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, sessions } from '../../db/schema';

export async function insertSession(
  db: Db,
  session: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session of a token hash and its member (null when the member row is gone). */
export async function findSessionWithMember(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      memberId: sessions.memberId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      memberActive: members.active,
      memberExists: members.id,
    })
    .from(sessions)
    .leftJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, tokenHash));
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
