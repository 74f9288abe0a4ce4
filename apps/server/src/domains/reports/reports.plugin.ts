import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Reconciliation } from './reconciliation';
import { reportRoutes } from './reports.route';

const HOUR_MS = 3_600_000;

/**
 * The operator's reports and the daily reconciliation (docs/backoffice.md, "Reports"). The
 * reconciliation closes yesterday in the first hourly run after midnight (Asia/Bangkok), on one
 * process; it runs with the other reconcilers (off when RECONCILE_INTERVAL_MS is 0).
 */
export const reportsDomain = fp(
  async (app: FastifyInstance) => {
    const reconciliation = new Reconciliation({
      db: app.db,
      providerBalance: (memberId, code) => app.games.providerBalance(memberId, code),
    });
    await app.register(reportRoutes, { prefix: '/api/backoffice/reports', reconciliation });
    if (app.config.reconcileIntervalMs > 0) {
      await app.jobs.every('reports.reconcile', HOUR_MS, async () => {
        const closed = await reconciliation.closeYesterday();
        if (closed && closed.problems.length > 0) {
          app.log.warn(
            { day: closed.day, problems: closed.problems.length },
            'the reconciliation found problems',
          );
        }
      });
    }
  },
  { name: 'reports', dependencies: ['staff-auth', 'games'] },
);
