import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff, staffChallenges, staffRecoveryCodes, staffSessions } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByUsername(db: Db, username: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username));
  return row ?? null;
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row ?? null;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.username));
}

/** A new staff account, or null when the username is taken. */
export async function insertStaff(
  db: Db,
  account: Pick<typeof staff.$inferInsert, 'username' | 'name' | 'passwordHash' | 'role'> &
    Partial<
      Pick<
        typeof staff.$inferInsert,
        'totpSealed' | 'totpKeyId' | 'totpConfirmedAt' | 'mustChangePassword'
      >
    >,
): Promise<StaffRow | null> {
  const [row] = await db.insert(staff).values(account).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateStaff(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      typeof staff.$inferInsert,
      | 'totpSealed'
      | 'totpKeyId'
      | 'totpConfirmedAt'
      | 'totpLastStep'
      | 'active'
      | 'passwordHash'
      | 'mustChangePassword'
    >
  >,
): Promise<void> {
  await db.update(staff).set(values).where(eq(staff.id, id));
}

/**
 * Records `step` as the last accepted one unless a later or equal step was accepted meanwhile
 * (two requests with one code): true when this request won it.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staff.id, id),
        sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function insertChallenge(
  db: Db,
  challenge: { challengeHash: string; staffId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(staffChallenges).values(challenge);
}

export async function findChallenge(db: Db, challengeHash: string) {
  const [row] = await db
    .select()
    .from(staffChallenges)
    .where(eq(staffChallenges.challengeHash, challengeHash));
  return row ?? null;
}

/** Marks the challenge used unless it was already: true when this request used it. */
export async function useChallenge(db: Db, challengeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffChallenges)
    .set({ usedAt: at })
    .where(and(eq(staffChallenges.challengeHash, challengeHash), isNull(staffChallenges.usedAt)))
    .returning({ staffId: staffChallenges.staffId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Db,
  staffId: number,
  codeHashes: string[],
): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (codeHashes.length > 0) {
    await db
      .insert(staffRecoveryCodes)
      .values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
  }
}

/** Uses an unused recovery code of the account: true when there was one. */
export async function useRecoveryCode(
  db: Db,
  staffId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

export async function insertStaffSession(
  db: Db,
  session: {
    tokenHash: string;
    staffId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string;
    codeAt: Date;
  },
): Promise<void> {
  await db.insert(staffSessions).values({ ...session, lastSeenAt: session.codeAt });
}

/** The session of a token hash with its staff account. */
export async function findStaffSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: staffSessions.id,
      expiresAt: staffSessions.expiresAt,
      lastSeenAt: staffSessions.lastSeenAt,
      codeAt: staffSessions.codeAt,
      revokedAt: staffSessions.revokedAt,
      staff: {
        id: staff.id,
        username: staff.username,
        name: staff.name,
        role: staff.role,
        active: staff.active,
      },
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function touchStaffSession(
  db: Db,
  tokenHash: string,
  values: { lastSeenAt?: Date; codeAt?: Date },
): Promise<void> {
  await db.update(staffSessions).set(values).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function revokeStaffSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
}

/** Ends one session by its id (optionally only if it is `staffId`'s): the staff member it was. */
export async function revokeStaffSessionById(
  db: Db,
  id: number,
  at: Date,
  staffId?: number,
): Promise<number | null> {
  const [row] = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffSessions.id, id),
        isNull(staffSessions.revokedAt),
        staffId === undefined ? undefined : eq(staffSessions.staffId, staffId),
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  return row?.staffId ?? null;
}

/** Ends every open session of an account (deactivated, authenticator reset). */
export async function revokeSessionsOf(db: Db, staffId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/** Open sessions, newest first: of one account, or of everyone. */
export async function openStaffSessions(db: Db, now: Date, staffId?: number) {
  return db
    .select({
      id: staffSessions.id,
      tokenHash: staffSessions.tokenHash,
      staff: staff.username,
      ip: staffSessions.ip,
      userAgent: staffSessions.userAgent,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        staffId === undefined ? undefined : eq(staffSessions.staffId, staffId),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt))
    .limit(200);
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
