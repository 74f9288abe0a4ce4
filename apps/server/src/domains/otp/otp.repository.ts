import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpRequests } from '../../db/schema';

export async function isPhoneBlocked(db: Db, phone: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: otpRequests.tokenHash })
    .from(otpRequests)
    .where(and(eq(otpRequests.phone, phone), gt(otpRequests.blockedUntil, now)))
    .limit(1);
  return row !== undefined;
}

/** The one rule for a phone that passed OTP: verified after `since`, not yet used. */
function verifiedUnusedSince(phone: string, since: Date) {
  return and(
    eq(otpRequests.phone, phone),
    isNull(otpRequests.usedAt),
    isNotNull(otpRequests.verifiedAt),
    gt(otpRequests.verifiedAt, since),
  );
}

/** A verified code of this phone, verified after `since` and not yet used by a registration. */
export async function hasVerifiedUnused(db: Db, phone: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: otpRequests.tokenHash })
    .from(otpRequests)
    .where(verifiedUnusedSince(phone, since))
    .limit(1);
  return row !== undefined;
}

/** Whether this request token is one of `phone`'s verified, unused codes (verified after `since`). */
export async function isVerifiedToken(
  db: Db,
  tokenHash: string,
  phone: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: otpRequests.tokenHash })
    .from(otpRequests)
    .where(and(eq(otpRequests.tokenHash, tokenHash), verifiedUnusedSince(phone, since)));
  return row !== undefined;
}

export async function insertOtp(
  db: Db,
  otp: { tokenHash: string; ref: string; phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(otpRequests).values(otp);
}

/** A new code replaces the phone's pending ones, so only the latest can be verified. */
export async function supersedePending(db: Db, phone: string, at: Date): Promise<void> {
  await db
    .update(otpRequests)
    .set({ usedAt: at })
    .where(
      and(eq(otpRequests.phone, phone), isNull(otpRequests.verifiedAt), isNull(otpRequests.usedAt)),
    );
}

export async function findOtp(db: Db, tokenHash: string) {
  const [row] = await db.select().from(otpRequests).where(eq(otpRequests.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Counts one verify attempt, atomically and only while fewer than `max` were made: the
 * returned count is this attempt's number, or null when the attempts are used up. Counting
 * before comparing means parallel guesses cannot exceed `max`.
 */
export async function recordAttempt(
  db: Db,
  tokenHash: string,
  max: number,
): Promise<number | null> {
  const [row] = await db
    .update(otpRequests)
    .set({ attempts: sql`${otpRequests.attempts} + 1` })
    .where(and(eq(otpRequests.tokenHash, tokenHash), lt(otpRequests.attempts, max)))
    .returning({ attempts: otpRequests.attempts });
  return row?.attempts ?? null;
}

export async function blockPhoneUntil(db: Db, tokenHash: string, until: Date): Promise<void> {
  await db
    .update(otpRequests)
    .set({ blockedUntil: until })
    .where(eq(otpRequests.tokenHash, tokenHash));
}

export async function markVerified(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(otpRequests)
    .set({ verifiedAt: at })
    .where(and(eq(otpRequests.tokenHash, tokenHash), isNull(otpRequests.verifiedAt)));
}

/**
 * Uses up the phone's latest verified code (registration). Locks the row, so two
 * registrations racing on one verification cannot both succeed: the second finds it used.
 */
export async function consumeVerified(
  db: Db,
  phone: string,
  since: Date,
  at: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: otpRequests.tokenHash })
    .from(otpRequests)
    .where(verifiedUnusedSince(phone, since))
    .orderBy(desc(otpRequests.verifiedAt))
    .limit(1)
    .for('update');
  if (!row) return false;
  const used = await db
    .update(otpRequests)
    .set({ usedAt: at })
    .where(and(eq(otpRequests.tokenHash, row.tokenHash), isNull(otpRequests.usedAt)))
    .returning({ tokenHash: otpRequests.tokenHash });
  return used.length > 0;
}
