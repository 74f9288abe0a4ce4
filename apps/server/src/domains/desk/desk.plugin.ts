import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Adjustments } from './adjustments';
import { adjustmentRoutes } from './desk.route';

/** The back office's money desk (docs/backoffice.md): adjustments, maker-checker. */
export const deskDomain = fp(
  async (app: FastifyInstance) => {
    const adjustments = new Adjustments({
      db: app.db,
      ledger: app.ledger,
      audit: app.audit,
      staff: app.staffService,
      now: () => new Date(),
    });
    await app.register(adjustmentRoutes, { prefix: '/api/backoffice/adjustments', adjustments });
  },
  { name: 'desk', dependencies: ['staff-auth'] },
);
