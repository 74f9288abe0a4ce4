/**
 * Drizzle wraps driver errors (DrizzleQueryError with `cause`); node-postgres and PGlite both
 * expose PostgreSQL's SQLSTATE as `code` and the constraint name as `constraint`.
 */
type PgError = { code?: string; constraint?: string };

function findPgError(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}

/** The constraint name when `error` is a unique violation (SQLSTATE 23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  const pgError = findPgError(error);
  return pgError?.code === '23505' ? (pgError.constraint ?? '') : null;
}

/** The SQLSTATE of a database error (through Drizzle's wrapping), or null. */
export function sqlState(error: unknown): string | null {
  return findPgError(error)?.code ?? null;
}
