import type { Db } from '../../db/client';
import { ExpiringValue } from '../../lib/expiring-value';
import { readSetting, writeSetting } from './settings.repository';

/**
 * The service switch (the API contract: 410 TERMINATED while the operator has closed the service).
 * Read on every API call, so the flag is cached for at most `ttlMs` (1 s): one query per
 * second per process instead of one per request; a switch made through this process takes
 * effect at once, one made elsewhere within a second.
 */
export class ServiceState {
  private readonly terminated: ExpiringValue<boolean>;

  constructor(
    private readonly db: Db,
    ttlMs = 1000,
    now: () => number = Date.now,
  ) {
    this.terminated = new ExpiringValue(() => readSetting(db, 'terminated'), ttlMs, now);
  }

  isTerminated(): Promise<boolean> {
    return this.terminated.get();
  }

  async setTerminated(terminated: boolean): Promise<void> {
    await writeSetting(this.db, 'terminated', terminated);
    this.terminated.set(terminated);
  }
}
