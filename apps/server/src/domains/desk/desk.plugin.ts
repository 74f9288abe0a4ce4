import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Adjustments } from './adjustments';
import {
  adjustmentRoutes,
  dashboardRoutes,
  keptTransferRoutes,
  memberActivityRoutes,
  slipDeskRoutes,
} from './desk.route';
import { MemberActivity } from './member-activity';

/**
 * The back office's money desk (docs/backoffice.md): adjustments, maker-checker; and the
 * records of a member's money their page reads.
 */
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
    const activity = new MemberActivity({ db: app.db, slips: app.slips });
    await app.register(memberActivityRoutes, { prefix: '/api/backoffice/members', activity });
  },
  { name: 'desk', dependencies: ['staff-auth', 'deposit', 'slip'] },
);
