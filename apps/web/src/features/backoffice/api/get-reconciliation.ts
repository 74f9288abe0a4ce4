import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReconciliationListSchema } from '@wallet/contract/reports';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type ReconciliationList = z.output<typeof ReconciliationListSchema>;

/** `GET /api/backoffice/reports/reconciliation`: the latest daily reconciliations, newest first. */
export function getReconciliation(): Promise<ReconciliationList> {
  return staffRequest('/api/backoffice/reports/reconciliation', ReconciliationListSchema);
}

export const reconciliationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backoffice.reconciliation(), queryFn: getReconciliation });

export function useReconciliation() {
  return useQuery(reconciliationQueryOptions());
}
