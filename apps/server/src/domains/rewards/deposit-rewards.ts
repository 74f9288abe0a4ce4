import type { Db } from '../../db/client';
import type { Log } from '../../lib/log';
import { type Deposit, grantDepositCoins, listUnrewardedDeposits } from './rewards.repository';

export type { Deposit };

/**
 * What a deposit earns (docs/promotions.md): the prize wheel's coins now. Every deposit path
 * calls `earned` after its credit; the `deposits.rewards` job (`sweep`) grants what a process
 * that died in between left out. Each reward is once per deposit, whoever grants it.
 */
export class DepositRewards {
  constructor(
    private readonly deps: {
      db: Db;
      /** The bonus the deposit pays, if one waits for it (BonusService.onDeposit). */
      bonus: (deposit: Deposit) => Promise<void>;
      log: Pick<Log, 'error' | 'info'>;
    },
  ) {}

  /**
   * Grants the deposit's rewards. The bonus goes first: the coins' row marks the deposit as
   * rewarded, so a process that dies in between leaves it to the sweep, which pays a bonus still
   * waiting once. Never throws: the deposit stands, the sweep tries again.
   */
  async earned(deposit: Deposit): Promise<void> {
    try {
      await this.deps.bonus(deposit);
      await grantDepositCoins(this.deps.db, deposit);
    } catch (error) {
      this.deps.log.error({ err: error, deposit }, 'deposit reward not granted yet');
    }
  }

  /** Grants the rewards of deposits left without them for longer than `graceMs`. */
  async sweep(graceMs: number): Promise<{ rewarded: number }> {
    const missed = await listUnrewardedDeposits(this.deps.db, graceMs);
    for (const deposit of missed) {
      await this.deps.bonus(deposit);
      await grantDepositCoins(this.deps.db, deposit);
    }
    if (missed.length > 0)
      this.deps.log.info({ rewarded: missed.length }, 'deposit rewards granted late');
    return { rewarded: missed.length };
  }
}
