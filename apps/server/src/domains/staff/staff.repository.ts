import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByUsername(db: Db, username: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username));
  return row ?? null;
}

/** A new staff account, or null when the username is taken. */
export async function insertStaff(
  db: Db,
  account: { username: string; name: string; passwordHash: string },
): Promise<StaffRow | null> {
  const [row] = await db.insert(staff).values(account).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertStaffSession(
  db: Db,
  session: { tokenHash: string; staffId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(staffSessions).values(session);
}

/** The session of a token hash with its staff account. */
export async function findStaffSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      expiresAt: staffSessions.expiresAt,
      revokedAt: staffSessions.revokedAt,
      staff: { id: staff.id, username: staff.username, name: staff.name, active: staff.active },
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function revokeStaffSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
}

/** Of the given token hashes, those whose staff session still lets its account in at `now`. */
export async function liveStaffTokens(db: Db, tokenHashes: string[], now: Date) {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .select({ tokenHash: staffSessions.tokenHash })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        inArray(staffSessions.tokenHash, tokenHashes),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staff.active, true),
      ),
    );
  return rows.map((row) => row.tokenHash);
}
