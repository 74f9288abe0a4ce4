import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Adjustments } from './adjustments';
import {
  adjustmentRoutes,
  dashboardRoutes,
  keptTransferRoutes,
  slipDeskRoutes,
} from './desk.route';

/** The back office's money desk (docs/backoffice.md): adjustments, maker-checker. */
export const deskDomain = fp(
  async (app: FastifyInstance) => {
    const adjustments = new Adjustments({
      db: app.db,
      ledger: app.ledger,
      deposits: app.deposits,
      slips: app.slips,
      audit: app.audit,
      staff: app.staffService,
      now: () => new Date(),
    });
    await app.register(adjustmentRoutes, { prefix: '/api/backoffice/adjustments', adjustments });
    await app.register(keptTransferRoutes, {
      prefix: '/api/backoffice/bank-transfers',
      adjustments,
    });
    await app.register(slipDeskRoutes, { prefix: '/api/backoffice/slips', adjustments });
    await app.register(dashboardRoutes, { prefix: '/api/backoffice/dashboard' });
  },
  { name: 'desk', dependencies: ['staff-auth', 'deposit', 'slip'] },
);
