import type { Db } from '../../db/client';
import { readSetting, writeSetting } from './settings.repository';

/**
 * The service switch (CONTRACT.md: 410 TERMINATED while the operator has closed the service).
 * Read on every API call, so the flag is cached for at most `ttlMs` (1 s): one query per
 * second per process instead of one per request; a switch made through this process takes
 * effect at once, one made elsewhere within a second.
 */
export class ServiceState {
  private cached: { terminated: boolean; until: number } | null = null;
  private pending: Promise<boolean> | null = null;
  // Bumped by every local switch, so a read that started before it cannot cache the old value.
  private version = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async isTerminated(): Promise<boolean> {
    if (this.cached && this.cached.until > this.now()) return this.cached.terminated;
    // Concurrent requests after expiry share one read.
    const version = this.version;
    this.pending ??= readSetting(this.db, 'terminated')
      .then((terminated) => {
        if (version === this.version) {
          this.cached = { terminated, until: this.now() + this.ttlMs };
        }
        return terminated;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  async setTerminated(terminated: boolean): Promise<void> {
    await writeSetting(this.db, 'terminated', terminated);
    this.version += 1;
    this.pending = null;
    this.cached = { terminated, until: this.now() + this.ttlMs };
  }
}
