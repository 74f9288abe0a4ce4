import { useMutation } from '@tanstack/react-query';
import { type ReconciliationReport, ReconciliationReportSchema } from '@wallet/contract/reports';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/reports/reconciliation` (`reports.reconcile`): runs the day's checks now
 * and answers the report. It moves no money, so no fresh code is asked for.
 */
export function runReconciliation(): Promise<ReconciliationReport> {
  return staffRequest('/api/backoffice/reports/reconciliation', ReconciliationReportSchema, {
    method: 'POST',
  });
}

export function useRunReconciliation() {
  return useMutation({
    mutationFn: runReconciliation,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.reconciliation() }),
  });
}
