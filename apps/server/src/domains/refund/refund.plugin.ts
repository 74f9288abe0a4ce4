import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refundRoutes } from './refund.route';
import { RefundService } from './refund.service';

declare module 'fastify' {
  interface FastifyInstance {
    refunds: RefundService;
  }
}

export const refundDomain = fp(
  async (app: FastifyInstance) => {
    const refunds = new RefundService({
      db: app.db,
      ledger: app.ledger,
      idempotency: app.idempotency,
      member: (memberId) => app.games.member(memberId),
      bonusRunning: app.bonusRunning,
      now: () => new Date(),
      log: app.log,
    });
    app.decorate('refunds', refunds);
    await app.register(refundRoutes, { prefix: '/api/refund', refunds });
  },
  { name: 'refund', dependencies: ['bonus'] },
);
