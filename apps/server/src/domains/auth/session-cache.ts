import { LRUCache } from 'lru-cache';

/** What a valid session told the last time it was read. */
type Entry = { memberId: number; expiresAt: number };

/** A session, or every session of a member but one, that must no longer be taken from a cache. */
export type Revocation = { tokenHash: string } | { memberId: number; keepTokenHash?: string };

/**
 * Valid sessions as last read, kept for at most `ttlMs` (SESSION_CACHE_MS; docs/decisions/
 * 0033-hot-path-round-trips.md), so a member's burst of calls reads the session once rather
 * than once per call. Only valid sessions are kept: a refusal is always read afresh. A sign-out,
 * password change or deactivation takes effect here at once, and through `broadcast` (Redis,
 * plugins/auth.ts) on every other process at once too; without it, there within `ttlMs`. The
 * token's own expiry is checked on every use. `ttlMs` 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly broadcast: ((revocation: Revocation) => Promise<void>) | undefined;

  /**
   * `max`: the sessions in use within a few seconds on one process; past it the least recently
   * used is read again. `clock` (tests) is the time the cache keeps entries by.
   */
  constructor(
    private readonly ttlMs: number,
    options: {
      max?: number;
      clock?: () => number;
      /** Tells the other processes (their `apply`); a failure to tell is the caller's to log. */
      broadcast?: (revocation: Revocation) => Promise<void>;
    } = {},
  ) {
    this.broadcast = options.broadcast;
    this.entries = new LRUCache<string, Entry>({
      max: options.max ?? 100_000,
      ...(ttlMs > 0 ? { ttl: ttlMs, ttlResolution: 0 } : {}),
      ...(options.clock ? { perf: { now: options.clock } } : {}),
    });
  }

  /**
   * The member of a valid cached session, or null (not cached, stale, or expired). `now` is
   * the clock the token's expiry is checked by, as when it is read from the database.
   */
  get(tokenHash: string, now: number): number | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.memberId;
  }

  /** Keeps a session that was just read and found valid. */
  remember(tokenHash: string, memberId: number, expiresAt: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.set(tokenHash, { memberId, expiresAt });
  }

  /** A signed-out session, here and on every process told through `broadcast`. */
  async forgetToken(tokenHash: string): Promise<void> {
    await this.revoke({ tokenHash });
  }

  /** Every session of the member but `keepTokenHash` (a password change), here and everywhere. */
  async forgetMember(memberId: number, keepTokenHash?: string): Promise<void> {
    await this.revoke(keepTokenHash === undefined ? { memberId } : { memberId, keepTokenHash });
  }

  /** A revocation told by another process: applied here only. */
  apply(revocation: Revocation): void {
    if ('tokenHash' in revocation) {
      this.entries.delete(revocation.tokenHash);
      return;
    }
    const hashes = [...this.entries.entries()]
      .filter(
        ([hash, entry]) =>
          entry.memberId === revocation.memberId && hash !== revocation.keepTokenHash,
      )
      .map(([hash]) => hash);
    for (const hash of hashes) this.entries.delete(hash);
  }

  private async revoke(revocation: Revocation): Promise<void> {
    this.apply(revocation);
    await this.broadcast?.(revocation);
  }
}
