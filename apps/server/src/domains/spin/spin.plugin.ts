import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { spinRoutes } from './spin.route';
import { SpinService } from './spin.service';

declare module 'fastify' {
  interface FastifyInstance {
    spin: SpinService;
  }
}

/** The prize wheel and its coupons (docs/promotions.md). */
export const spinDomain = fp(
  async (app: FastifyInstance) => {
    const { log } = app;
    const spin = new SpinService({
      db: app.db,
      ledger: app.ledger,
      idempotency: app.idempotency,
      // A bonus-kind coupon waits while a paid bonus runs (BONUS_REMAINING).
      activeBonus: app.bonusRunning,
      log,
    });
    app.decorate('spin', spin);
    await app.register(spinRoutes, { prefix: '/api/spinwheel', spin });
    // Claimed coupons whose process died before their credit.
    await everyReconcileInterval(app, 'spin.sweep', async () => {
      const result = await spin.sweep(app.config.reconcileGraceMs);
      if (result.credited > 0) log.info(result, 'credited claimed coupons');
    });
  },
  { name: 'spin', dependencies: ['bonus'] },
);
