/** What a valid session told the last time it was read. */
type Entry = { memberId: number; expiresAt: number; until: number };

/**
 * Valid sessions as last read, kept for at most `ttlMs` (SESSION_CACHE_MS; docs/decisions/
 * 0033-hot-path-round-trips.md), so a member's burst of calls reads the session once rather
 * than once per call. Only valid sessions are kept: a refusal is always read afresh. A sign-out
 * or password change made through this process takes effect here at once; one made through
 * another process, or a member deactivated, within `ttlMs`. The token's own expiry is checked
 * on every use. `ttlMs` 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  /** The member of a valid cached session, or null (not cached, stale, or expired). */
  get(tokenHash: string, now: number): number | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= now || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.memberId;
  }

  /** Keeps a session that was just read and found valid. */
  remember(tokenHash: string, memberId: number, expiresAt: number, now: number): void {
    if (this.ttlMs <= 0) return;
    // Entries live a few seconds; a full map is simply started again.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { memberId, expiresAt, until: now + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Every cached session of the member but `keepTokenHash` (a password change). */
  forgetMember(memberId: number, keepTokenHash?: string): void {
    for (const [hash, entry] of this.entries) {
      if (entry.memberId === memberId && hash !== keepTokenHash) this.entries.delete(hash);
    }
  }
}
