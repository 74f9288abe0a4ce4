import {
  ReconciliationListSchema,
  ReconciliationReportSchema,
  ReportQuerySchema,
  ReportResponseSchema,
} from '@wallet/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { Reconciliation } from './reconciliation';
import { report } from './report-figures';

/** `/api/backoffice/reports` (docs/backoffice.md, "Reports"). */
export const reportRoutes: FastifyPluginAsyncZod<{ reconciliation: Reconciliation }> = async (
  app,
  { reconciliation },
) => {
  app.get(
    '/',
    {
      config: { staff: 'reports.read' },
      schema: {
        querystring: ReportQuerySchema,
        response: { 200: ReportResponseSchema, ...errorResponses },
      },
    },
    (request) => report(app.db, request.query),
  );

  app.get(
    '/reconciliation',
    {
      config: { staff: 'reports.read' },
      schema: { response: { 200: ReconciliationListSchema, ...errorResponses } },
    },
    async () => ({ reports: await reconciliation.latest() }),
  );

  app.post(
    '/reconciliation',
    {
      config: { staff: 'reports.reconcile' },
      schema: { response: { 200: ReconciliationReportSchema, ...errorResponses } },
    },
    async (request) => {
      const result = await reconciliation.run(await reconciliation.today());
      await app.audit.append({
        ...changedBy(request),
        action: 'reports.reconcile',
        target: `reconciliation:${result.day}`,
        before: null,
        after: { problems: result.problems.length },
      });
      return result;
    },
  );
};
