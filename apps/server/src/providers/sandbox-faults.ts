import type { FaultMode, FaultTarget } from '@wallet/contract/sandbox';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/statement';
import { type CallDeadline, ProviderRefusal } from './games/game-provider';

/**
 * POST /api/sandbox/faults (the API contract). Kept in the database so that every server process
 * on it sees the same outside world.
 */
export class SandboxFaults {
  constructor(private readonly db: Db) {}

  async set(target: FaultTarget, mode: FaultMode): Promise<void> {
    await this.db.execute(
      sql`insert into sandbox_faults (target, mode) values (${target}, ${mode})
          on conflict (target) do update set mode = excluded.mode`,
    );
  }

  async mode(target: string): Promise<FaultMode> {
    const [row] = await rows<{ mode: FaultMode }>(
      this.db,
      sql`select mode from sandbox_faults where target = ${target}`,
    );
    return row?.mode ?? 'ok';
  }

  /**
   * Wraps one outside call: `fail` refuses before any work, `timeout` never answers (until the
   * caller gives up), `lost` does the work and then loses the answer.
   */
  async apply<T>(target: string, deadline: CallDeadline, work: () => Promise<T>): Promise<T> {
    const mode = await this.mode(target);
    if (mode === 'fail') throw new ProviderRefusal(`${target} refused (sandbox fault)`);
    if (mode === 'timeout') return deadline.expired();
    const result = await work();
    if (mode === 'lost') throw new Error(`${target} answer lost (sandbox fault)`);
    return result;
  }
}
