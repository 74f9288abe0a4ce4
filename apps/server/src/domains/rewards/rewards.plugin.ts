import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { DepositRewards } from './deposit-rewards';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a deposit earns (a waiting bonus, the wheel's coins), once per deposit. */
    rewards: DepositRewards;
  }
}

/** Rewards of deposits, granted by every deposit path; no routes of its own. */
export const rewardsDomain = fp(
  async (app: FastifyInstance) => {
    const rewards = new DepositRewards({
      db: app.db,
      bonus: (deposit) => app.bonuses.onDeposit(deposit),
      log: app.log,
    });
    app.decorate('rewards', rewards);
    // Deposits whose rewards a dead process left out.
    await everyReconcileInterval(app, 'deposits.rewards', async () => {
      await rewards.sweep(app.config.reconcileGraceMs);
    });
  },
  { name: 'rewards', dependencies: ['bonus'] },
);
