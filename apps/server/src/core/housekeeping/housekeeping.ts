import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletedRows } from '../../db/statement';
import type { Idempotency } from '../idempotency/idempotency';

/**
 * How long an expired session stays: a member who comes back within it is told the session
 * expired (EXPIRED_AUTH_TOKEN) rather than that it is unknown (INVALID_USER_2).
 */
export const EXPIRED_SESSION_KEPT_DAYS = 30;
/** A revoked session answers INVALID_USER_2 whether or not its row exists; kept a day to look into. */
export const REVOKED_SESSION_KEPT_DAYS = 1;
/**
 * An OTP request older than this is read by no rule (verified codes count for 30 minutes, a
 * phone block lasts at most OTP_BLOCK_MINUTES ≤ a day and is kept while it lasts).
 */
export const OTP_REQUEST_KEPT_DAYS = 1;

export type Removed = {
  idempotencyKeys: number;
  sessions: number;
  otpRequests: number;
  sandboxGameSessions: number;
};

/**
 * Removes the rows no rule reads any more, so the tables that every sign-in, OTP and money
 * call writes do not grow for ever. Run by the periodic job `housekeeping`, one process at a
 * time; each delete is one statement, so a run that overlaps another is harmless.
 */
export async function removeStaleRows(db: Db, idempotency: Idempotency): Promise<Removed> {
  const [idempotencyKeys, sessions, otpRequests, sandboxGameSessions] = await Promise.all([
    idempotency.expire(),
    deletedRows(
      db,
      sql`delete from sessions
          where expires_at < now() - make_interval(days => ${EXPIRED_SESSION_KEPT_DAYS})
             or revoked_at < now() - make_interval(days => ${REVOKED_SESSION_KEPT_DAYS})`,
    ),
    deletedRows(
      db,
      sql`delete from otp_requests
          where created_at < now() - make_interval(days => ${OTP_REQUEST_KEPT_DAYS})
            and (blocked_until is null or blocked_until < now())`,
    ),
    deletedRows(db, sql`delete from sandbox_game_sessions where expires_at < now()`),
  ]);
  return { idempotencyKeys, sessions, otpRequests, sandboxGameSessions };
}
