import { LRUCache } from 'lru-cache';

/** What a valid session told the last time it was read. */
type Entry = { memberId: number; expiresAt: number };

/**
 * Valid sessions as last read, kept for at most `ttlMs` (SESSION_CACHE_MS; docs/decisions/
 * 0033-hot-path-round-trips.md), so a member's burst of calls reads the session once rather
 * than once per call. Only valid sessions are kept: a refusal is always read afresh. A sign-out
 * or password change made through this process takes effect here at once; one made through
 * another process, or a member deactivated, within `ttlMs`. The token's own expiry is checked
 * on every use. `ttlMs` 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;

  /**
   * `max`: the sessions in use within a few seconds on one process; past it the least recently
   * used is read again. `clock` (tests) is the time the cache keeps entries by.
   */
  constructor(
    private readonly ttlMs: number,
    options: { max?: number; clock?: () => number } = {},
  ) {
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

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Every cached session of the member but `keepTokenHash` (a password change). */
  forgetMember(memberId: number, keepTokenHash?: string): void {
    const hashes = [...this.entries.entries()]
      .filter(([hash, entry]) => entry.memberId === memberId && hash !== keepTokenHash)
      .map(([hash]) => hash);
    for (const hash of hashes) this.entries.delete(hash);
  }
}
