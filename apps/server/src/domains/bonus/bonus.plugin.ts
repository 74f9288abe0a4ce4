import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { bonusRoutes, promotionRoutes } from './bonus.route';
import { BonusService } from './bonus.service';

declare module 'fastify' {
  interface FastifyInstance {
    bonuses: BonusService;
    /** Whether a paid bonus runs for the member: it holds withdrawals, refunds and coupons. */
    bonusRunning: (memberId: number) => Promise<boolean>;
  }
}

export const bonusDomain = fp(
  async (app: FastifyInstance) => {
    const bonuses = new BonusService({
      db: app.db,
      ledger: app.ledger,
      member: (memberId) => app.games.member(memberId),
      now: () => new Date(),
      log: app.log,
    });
    app.decorate('bonuses', bonuses);
    app.decorate('bonusRunning', (memberId: number) => bonuses.paidBonusRunning(memberId));
    await app.register(bonusRoutes, { prefix: '/api/bonus', bonuses });
    await app.register(promotionRoutes, { prefix: '/api/promotion', bonuses });
    // Payments and ends a dead process left undone; turnover and threshold checks.
    await everyReconcileInterval(app, 'bonuses.sweep', async () => {
      await bonuses.sweep();
    });
  },
  { name: 'bonus', dependencies: ['games'] },
);
